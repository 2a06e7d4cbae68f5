import { useTranslation } from 'react-i18next';
import type { DispensingLineFieldsFragment } from '@/gql/graphql';
import { formatDate } from '@/lib/dates';
import './dispensing-i18n';
import './dispensing.css';

/**
 * One prescription line's ledger as its reader needs it: what was dispensed, what is left of what it
 * allows, refills, and until when (or that it has ended). The server decides every figure.
 */
export default function DispensingSummary({ line }: { line: DispensingLineFieldsFragment }) {
  const { t, i18n } = useTranslation('widgets');
  const amount = (count: number) => t(line.measure === 'Pack' ? 'dispensing.packs' : 'dispensing.doses', { count });
  const date = formatDate(line.validUntil, i18n.language);
  const parts = [
    line.dispensed > 0 ? t('dispensing.dispensed', { amount: amount(line.dispensed) }) : null,
    line.remaining > 0 ? t('dispensing.left', { amount: amount(line.remaining), allowed: amount(line.allowed) }) : t('dispensing.usedUp', { allowed: amount(line.allowed) }),
    line.held > 0 ? t('dispensing.held', { amount: amount(line.held) }) : null,
    line.refills > 0 ? t('dispensing.refills', { count: line.refills }) : t('dispensing.noRefills'),
    line.expired ? t('dispensing.expired', { date }) : t('dispensing.validUntil', { date }),
  ].filter(Boolean);
  return (
    <span className={line.expired || line.remaining === 0 ? 'dispensing dispensing-ended' : 'dispensing'} data-testid="dispensing">{parts.join(' · ')}</span>
  );
}
