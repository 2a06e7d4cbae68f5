import { startTransition, useEffect, useState } from 'react';

/**
 * False until the page has loaded and the browser is idle (at most 5 s after load where
 * requestIdleCallback exists, 3 s after it elsewhere), then true: for what no first screen needs (the
 * chat bubble), so that its code, its query and their processing stay out of the first load's main
 * thread. False on the server and in the first render, so hydration matches the server's page.
 * Kept small: it is in the shell, on every route's budget.
 */
export function useIdleAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // A transition: what appears (the chat bubble's tree) renders in slices, not in one long task.
    const done = () => startTransition(() => setReady(true));
    // Not in every browser this app serves (Safari), whatever the DOM types say.
    const rIC = window.requestIdleCallback as Window['requestIdleCallback'] | undefined;
    let handle = 0;
    const idle = () => {
      handle = rIC ? rIC(done, { timeout: 5000 }) : window.setTimeout(done, 3000);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => {
      window.removeEventListener('load', idle);
      if (rIC) window.cancelIdleCallback?.(handle);
      else window.clearTimeout(handle);
    };
  }, []);
  return ready;
}

let hydrated = false;

/**
 * False in the server's render and while React hydrates the page, then true (in a transition, after
 * the first commit); true at once in a component mounted once another has switched (a return to the
 * home page by link; the first visit by link takes one extra render, in a transition). For the prerendered
 * home page's data sections (components/DataSection.tsx): rendered as their placeholders in the
 * HTML and through hydration, they switch to their code in slices afterwards. Left as Suspense
 * boundaries that the server "could not finish", React would render them all at the default priority,
 * which is never sliced: one 20–25 ms task on a fast machine, four times that on a phone (issue #22).
 */
export function useAfterHydration(): boolean {
  const [ready, setReady] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!ready) startTransition(() => setReady(true));
  }, [ready]);
  return ready;
}
