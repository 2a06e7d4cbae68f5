/**
 * Registers the service worker (/sw.js, written by the build from scripts/service-worker.js), once the
 * page has loaded and the browser is idle (components/ConnectionBanner.tsx mounts then): it is never
 * on a first screen's path. It keeps the app's shell and code for offline starts; a patient's records
 * are the app's own copies (lib/offline-copies.ts), never the worker's.
 *
 * After registering, the page tells the worker which of the app's files it has already loaded (they
 * come from the browser's cache, costing no download), and for a signed-in patient to keep the code
 * of the pages that open offline (their records, orders, appointments and family).
 */
export function registerServiceWorker(patient: boolean): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('/sw.js').then(async () => {
    const ready = await navigator.serviceWorker.ready;
    const urls = performance.getEntriesByType('resource').map((e) => e.name)
      .filter((u) => u.startsWith(`${location.origin}/assets/`));
    ready.active?.postMessage({ type: 'keep', urls, patientPages: patient });
  }).catch(() => undefined);
}
