import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApolloServer } from '@apollo/server';
import type { Context } from './context.js';
import type { PersistedDocuments } from './persisted-queries.js';
import { AnswerCache } from './answer-cache.js';

/**
 * The single-page app's index.html, with the chunks a first-load page needs named in its head.
 *
 * The build writes `route-preloads.json` beside index.html (frontend/vite.config.ts,
 * `nirog-route-preloads`): for each light page a visitor opens first (/doctors, a doctor's page,
 * /medicine, /cart), the page's chunk, the data layer and their stylesheets. Without them in the
 * HTML, the browser learns of those files only once the shell's script has downloaded and run; with
 * `<link rel="modulepreload">` it fetches them beside the shell (issue #22: one round trip and the
 * shell's run time less before the page's query can start).
 *
 * The home page comes prerendered (`prerendered/home.<lang>[.splash].html`,
 * frontend/scripts/prerender.mjs): its first screen is in the HTML, in the language of the reader's
 * `nirog.lang` cookie (which the client keeps beside localStorage; English without one), with the
 * spec's splash unless the `nirog.splashSeen` cookie says this browser session has seen it; the
 * client hydrates it.
 *
 * A first-load page opened at its bare address (no query string) comes with its first screen
 * (`read` in route-preloads.json, from frontend/src/config/firstLoads.ts): the server runs that
 * registered public query as a visitor (`firstReadAnswer`), renders the page's first screen from the
 * answer with the web app's own server build (`dist/.ssr/prerender.js`, frontend/src/prerender.tsx's
 * `renderScreen`: the same routes and screens as the browser's), and sends it in #root, in the
 * reader's language, with the Apollo cache that render left at the end of the body. The browser
 * paints the rows before any script has run, and the app hydrates them from that cache without
 * asking again (frontend/src/lib/apollo.ts, main.tsx): issue #22, a catalogue's largest paint waited
 * for its script, its run and then its query. An answer with an error (an unknown doctor), no answer
 * or a failed render sends the page as without it: the client asks, as before.
 *
 * A rendered page is kept for the answer cache's time (ANSWER_CACHE_SECONDS, 5 in production) per
 * path, language and splash, and forgotten with it when the catalogues change (`clearScreens`, from
 * the same CacheNotify as the answer cache): a render costs about 10–20 ms of CPU (React renders the
 * whole page), a kept page nothing. At most MAX_RENDERS pages render at once (renders run one at a
 * time in the server build); a page that would wait behind more goes without its first screen, as
 * before, so a burst of distinct pages slows no page down.
 *
 * Every other route gets index.html as built. The files are read once: a deploy replaces the process
 * along with the build.
 */
export class SpaPages {
  private readonly plain: string;
  private readonly pages: { pattern: RegExp; html: string; params: string[]; read?: FirstRead }[] = [];
  private readonly exclude: Set<string>;
  private readonly home = new Map<string, string>();
  /** The splash's markup by language (the build's prerendered/splash.<lang>.html). */
  private readonly splashes = new Map<string, string>();
  private renderer?: Promise<ScreenRenderer | null>;
  private readonly screens: AnswerCache;
  private rendering = 0;

  constructor(private readonly dist: string, screenTtlMs = 0) {
    this.screens = new AnswerCache(screenTtlMs, 200, 512 * 1024);
    for (const name of LANGS.flatMap((lang) => [lang, `${lang}.splash`])) {
      const file = path.join(dist, 'prerendered', `home.${name}.html`);
      if (existsSync(file)) this.home.set(name, readFileSync(file, 'utf8'));
    }
    for (const lang of LANGS) {
      const file = path.join(dist, 'prerendered', `splash.${lang}.html`);
      if (existsSync(file)) this.splashes.set(lang, readFileSync(file, 'utf8'));
    }
    this.plain = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const file = path.join(dist, 'route-preloads.json');
    const preloads: RoutePreloads = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { routes: [], exclude: [] };
    this.exclude = new Set(preloads.exclude);
    for (const route of preloads.routes) {
      const links = [
        // crossorigin: the page's script adds its stylesheets in CORS mode (Vite's preload helper), and a
        // preload in another credentials mode is not used: the browser fetched the file a second time.
        ...route.css.map((href) => `<link rel="preload" as="style" href="${href}" crossorigin>`),
        ...route.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ].join('');
      this.pages.push({
        pattern: patternOf(route.path), params: paramsOf(route.path), read: route.read,
        html: this.plain.replace('</head>', `${links}</head>`),
      });
    }
  }

  /**
   * The HTML for a path and the request's Cookie header: the prerendered home page in the reader's
   * language (with the splash on a browser session's first visit), a first-load page with its
   * preloads, or index.html. `varies`: the answer depends on the
   * cookie (the response says so in `Vary`). `read`: the page's first read, with the path's
   * parameters in its variables, when the page has one and the address has no query string
   * (`search`, '' or the part from `?`): filters and pages in the URL are the client's to read.
   */
  pageFor(pathname: string, cookies: string | undefined, search = ''): SpaPage {
    if (pathname === '/' && this.home.size) {
      const lang = readerLang(cookies);
      const splash = splashSeen(cookies) ? '' : '.splash';
      return { html: this.home.get(`${lang}${splash}`) ?? this.home.get(lang) ?? this.home.get(`en${splash}`) ?? this.home.get('en') ?? this.plain, varies: true };
    }
    const found = this.firstLoadPage(pathname);
    const splash = this.splashFor(cookies);
    if (!found) return { html: splash(this.plain), varies: this.splashes.size > 0 };
    const { page, match } = found;
    const read = page.read && !search ? readFor(page.read, page.params, match) : undefined;
    if (!read) return { html: splash(page.html), varies: this.splashes.size > 0 };
    // The first screen is rendered in the reader's language, with the splash on a session's first visit.
    return { html: splash(page.html), base: page.html, varies: true, read, screen: { lang: readerLang(cookies), splash: !splashSeen(cookies), location: pathname } };
  }

  /**
   * A page the client renders from nothing gets the splash in its HTML on a session's first visit, in
   * the reader's language, before #root (the build's `prerendered/splash.<lang>.html`, the home page's
   * own markup): it paints with the page and its stylesheet fades it at 2 s, as on the prerendered home
   * page, and the app's Splash adopts it (frontend app/components/Splash.tsx). Drawn by React instead, it
   * came only once the scripts had run (a phone's largest paint on /cart, and 2 s more over the page).
   */
  private splashFor(cookies: string | undefined): (html: string) => string {
    const markup = splashSeen(cookies) ? undefined : this.splashes.get(readerLang(cookies)) ?? this.splashes.get('en');
    return markup ? (html) => html.replace('<div id="root">', () => `${markup}<div id="root">`) : (html) => html;
  }

  /**
   * The page with its first screen rendered from the first read's answer (`firstReadAnswer`) and the
   * Apollo cache of that render before `</body>`, as data (`type="application/json"`, which the browser
   * never runs, so the Content-Security-Policy's `script-src 'self'` stands; every `<` written
   * `\u003c`, so nothing in the answer can end the element). No answer, or no server build of the
   * app: the page as it is.
   */
  async withFirstScreen(page: SpaPage, answerOf: () => Promise<FirstReadAnswer | null>): Promise<string> {
    if (!page.read || !page.screen) return page.html;
    const { lang, splash, location } = page.screen;
    const base = page.base ?? page.html;
    const key = `${location}\n${lang}\n${splash}`;
    const kept = this.screens.lookup(key);
    if (kept) return String(kept.body);
    if (this.rendering >= MAX_RENDERS) return page.html;
    this.rendering++;
    try {
      const since = this.screens.version;
      const answer = await answerOf();
      const renderer = answer && (await this.loadRenderer());
      if (!answer || !renderer) return page.html;
      const screen = await renderer.renderScreen(lang, location, { query: answer.query, variables: page.read.variables, data: answer.data }, { splash });
      const state = JSON.stringify(screen.state).replace(/</g, '\\u003c');
      // The page's own stylesheets apply from the start (not only preloaded, as for a page the client
      // renders): the screen is in the HTML, and without them it would paint unstyled, then move.
      const index = base.replace(/<link rel="preload" as="style" href=/g, '<link rel="stylesheet" href=');
      const html = renderer.intoPage(index, { lang, splash, markup: screen.markup, hints: screen.hints })
        .replace('</body>', () => `<script type="application/json" id="${FIRST_READ_ELEMENT}">${state}</script></body>`);
      this.screens.keep(key, { status: 200, route: location, headers: [], body: html }, Number.POSITIVE_INFINITY, since);
      return html;
    } finally {
      this.rendering--;
    }
  }

  /** Forgets the rendered pages (a catalogue changed). */
  clearScreens(): void {
    this.screens.clear();
  }

  /** The web app's server build, loaded on first use (null when the build has none). */
  private loadRenderer(): Promise<ScreenRenderer | null> {
    const file = path.join(this.dist, '.ssr', 'prerender.js');
    this.renderer ??= existsSync(file) ? import(pathToFileURL(file).href) as Promise<ScreenRenderer> : Promise.resolve(null);
    return this.renderer;
  }

  /** The HTML for a path: with its page's preloads when it is one of the first-load pages. */
  htmlFor(pathname: string): string {
    return this.firstLoadPage(pathname)?.page.html ?? this.plain;
  }

  private firstLoadPage(pathname: string) {
    if (this.exclude.has(pathname)) return undefined;
    for (const page of this.pages) {
      const match = page.pattern.exec(pathname);
      if (match) return { page, match };
    }
    return undefined;
  }
}

/** A registered public query to run for a page: its name, its document's hash and its variables. */
export interface FirstRead {
  operationName: string;
  hash: string;
  variables: Record<string, unknown>;
}

/** The page's read with `:name` values replaced by the path's parameters (decoded, as the router decodes them). */
function readFor(read: FirstRead, params: string[], match: RegExpExecArray): FirstRead | undefined {
  const values = new Map<string, string>();
  for (const [i, name] of params.entries()) {
    try {
      values.set(name, decodeURIComponent(match[i + 1]));
    } catch {
      return undefined; // not a path the client could read either
    }
  }
  const variables = Object.fromEntries(Object.entries(read.variables).map(([key, value]) => [
    key, typeof value === 'string' && value.startsWith(':') && values.has(value.slice(1)) ? values.get(value.slice(1)) : value,
  ]));
  return { ...read, variables };
}

/** A page's first read answered: the registered document's text and a visitor's data. */
export interface FirstReadAnswer {
  query: string;
  data: Record<string, unknown>;
}

/**
 * Runs a page's first read as a visitor (whoever opens the page: a browser sends no token with a
 * page) through the same server as /graphql, and gives its document and data, or null when it is not
 * a registered document or answered with any error.
 */
export async function firstReadAnswer(apollo: ApolloServer<Context>, documents: PersistedDocuments, read: FirstRead, context: Context): Promise<FirstReadAnswer | null> {
  const document = documents.get(read.hash);
  if (!document || document.name !== read.operationName || document.operation !== 'query') return null;
  const response = await apollo.executeOperation({ query: document.text, operationName: read.operationName, variables: read.variables }, { contextValue: context });
  if (response.body.kind !== 'single' || response.body.singleResult.errors?.length || !response.body.singleResult.data) return null;
  return { query: document.text, data: response.body.singleResult.data };
}

/** A page to send: its HTML, whether it depends on the Cookie header, and its first read and screen when it has them. */
export interface SpaPage {
  /** The page as sent when no first screen is rendered into it (with the server's splash on a session's first visit). */
  html: string;
  /** The page a first screen is rendered into (no splash of its own: the render draws it). */
  base?: string;
  varies: boolean;
  read?: FirstRead;
  screen?: { lang: Lang; splash: boolean; location: string };
}

/** What the web app's server build (frontend/src/prerender.tsx) offers the server. */
interface ScreenRenderer {
  renderScreen(lang: Lang, location: string, read: { query: string; variables: Record<string, unknown>; data: Record<string, unknown> }, options: { splash: boolean }): Promise<{ markup: string; hints: string; state: unknown }>;
  intoPage(index: string, screen: { lang: Lang; splash: boolean; markup: string; hints: string }): string;
}

/** Pages rendering at once, at most (see SpaPages). */
const MAX_RENDERS = 4;

/** The element's id, which frontend/src/lib/apollo.ts reads (FIRST_READ_ELEMENT there). */
export const FIRST_READ_ELEMENT = 'nirog-first-read';

const LANGS = ['en', 'bn'] as const;
type Lang = (typeof LANGS)[number];

/** The reader's language from the `nirog.lang` cookie (frontend/src/i18n, setLanguage); English without one. */
export function readerLang(cookies: string | undefined): Lang {
  const value = /(?:^|;\s*)nirog\.lang=(en|bn)(?:;|$)/.exec(cookies ?? '')?.[1];
  return value === 'bn' ? 'bn' : 'en';
}

/** Whether this browser session has seen the splash (the session cookie frontend/src/app/components/Splash.tsx sets). */
function splashSeen(cookies: string | undefined): boolean {
  return /(?:^|;\s*)nirog\.splashSeen=1(?:;|$)/.test(cookies ?? '');
}

interface RoutePreloads {
  routes: { path: string; js: string[]; css: string[]; read?: FirstRead }[];
  exclude: string[];
}

/** A router path (`/doctor/:doctorId`) as a pattern: a parameter is one segment (captured, in order); a trailing slash is allowed. */
function patternOf(routePath: string): RegExp {
  const escaped = routePath.split('/').map((s) => (s.startsWith(':') ? '([^/]+)' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${escaped}/?$`);
}

/** A router path's parameter names, in order. */
function paramsOf(routePath: string): string[] {
  return routePath.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
}
