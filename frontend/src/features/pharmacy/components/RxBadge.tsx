import { useTranslation } from 'react-i18next';
import '../i18n';

/** "Prescription needed" beside a prescription-only medicine (plain element: catalogue cards render by the dozen). */
export default function RxBadge() {
  const { t } = useTranslation('pharmacy');
  return <span className="med-tag rx" title={t('rxHint')} data-testid="rx-badge"><span aria-hidden="true">℞ </span>{t('rxRequired')}</span>;
}
