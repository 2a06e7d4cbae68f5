import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
 * Every other route gets index.html as built. The files are read once: a deploy replaces the process
 * along with the build.
 */
export class SpaPages {
  private readonly plain: string;
  private readonly pages: { pattern: RegExp; html: string }[] = [];
  private readonly exclude: Set<string>;
  private readonly home = new Map<string, string>();

  constructor(dist: string) {
    for (const name of LANGS.flatMap((lang) => [lang, `${lang}.splash`])) {
      const file = path.join(dist, 'prerendered', `home.${name}.html`);
      if (existsSync(file)) this.home.set(name, readFileSync(file, 'utf8'));
    }
    this.plain = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const file = path.join(dist, 'route-preloads.json');
    const preloads: RoutePreloads = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { routes: [], exclude: [] };
    this.exclude = new Set(preloads.exclude);
    for (const route of preloads.routes) {
      const links = [
        ...route.css.map((href) => `<link rel="preload" as="style" href="${href}">`),
        ...route.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ].join('');
      this.pages.push({ pattern: patternOf(route.path), html: this.plain.replace('</head>', `${links}</head>`) });
    }
  }

  /**
   * The HTML for a path and the request's Cookie header: the prerendered home page in the reader's
   * language (with the splash on a browser session's first visit), a first-load page with its
   * preloads, or index.html. `varies`: the answer depends on the
   * cookie (the response says so in `Vary`).
   */
  pageFor(pathname: string, cookies: string | undefined): { html: string; varies: boolean } {
    if (pathname === '/' && this.home.size) {
      const lang = readerLang(cookies);
      const splash = splashSeen(cookies) ? '' : '.splash';
      return { html: this.home.get(`${lang}${splash}`) ?? this.home.get(lang) ?? this.home.get(`en${splash}`) ?? this.home.get('en') ?? this.plain, varies: true };
    }
    return { html: this.htmlFor(pathname), varies: false };
  }

  /** The HTML for a path: with its page's preloads when it is one of the first-load pages. */
  htmlFor(pathname: string): string {
    if (this.exclude.has(pathname)) return this.plain;
    return this.pages.find((p) => p.pattern.test(pathname))?.html ?? this.plain;
  }
}

const LANGS = ['en', 'bn'] as const;

/** The reader's language from the `nirog.lang` cookie (frontend/src/i18n, setLanguage); English without one. */
export function readerLang(cookies: string | undefined): (typeof LANGS)[number] {
  const value = /(?:^|;\s*)nirog\.lang=(en|bn)(?:;|$)/.exec(cookies ?? '')?.[1];
  return value === 'bn' ? 'bn' : 'en';
}

/** Whether this browser session has seen the splash (the session cookie frontend/src/app/components/Splash.tsx sets). */
function splashSeen(cookies: string | undefined): boolean {
  return /(?:^|;\s*)nirog\.splashSeen=1(?:;|$)/.test(cookies ?? '');
}

interface RoutePreloads {
  routes: { path: string; js: string[]; css: string[] }[];
  exclude: string[];
}

/** A router path (`/doctor/:doctorId`) as a pattern: a parameter is one segment; a trailing slash is allowed. */
function patternOf(routePath: string): RegExp {
  const escaped = routePath.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${escaped}/?$`);
}
