import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// The refusals' words load after a page's first screen in the app (lib/errors.ts); tests read them at once.
await (await import('@/lib/errors')).errorWordsReady;

// The browser's stand-ins, for the tests in jsdom (the prerender's test runs in Node, without a window).
const inBrowser = typeof window !== 'undefined';

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
});

// antd reads these in jsdom
if (inBrowser) Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }),
});
if (inBrowser) window.getComputedStyle = ((orig) => (el: Element, pseudo?: string | null) => orig(el, pseudo ?? undefined))(window.getComputedStyle);

// antd's Select, Table and friends observe their size
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver ??= ResizeObserverStub;
