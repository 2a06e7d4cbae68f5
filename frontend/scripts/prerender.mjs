// The home page prerendered (issue #22), after `vite build` and `vite build --ssr src/prerender.tsx`:
// dist/prerendered/home.<lang>[.splash].html is dist/index.html with the home page's first screen in
// #root, in English and in Bangla, with the splash (a browser session's first visit) and without.
// The server sends one of them for `/` (backend/src/common/spa-preloads.ts) and main.tsx hydrates it.
// The server build stays in dist/.ssr: the server renders the catalogues' first screens with it at
// request time (`renderScreen`); express.static serves no dotfile, so it is not a public file.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

// React's production server build: no development messages in the markup.
process.env.NODE_ENV = 'production';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const { render, intoPage } = await import(pathToFileURL(path.join(dist, '.ssr', 'prerender.js')).href);

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const [lang, splash] of [['en', false], ['en', true], ['bn', false], ['bn', true]]) {
  const screen = await render(lang, '/', { splash });
  const html = intoPage(index, { lang, splash, ...screen });
  const name = `home.${lang}${splash ? '.splash' : ''}`;
  writeFileSync(path.join(dist, 'prerendered', `${name}.html`), html);
  console.log(`prerendered / (${name}): ${(Buffer.byteLength(screen.markup) / 1024).toFixed(1)} kB of markup`);
  // The splash alone (dist/prerendered/splash.<lang>.html), as the home page draws it: the server puts it
  // in the HTML of a plain page on a session's first visit, outside #root, and the app's Splash adopts it
  // by its id (app/components/Splash.tsx, STATIC_SPLASH_ID).
  if (splash) {
    const found = /<div class="splash"[^>]*><div><p class="splash-title">[^<]*<\/p><p class="splash-subtitle">[^<]*<\/p><\/div><\/div>/.exec(screen.markup);
    if (!found) throw new Error(`prerender: no splash in the home page's ${lang} markup`);
    writeFileSync(path.join(dist, 'prerendered', `splash.${lang}.html`), found[0].replace('<div class="splash"', '<div id="nirog-splash" class="splash"'));
  }
}
