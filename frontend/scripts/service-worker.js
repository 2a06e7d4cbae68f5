/*
 * Nirog's service worker. The build writes it to dist/sw.js (vite.config.ts, `serviceWorker()`), with
 * this build's version and files in place of the __NIROG_SW_…__ names below. It keeps the app's shell
 * and code, so that the app opens without a connection, and nothing else:
 *
 * - pages (navigations): the network first, as always (the server's page carries its first screen);
 *   without a connection, or after 6 s without an answer, this build's shell (index.html), which
 *   starts the app;
 * - the app's files (/assets, hashed, never changing): from this worker's cache, else the network, kept;
 * - the API, GraphQL, pictures, the payment sandbox: never touched. Public lists keep their HTTP
 *   caching rules; personal answers (`private, no-store`) never enter any cache here. The patient's
 *   saved records are the app's own copies (src/lib/offline-copies.ts), wiped at logout.
 *
 * On install it keeps the shell; the page then tells it which files it already loaded (from the
 * browser's cache, no download) and, for a signed-in patient, to keep the code of the pages that open
 * offline. A new build is a new version: its cache replaces the old one when it activates.
 */
const VERSION = __NIROG_SW_VERSION__;
const SHELL = __NIROG_SW_SHELL__;
const PATIENT_PAGES = __NIROG_SW_PATIENT_PAGES__;
const CACHE = `nirog-app-${VERSION}`;
const PAGE_TIMEOUT_MS = 6000;
/** Paths the app never handles: requests there go to the network untouched. */
const NOT_THE_APP = /^\/(api|graphql|uploads|sandbox|healthz|metrics)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('nirog-app-') && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const url of urls) {
    try {
      if (await cache.match(url)) continue;
      const res = await fetch(url);
      if (res.ok) await cache.put(url, res);
    } catch {
      // Offline meanwhile: kept the next time.
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'keep') return;
  const own = (Array.isArray(data.urls) ? data.urls : []).filter((u) => typeof u === 'string' && new URL(u, self.location.origin).origin === self.location.origin
    && new URL(u, self.location.origin).pathname.startsWith('/assets/'));
  event.waitUntil(keep([...own, ...(data.patientPages ? PATIENT_PAGES : [])]));
});

async function page(request) {
  const shell = await caches.match('/index.html');
  const network = fetch(request);
  if (!shell) return network;
  network.catch(() => undefined); // answered by the shell meanwhile
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve(shell), PAGE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([network, late]);
  } catch {
    return shell;
  } finally {
    clearTimeout(timer);
  }
}

async function file(request, url) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(url.pathname);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && url.pathname.startsWith('/assets/')) await cache.put(url.pathname, res.clone());
  return res;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NOT_THE_APP.test(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname)) event.respondWith(file(request, url));
});
