import { useEffect, useState } from 'react';

/**
 * Runs `work` once the page has loaded and the browser is idle (at most 5 s after load where
 * requestIdleCallback exists, 3 s after it elsewhere). Returns a function that cancels it.
 */
export function whenIdleAfterLoad(work: () => void): () => void {
  let cancelIdle: (() => void) | null = null;
  const idle = () => {
    // Kept now: a cancel after a test has removed its stand-ins still finds them.
    const request = window.requestIdleCallback?.bind(window);
    const cancel = window.cancelIdleCallback?.bind(window);
    if (request && cancel) {
      const handle = request(work, { timeout: 5000 });
      cancelIdle = () => cancel(handle);
    } else {
      const handle = window.setTimeout(work, 3000);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    idle();
    return () => cancelIdle?.();
  }
  window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle?.();
  };
}

/**
 * False until the page has loaded and the browser is idle, then true: for what no first screen needs
 * (the chat bubble), so that its code, its query and their processing stay out of the first load's
 * main thread. False on the server and in the first render, so hydration matches the server's page.
 */
export function useIdleAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setReady(true)), []);
  return ready;
}
