import { useCallback } from 'react';
import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { asciiDigits, readerDigits } from '@/lib/digits';

const parser = (shown: string | undefined) => asciiDigits(shown ?? '').replace(/[^\d.-]/g, '');

/**
 * antd's InputNumber that reads Bangla digits as digits (৫০০ typed on a Bangla keyboard is 500; antd's
 * own parser drops them) and writes the number in the reader's digits. The form gets a number.
 */
export default function NumberInput(props: InputNumberProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const { precision } = props;
  // The same function from render to render: antd re-writes the field (precision and all, even while
  // someone types) whenever its formatter changes.
  const formatter = useCallback<NonNullable<InputNumberProps['formatter']>>((value, { userTyping, input }) => {
    if (userTyping) return readerDigits(input, lang);
    const n = value === undefined || value === '' ? NaN : Number(value);
    if (Number.isNaN(n)) return '';
    return readerDigits(precision === undefined ? String(n) : n.toFixed(precision), lang);
  }, [lang, precision]);
  return <InputNumber {...props} parser={parser} formatter={formatter} />;
}
