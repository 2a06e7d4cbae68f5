/**
 * The short reference of an order or a booking, as mail and SMS write it: its id's first 8
 * characters, upper case. It is a code, not a number: it stays as written on a Bangla screen, also
 * when all 8 characters happen to be digits (about one id in 40).
 */
export const shortRef = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** Where a translated text takes the code: `t('order', { ref: CODE_SLOT })`. */
export const CODE_SLOT = '\uE000';

/**
 * A translated text with a code in it (`Order #{{ref}}`, `অর্ডার #{{ref}}`): the words as the language
 * writes them, the code marked translate="no" so that neither a translation tool nor the Bangla
 * digits rule touches it.
 */
export function TextWithCode({ text, code }: { text: string; code: string }) {
  const [before, after = ''] = text.split(CODE_SLOT);
  return <>{before}<span translate="no">{code}</span>{after}</>;
}
