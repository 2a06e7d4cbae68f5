/**
 * Text the server keeps in both languages (an article's title, summary and body): the Bangla on a
 * Bangla screen when someone has written it, the English otherwise.
 */
export function readerText(en: string, bn: string | null | undefined, lang: string): string {
  return lang.startsWith('bn') && bn ? bn : en;
}
