import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// The refusals' words load after a page's first screen in the app (lib/errors.ts); tests read them at once.
await (await import('@/lib/errors')).errorWordsReady;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// antd reads these in jsdom
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }),
});
window.getComputedStyle = ((orig) => (el: Element, pseudo?: string | null) => orig(el, pseudo ?? undefined))(window.getComputedStyle);

// antd's Select, Table and friends observe their size
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver ??= ResizeObserverStub;
