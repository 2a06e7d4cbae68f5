/** The language a text is written in, for its `lang` attribute: Bangla script or not (the page's own language then). */
export const scriptLang = (text: string | null | undefined): 'bn' | undefined => (text && /[\u0980-\u09ff]/.test(text) ? 'bn' : undefined);
