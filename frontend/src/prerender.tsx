import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { parse, type DocumentNode } from 'graphql';
import i18n, { type Lang } from './i18n';
import { AppRoutes } from './app/AppRoutes';
import { setSplashInPrerender } from './app/components/Splash';
import { ServerClientContext } from './lib/DataProvider';
import { appCache } from './lib/apollo';
import labelFont400 from './app/fonts/nirog-bengali-label-400.woff2?url';
import labelFont700 from './app/fonts/nirog-bengali-label-700.woff2?url';
import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bengali700 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';

/**
 * The home page's first screen as HTML, written into index.html by the build (scripts/prerender.mjs)
 * in English and in Bangla, each with and without the splash. The server sends the reader's language
 * (the `nirog.lang` cookie that setLanguage keeps) and the splash on a browser session's first visit
 * (no `nirog.splashSeen` cookie): backend/src/common/spa-preloads.ts. The browser paints the page
 * before any script has run, and React hydrates the same markup instead of building it again
 * (main.tsx): issue #22, the largest paint of `/` waited for the shell's script. What a visitor's
 * first render cannot know (the session, the cart) renders as a visitor's and follows once
 * hydrated; sections that read data render their placeholders.
 */
export async function render(lang: Lang, location: string, { splash }: { splash: boolean }): Promise<{ markup: string; hints: string }> {
  await i18n.changeLanguage(lang);
  setSplashInPrerender(splash);
  return splitHints(renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  ));
}

/** The resource hints React puts before the markup (images to preload) belong in the head. */
function splitHints(html: string): { markup: string; hints: string } {
  let hints = '';
  const markup = html.replace(/^(?:<link [^>]*\/>)+/, (m) => {
    hints = m;
    return '';
  });
  return { markup, hints };
}

/** A page's first read with its answer: the registered document's text, its variables, the data a visitor got. */
export interface ScreenRead {
  query: string;
  variables: Record<string, unknown>;
  data: Record<string, unknown>;
}

export interface RenderedScreen {
  /** The page's first screen, for #root. */
  markup: string;
  /** The resource hints React puts before the markup (the first rows' photos), for the head. */
  hints: string;
  /** The Apollo cache after the render, which the browser's client starts from (lib/apollo.ts). */
  state: Record<string, unknown>;
}

/** One render at a time: the language and the splash are the module's, as they are the browser's. */
let queue: Promise<unknown> = Promise.resolve();
const RENDER_MS = 2000;

/**
 * A catalogue's first screen (/doctors, /medicine, a doctor's page: config/firstLoads.ts), rendered by
 * the server at request time from its first read (backend/src/common/spa-preloads.ts). The same
 * routes as the browser's, under a static router, with a client of its own whose cache holds the
 * answer: the page's query reads it, so the rows are in the HTML, and the browser's client starts
 * from the same cache and hydrates them (main.tsx) without asking again (issue #22: the largest
 * paint of a catalogue waited for 180 kB of script and its run). Unlike the home page's build-time
 * render, this one waits for the lazy page and the data layer (React's prerender): the screen is
 * whole, not placeholders. What the render cannot know (the session, the cart, the width of the
 * screen) renders as a visitor's on a phone and follows once hydrated.
 */
export function renderScreen(lang: Lang, location: string, read: ScreenRead, { splash }: { splash: boolean }): Promise<RenderedScreen> {
  const next = queue.then(() => renderNow(lang, location, read, splash));
  queue = next.catch(() => undefined);
  return next;
}

async function renderNow(lang: Lang, location: string, read: ScreenRead, splash: boolean): Promise<RenderedScreen> {
  await i18n.changeLanguage(lang);
  setSplashInPrerender(splash);
  const client = new ApolloClient({ ssrMode: true, cache: appCache(), link: ApolloLink.empty() });
  client.writeQuery({ query: documentOf(read.query), variables: read.variables, data: read.data });
  // Two seconds at most: a part that has not arrived by then renders its placeholder here and
  // finishes in the browser (a page is never held up by its render).
  const { prelude } = await prerender(
    <Screen client={client}>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </Screen>,
    // Every finished part inline: React moves a large one out of place, to be put back by an inline
    // script, which the Content-Security-Policy (`script-src 'self'`) does not run.
    { signal: AbortSignal.timeout(RENDER_MS), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { ...splitHints(html), state: client.extract() as Record<string, unknown> };
}

/**
 * Each first read's document parsed once: the same object on every render, so Apollo's transforms of
 * it (kept per document) are made once too. The server passes registered documents only (a handful).
 */
const documents = new Map<string, DocumentNode>();
function documentOf(text: string): DocumentNode {
  let document = documents.get(text);
  if (!document) documents.set(text, (document = parse(text)));
  return document;
}

function Screen({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <StrictMode>
      <ServerClientContext.Provider value={client}>{children}</ServerClientContext.Provider>
    </StrictMode>
  );
}

/**
 * A first screen's text needs its Bengali face from the first paint, but the browser finds a face only
 * when its first style pass meets the characters, and when the face arrives (font-display: swap) it
 * lays the text out again. So each language's faces are named in the head and arrive with the markup:
 * - English: the label face (the ৳ of every price, the switch's বাংলা: app/fonts.css; 1.8 kB a weight).
 *   A /doctors trace: both weights asked for 105 and 144 ms in, after the first layout, then a second
 *   whole layout, commit and paint of 26 ms (×4 in Lighthouse's mobile simulation) and CLS 0.001–0.004.
 * - Bangla: the whole face (44 and 48 kB), which draws every word. Found late, its swap moved the whole
 *   page: CLS 0.25 on /doctors in Bangla, where the system has no Bengali font (Lighthouse, Debian's
 *   Chromium), 0.02–0.14 on /medicine and the home page.
 * A page never gets the other language's faces.
 */
const fontPreloads = (hrefs: string[]) => hrefs.map((href) => `<link rel="preload" as="font" type="font/woff2" href="${href}" crossorigin>`).join('');
const FONT_PRELOADS: Record<Lang, string> = {
  en: fontPreloads([labelFont400, labelFont700]),
  bn: fontPreloads([bengali400, bengali700]),
};

/** The static header index.html carries in #root (one line), which a rendered first screen replaces. */
const STATIC_ROOT = /<div id="root">.*<\/div>$/m;

/**
 * index.html (as built, or with a page's preloads) with a rendered first screen in #root: the home
 * page's at build time (scripts/prerender.mjs), a catalogue's at request time (the server). The page
 * is in the reader's language, marked for main.tsx to hydrate, and its scripts come at low priority:
 * the first screen waits for none of them, so they download after what it shows (the first row's
 * photos, the Bengali face).
 */
export function intoPage(index: string, { lang, splash, markup, hints }: { lang: Lang; splash: boolean; markup: string; hints: string }): string {
  if (!STATIC_ROOT.test(index)) throw new Error('index.html has no one-line #root to replace');
  const html = index
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<script type="module" crossorigin src=/g, '<script type="module" crossorigin fetchpriority="low" src=')
    .replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=')
    .replace('</head>', () => `${FONT_PRELOADS[lang]}${hints}</head>`)
    .replace(STATIC_ROOT, () => `<div id="root" data-prerendered="${lang}"${splash ? ' data-splash="shown"' : ''}>${markup}</div>`);
  if (!html.includes('fetchpriority="low" src=')) throw new Error('index.html: the module script is not where the prerender expects it');
  return html;
}
