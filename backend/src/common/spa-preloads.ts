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
 * shell's run time less before the page's query can start). Every other route gets index.html as
 * built. Both files are read once: a deploy replaces the process along with the build.
 */
export class SpaPages {
  private readonly plain: string;
  private readonly pages: { pattern: RegExp; html: string }[] = [];
  private readonly exclude: Set<string>;

  constructor(dist: string) {
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

  /** The HTML for a path: with its page's preloads when it is one of the first-load pages. */
  htmlFor(pathname: string): string {
    if (this.exclude.has(pathname)) return this.plain;
    return this.pages.find((p) => p.pattern.test(pathname))?.html ?? this.plain;
  }
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
