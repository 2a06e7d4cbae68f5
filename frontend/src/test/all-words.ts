import i18n from '@/i18n';
import { errorWordsReady } from '@/lib/errors';

/**
 * Every namespace of words, registered: the server's error reasons (fetched, see lib/errors.ts) and
 * each feature's, which registers itself when its i18n.ts (or any other *i18n.ts) is imported. For
 * the tests that read all the words (dictionaries.test.ts, label-font.test.ts).
 */
await errorWordsReady;
import.meta.glob('../features/**/*i18n.ts', { eager: true });
import.meta.glob('../components/*i18n.ts', { eager: true });
import.meta.glob('../app/components/*i18n.ts', { eager: true });

export default i18n;
