import { defineConfig, type Plugin } from 'vitest/config';
import type { OutputBundle } from 'rolldown';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { readSchema } from './src/features/developers/components/schemaModel.ts';
import { DATA_LAYER, FIRST_LOAD_PAGES } from './src/config/firstLoads.ts';
import { paths } from './src/config/paths.ts';
import { PUBLIC_READS } from './src/lib/publicReads.ts';

const api = process.env.NIROG_API ?? 'http://localhost:4000';

/** The browser's build (not the prerender's server build, `vite build --ssr src/prerender.tsx`). */
const clientBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) => env.command === 'build' && !env.isSsrBuild;

/**
 * The shell's stylesheet (a few kB) goes inside index.html: the first paint on a slow network then
 * waits for one download (the page) instead of two. The file stays in dist/assets for the bundle
 * budget; lazy pages' stylesheets still load with their chunks.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'nirog-inline-entry-css',
    apply: clientBuild,
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          return asset && asset.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * The build's chunks by file name, a chunk with every chunk it imports statically (skipping those
 * already in `seen`), and the entries index.html names (the shell and the early taps' script).
 */
function chunkGraph(bundle: OutputBundle) {
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  const closure = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    chunks.get(file)!.imports.forEach((i) => closure(i, seen));
  };
  // A chunk of stylesheets alone (a page's own .css split apart) has a script file here that Vite's CSS
  // plugin drops from the output: its stylesheets are named, the file itself never (it would be a 404).
  const script = (file: string) => !chunks.get(file)!.moduleIds.every((id) => /\.css($|\?)/.test(id));
  return { chunks, closure, script, entries: [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName) };
}

/**
 * The script that holds taps the app cannot answer yet (src/app/earlyTaps.ts), as a chunk of its own
 * named first in the head, `async`: it has no imports, so it runs as soon as its 1 kB arrives, before
 * the prerendered markup can be tapped, instead of after the shell's whole graph (a module script
 * waits for every import). A file of the build, not an inline script: the CSP keeps `script-src 'self'`.
 */
function earlyTaps(): Plugin {
  const entry = 'src/app/early-taps-entry.ts';
  const tag = (src: string) => ({ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' as const });
  let build = false;
  return {
    name: 'nirog-early-taps',
    configResolved(config) {
      build = config.command === 'build' && !config.build.ssr;
    },
    buildStart() {
      if (build) this.emitFile({ type: 'chunk', id: entry, name: 'early-taps' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ctx.server) return [tag(`/${entry}`)];
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'early-taps');
        if (!chunk) throw new Error(`nirog-early-taps: no chunk for ${entry}`);
        return [tag(`/${chunk.fileName}`)];
      },
    },
  };
}

/**
 * `route-preloads.json` beside index.html: for each light page a visitor opens first
 * (config/firstLoads.ts), the chunks and stylesheets its first screen needs besides the shell's (the
 * page's chunk, the data layer and their static imports). The server names them in that page's HTML
 * (`<link rel="modulepreload">`), so they download beside the shell instead of after it has run.
 * `exclude`: static routes that a parameter route would also match (/doctor/login for /doctor/:doctorId).
 * `read`: the page's first read (config/firstLoads.ts) with its document's registered hash, which the
 * server runs and puts in the page's HTML.
 * The build fails if a listed page is not a lazy page of the router, or its read is not a registered
 * public read.
 */
function routePreloads(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'nirog-route-preloads',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const { chunks, closure, script, entries } = chunkGraph(bundle);
      const pageChunk = (file: string) => {
        const found = [...chunks.values()].find((c) => c.facadeModuleId === `${root}${file}` && c.isDynamicEntry);
        if (!found) this.error(`config/firstLoads.ts lists ${file}, which is not a lazy page of the router`);
        return found.fileName;
      };
      const shell = new Set<string>();
      // Every entry is named in index.html: the shell and the early taps' script.
      entries.forEach((e) => closure(e, shell));
      const documents = Object.entries(JSON.parse(readFileSync(`${root}src/gql/persisted-documents.json`, 'utf8')) as Record<string, string>);
      const hashOf = (operation: string) => {
        const found = documents.filter(([, text]) => new RegExp(`(?:^|[\\s}])query ${operation}\\b`).test(text));
        if (found.length !== 1 || !PUBLIC_READS.includes(operation)) this.error(`config/firstLoads.ts reads ${operation}, which is not one registered public read (lib/publicReads.ts)`);
        return found[0][0].replace(/^sha256:/, '');
      };
      const routes = FIRST_LOAD_PAGES.map(({ route, page, read }) => {
        const seen = new Set(shell);
        closure(pageChunk(page), seen);
        closure(pageChunk(DATA_LAYER), seen);
        const js = [...seen].filter((f) => !shell.has(f));
        const css = [...new Set(js.flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])]))];
        return {
          path: paths[route], js: js.filter(script).map((f) => `/${f}`), css: css.map((f) => `/${f}`),
          ...(read ? { read: { operationName: read.operation, hash: hashOf(read.operation), variables: read.variables } } : {}),
        };
      });
      const exclude = Object.values(paths).filter((p) => !p.includes(':') && routes.some((r) => r.path.includes(':') && new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`).test(p)));
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify({ routes, exclude }, null, 2)}\n` });
    },
  };
}

/**
 * `sw.js`, the service worker (scripts/service-worker.js), with this build's files: the shell (the
 * entries with their static imports and stylesheets, index.html, the manifests and icons), and the code of
 * the pages a patient opens offline (their records; the worker keeps them when a patient is signed
 * in, src/lib/serviceWorker.ts). Its version is a hash of those names, so every build that changes
 * them is a new worker that replaces the old one's cache. The build fails if a page listed is not a
 * chunk of its own.
 */
const OFFLINE_PAGES = [
  'src/app/layouts/DashboardLayout.tsx', 'src/app/AntdProvider.tsx', 'src/lib/DataProvider.tsx', 'src/i18n/errors.ts',
  'src/components/ConnectionBanner.tsx', 'src/features/consultations/pages/MyPrescriptionPage.tsx', 'src/features/consultations/pages/MyBookingPage.tsx',
  'src/features/pharmacy/pages/MyOrdersPage.tsx', 'src/features/profile/pages/FamilyPage.tsx',
];
const SHELL_FILES = ['/index.html', '/manifest.webmanifest', '/manifest.bn.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

function serviceWorker(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'nirog-service-worker',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const { chunks, closure, script, entries } = chunkGraph(bundle);
      const withCss = (files: Set<string>) => [...[...files].filter(script), ...[...files].flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])])].map((f) => `/${f}`);
      const shell = new Set<string>();
      entries.forEach((e) => closure(e, shell));
      const pages = new Set<string>();
      for (const module of OFFLINE_PAGES) {
        const found = [...chunks.values()].find((c) => c.facadeModuleId === `${root}${module}`);
        if (!found) this.error(`the service worker keeps ${module} for offline use, but it is not a chunk of its own`);
        closure(found.fileName, pages);
      }
      shell.forEach((f) => pages.delete(f));
      const shellFiles = [...SHELL_FILES, ...withCss(shell)];
      const pageFiles = [...new Set(withCss(pages))].filter((f) => !shellFiles.includes(f));
      const version = createHash('sha256').update(JSON.stringify([shellFiles, pageFiles])).digest('hex').slice(0, 16);
      const source = readFileSync(`${root}scripts/service-worker.js`, 'utf8')
        .replace('__NIROG_SW_VERSION__', JSON.stringify(version))
        .replace('__NIROG_SW_SHELL__', JSON.stringify(shellFiles))
        .replace('__NIROG_SW_PATIENT_PAGES__', JSON.stringify(pageFiles));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * Every text file of dist/assets also as `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level
 * 9), written once by the build; the server sends them as they are (backend/src/common/precompressed.ts).
 * Compressed at each request instead (the `compression` middleware: Brotli at quality 4), a first load's
 * 30 files cost the server about 15 ms of CPU and came out 14% larger (188 kB against 162 kB for
 * /medicine's first load), while a phone's browser waited for the first of them. Files that are
 * compressed already (fonts, pictures) and files under 1 kB are left as they are.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'nirog-precompress',
    apply: clientBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && /\.(js|mjs|css|svg|json|txt)$/.test(f));
      await Promise.all(files.map(async (file) => {
        const source = await readFile(path.join(outDir, file));
        if (source.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gzipped(source, { level: 9 }),
        ]);
        await Promise.all([writeFile(path.join(outDir, `${file}.br`), br), writeFile(path.join(outDir, `${file}.gz`), gz)]);
      }));
    },
  };
}

/**
 * `virtual:schema-reference`: the /developers reference, read from schema.graphql when the app is
 * built (types, fields, arguments, descriptions, deprecations as plain data), so the page ships the
 * reference and no GraphQL parser.
 */
function schemaReference(): Plugin {
  const id = 'virtual:schema-reference';
  const file = fileURLToPath(new URL('../schema.graphql', import.meta.url));
  return {
    name: 'nirog-schema-reference',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(resolved) {
      if (resolved !== `\0${id}`) return undefined;
      this.addWatchFile(file);
      return `export default ${JSON.stringify(readSchema(readFileSync(file, 'utf8')))};`;
    },
  };
}

/**
 * React Router's package maps every import to its development build (warnings included); builds take
 * the production one it ships beside it.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

/**
 * Two chunks the bundler would otherwise cut into many small ones (issue #49), so that a catalogue's
 * first load asks for 10–11 files of script, not 26, with no more bytes (2–3 kB less gzip: one file
 * compresses better than ten). On a phone's link every file is a request and a response in turn over six
 * connections (150 ms each on the cheap-phone profile, and in Lighthouse's simulation); the bundler's
 * default cuts a chunk for each set of the app's 80 lazy parts that share a module, so a module that
 * the catalogues and three admin pages share is a file of its own, however small.
 *
 * - `data`: the data layer: Apollo Client with what it uses (rxjs, tslib, @wry, optimism, the upload
 *   link, the parts of graphql-js it prints and visits with) and our client (lib/apollo.ts). Every page
 *   with data loads all of it anyway (DataProvider); it was 10 files. Two of Apollo's modules stay out:
 *   the refusals' class (`CombinedGraphQLErrors` and its utilities), which the sign-in doors and the
 *   chat bubble use without the data layer (lib/errors.ts, lib/registeredOperation.ts).
 *   DataProvider stays a chunk of its own: the lazy door to the data layer (main.tsx imports it).
 * - `first-screens`: our own modules that at least two of the light first-load pages
 *   (config/firstLoads.ts) share and that the shell does not: the pictures, stars, pager, dialog,
 *   specialities and the catalogues' words. Each of those pages loads all of them (at most 2 kB gzip
 *   it does not use) in one file; the other pages that use one of them load that file too (15 kB,
 *   6 gzip). Out of it: lib/errors.ts (the sign-in doors and the chat bubble need it without the data
 *   layer, which the group's modules import), and a document imported through the generated barrel
 *   (gql/graphql.ts re-exports them all), where the graph cannot say which pages use it: a shared
 *   module imports its document from its own file (lib/specialities.ts).
 *
 * Cost: the test `scripts/bundle-budget.mjs` keeps every first load (the sign-in door's too) within
 * its budget; `e2e/first-screens.spec.ts` checks that each preload is used and nothing is fetched
 * twice. Tried and not kept (docs/performance.md): one group for all of Apollo with what graphql-js
 * the developers' explorer uses; rolldown's `entriesAware` over all of src/ (it pulled antd into the
 * catalogues).
 */
function firstLoadChunks() {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const firstLoadPages = new Set(FIRST_LOAD_PAGES.map((p) => `${root}${p.page}`));
  const dataLayer = /node_modules[\\/](@apollo[\\/]client|rxjs|@wry|optimism|tslib|is-plain-obj|extract-files|apollo-upload-client)[\\/]|node_modules[\\/]graphql[\\/](language[\\/](ast|kinds|characterClasses|blockString|printString|printer|visitor|reducer)|jsutils[\\/](devAssert|inspect))\.mjs$|src[\\/]lib[\\/](apollo|publicReads)\.ts$/;
  const refusals = /@apollo[\\/]client[\\/]errors[\\/](utils|CombinedGraphQLErrors)\.js$/;
  const apart = /src[\\/]lib[\\/]errors\.ts$/;
  const barrel = /src[\\/]gql[\\/](graphql|index)\.ts$/;
  type Graph = { getModuleInfo: (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[]; isEntry: boolean } | null };
  /** How many first-load pages import `id` (through a chain of static imports); -1: the shell does. */
  const sharedBy = (id: string, graph: Graph) => {
    const seen = new Set<string>();
    let pages = 0;
    let shell = false;
    const up = (module: string) => {
      if (seen.has(module)) return;
      seen.add(module);
      const info = graph.getModuleInfo(module);
      if (!info) return;
      if (info.isEntry) shell = true;
      if (firstLoadPages.has(module)) pages++;
      // Not up through the generated barrel: it re-exports every document, and the build keeps what
      // each importer uses, so its importers say nothing of who needs a document.
      if (!barrel.test(module)) info.importers.forEach(up);
    };
    up(id);
    return shell ? -1 : pages;
  };
  return {
    // Only what a group names; its dependencies stay where the bundler puts them (React stays in the shell).
    includeDependenciesRecursively: false,
    groups: [
      { name: 'data', test: (id: string) => dataLayer.test(id) && !refusals.test(id) },
      {
        name: (id: string, graph: Graph) => {
          if (!id.startsWith(`${root}src${path.sep}`) || apart.test(id)) return null;
          const info = graph.getModuleInfo(id);
          // A page, or anything else loaded lazily, stays the chunk it is named by.
          if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
          return sharedBy(id, graph) >= 2 ? 'first-screens' : null;
        },
      },
    ],
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), inlineEntryCss(), earlyTaps(), schemaReference(), routePreloads(), serviceWorker(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(command === 'build' ? reactRouterProduction : [])],
  },
  server: {
    port: 5173,
    proxy: { '/graphql': api, '/api': api, '/uploads': api, '/sandbox': api, '/healthz': api },
  },
  // The server build (src/prerender.tsx) is self-contained: the server renders the catalogues' first
  // screen at request time (backend/src/common/spa-preloads.ts), and the API's image installs the
  // backend's dependencies only, not React's. It takes React's production server build whatever
  // NODE_ENV the server runs with: the markup is the same, the render several times cheaper. (For the
  // server build only: vitest runs through Vite's server-side loader, where inlining every package
  // would give it copies of antd's dayjs and the like.)
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    target: 'es2022',
    sourcemap: false,
    // scripts/bundle-budget.mjs reads the chunk graph from .vite/manifest.json.
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Fonts stay files, however small: the English pages' label face (app/fonts.css) would add 3.8 kB
    // gzip of base64 to every page's HTML, a Bangla reader's too, who never uses it; as files they are
    // fetched only by a page that draws their characters.
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    // No modulepreload polyfill in the shell (0.3 kB gzip on every first load): every browser the app
    // targets (es2022) but Safari 16 supports <link rel="modulepreload">, and there it only means no
    // early fetch, not a failure.
    modulePreload: {
      polyfill: false,
      // The connection banner is loaded once the page is idle: no list of its files in the shell, which
      // every first load carries (the budget); what it imports follows it.
      resolveDependencies: (filename, deps) => (/\/ConnectionBanner-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    // The server build (dist/.ssr) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    // Fewer, not later, files on a first load: see firstLoadChunks.
    rolldownOptions: isSsrBuild ? undefined : { output: { codeSplitting: firstLoadChunks() } },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    // A limit, not a speed check: tests that type into many antd fields took over 5 s (the default)
    // when this 2-core machine ran other suites beside them.
    testTimeout: 20_000,
  },
}));
