// The home page prerendered (issue #22), after `vite build` and `vite build --ssr src/prerender.tsx`:
// dist/prerendered/home.<lang>[.splash].html is dist/index.html with the home page's first screen in
// #root, in English and in Bangla, with the splash (a browser session's first visit) and without.
// The server sends one of them for `/` (backend/src/common/spa-preloads.ts) and main.tsx hydrates it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

// React's production server build: no development messages in the markup.
process.env.NODE_ENV = 'production';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');
const ssr = path.join(here, '..', '.prerender');
const { render } = await import(pathToFileURL(path.join(ssr, 'prerender.js')).href);

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
// The static header index.html carries in #root (one line), replaced by the whole first screen.
const staticRoot = /<div id="root">.*<\/div>$/m;
if (!staticRoot.test(index)) throw new Error('dist/index.html has no one-line #root to replace');

mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const [lang, splash] of [['en', false], ['en', true], ['bn', false], ['bn', true]]) {
  let body = await render(lang, '/', { splash });
  // The resource hints React puts first (the brand's image) belong in the head.
  let hints = '';
  body = body.replace(/^(?:<link [^>]*\/>)+/, (m) => {
    hints = m;
    return '';
  });
  const html = index
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    // The first screen is in the HTML: the shell's script and its imports wait for nothing on it, so
    // they come at low priority, after what the screen shows (the brand's image, the Bengali face).
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=')
    .replace('</head>', `${hints}</head>`)
    .replace(staticRoot, () => `<div id="root" data-prerendered="${lang}"${splash ? ' data-splash="shown"' : ''}>${body}</div>`);
  if (!html.includes('fetchpriority="low" src=')) throw new Error('dist/index.html: the module script is not where the prerender expects it');
  const name = `home.${lang}${splash ? '.splash' : ''}`;
  writeFileSync(path.join(dist, 'prerendered', `${name}.html`), html);
  console.log(`prerendered / (${name}): ${(Buffer.byteLength(body) / 1024).toFixed(1)} kB of markup`);
}
rmSync(ssr, { recursive: true, force: true });
