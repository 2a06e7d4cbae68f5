/**
 * Taps that land before the app can answer them. The home page and the catalogues' first screens come
 * in the HTML (prerender.tsx), so their buttons show a second or two before React has adopted them on
 * a cheap phone, and a lazy page's buttons stay inert until its chunk has loaded and hydrated. A tap
 * there did nothing and said nothing (React adopts the markup without replaying a click it never saw).
 *
 * This module runs before the app, on its own (a script of its own, `async`, with no imports; the
 * build names it in the page's head: vite.config.ts `earlyTaps`). A tap on a control inside the app's
 * root that React has not adopted yet is held: the control says it is busy (`aria-busy`, and
 * `data-tap-waiting`, which global.css draws), and the tap is given to it, once, as soon as React has
 * adopted it. Links are left alone: without the app they still navigate. A control that never gets
 * adopted, or leaves the page, drops its tap after HOLD_MS.
 *
 * "Adopted" is read from the property React puts on every element it renders or hydrates (its props,
 * `__reactProps$…`): React has no public way to ask, and the browser journeys read the same mark
 * (e2e/fixtures.ts `expectHydrated`).
 */

// A native checkbox or radio (the catalogue's filters) would change under a hydrating page that does not know it.
const CONTROLS = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], input:is([type="submit"], [type="button"], [type="checkbox"], [type="radio"])';
const HOLD_MS = 15_000;
const CHECK_MS = 50;

interface Held {
  control: HTMLElement;
  since: number;
}

/** Whether React has adopted the element (rendered or hydrated it). */
export function adoptedByReact(el: Element): boolean {
  for (const key in el) if (key.startsWith('__reactProps$')) return true;
  return false;
}

/**
 * Holds taps on controls under `rootId` that React has not adopted, and gives each to its control once
 * adopted. Answers a function that stops it (tests).
 */
export function keepEarlyTaps(win: Window = window, rootId = 'root'): () => void {
  const doc = win.document;
  const held: Held[] = [];
  let replaying = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const release = (h: Held) => {
    h.control.removeAttribute('aria-busy');
    h.control.removeAttribute('data-tap-waiting');
  };

  const check = () => {
    const now = Date.now();
    for (const h of [...held]) {
      const gone = !h.control.isConnected || now - h.since > HOLD_MS;
      if (!gone && !adoptedByReact(h.control)) continue;
      held.splice(held.indexOf(h), 1);
      release(h);
      if (gone) continue;
      replaying = true;
      try {
        h.control.click();
      } finally {
        replaying = false;
      }
    }
    if (!held.length && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const onClick = (event: Event) => {
    if (replaying) return;
    const target = event.target as Element | null;
    if (typeof target?.closest !== 'function') return;
    const control = target.closest<HTMLElement>(CONTROLS);
    const root = doc.getElementById(rootId);
    if (!control || !root?.contains(control) || adoptedByReact(control)) return;
    if (control.matches(':disabled, [aria-disabled="true"]')) return;
    // Neither the browser (a submit button would send its form as a plain GET) nor the markup acts on it.
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on a control that is still waiting is the same wish, not a second one.
    if (held.some((h) => h.control === control)) return;
    held.push({ control, since: Date.now() });
    control.setAttribute('aria-busy', 'true');
    control.setAttribute('data-tap-waiting', '');
    timer ??= setInterval(check, CHECK_MS);
  };

  // On the window, capturing: before React's listeners on the root and before the control's own.
  win.addEventListener('click', onClick, true);
  return () => {
    win.removeEventListener('click', onClick, true);
    if (timer !== undefined) clearInterval(timer);
    held.splice(0).forEach(release);
  };
}
