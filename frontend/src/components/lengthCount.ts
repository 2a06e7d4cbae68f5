import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/money';

/**
 * antd's count under a text field (its `count` prop): how much is written of how much the field
 * takes, in the reader's digits ("১২ / ২,০০০"). A field's cap (maxLength) stopped a long text without
 * a word (a pasted problem, review or address cut short); with the count in view, the cap is said.
 */
export function useLengthCount(max: number) {
  const { i18n } = useTranslation();
  return { max, show: ({ count }: { count: number }) => `${formatCount(count, i18n.language)} / ${formatCount(max, i18n.language)}` };
}
