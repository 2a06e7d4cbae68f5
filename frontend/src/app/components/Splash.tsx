import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const SEEN = 'nirog.splashSeen';

/**
 * Whether the prerendered home page holds the splash (src/prerender.tsx renders both; the server picks
 * by the `nirog.splashSeen` cookie this component sets, backend/src/common/spa-preloads.ts). Set by the
 * prerender on the server and by main.tsx, from #root's data-splash, before hydrating: hydration then
 * starts from the markup on screen.
 */
let inPrerender = false;
export function setSplashInPrerender(shown: boolean): void {
  inPrerender = shown;
}

// Whether this browser session had not seen the splash when the app started (neither this tab's
// sessionStorage nor the session cookie the server reads says so): read once, so that marking it seen
// does not end the splash being shown.
let unseenAtStart: boolean | undefined;
function unseen(): boolean {
  if (unseenAtStart === undefined) {
    try {
      unseenAtStart = !sessionStorage.getItem(SEEN) && !document.cookie.split('; ').includes(`${SEEN}=1`);
    } catch {
      unseenAtStart = false;
    }
  }
  return unseenAtStart;
}
/**
 * The splash the server put in a plain page's HTML (outside #root: a page the client renders from
 * nothing, /cart or a sign-in screen, on a session's first visit; backend spa-preloads.ts): painted
 * with the page's first paint and faded by its stylesheet at 2 s, as the prerendered home page's is.
 * This component then draws none of its own (one drawn by React would start its 2 s again when the
 * app arrives, and a second copy would flash): it ends that one, on a tap or when its time is up.
 */
export const STATIC_SPLASH_ID = 'nirog-splash';
const staticSplash = () => (typeof document === 'undefined' ? null : document.getElementById(STATIC_SPLASH_ID));

const never = () => () => {};
const inServerMarkup = () => inPrerender;

/** The splash is 2 s from the first paint: from the page's start when it came in the HTML, from now when React draws it. */
const SPLASH_MS = 2000;
const splashLeft = () => (inPrerender || staticSplash() ? Math.max(0, SPLASH_MS - performance.now()) : SPLASH_MS);

/**
 * The spec's 2-second splash, shown once per browser session as an overlay while the app loads
 * underneath (so it never delays the page itself). In the prerendered home page it is in the HTML,
 * and its stylesheet fades it out at 2 s even before any script has run. A tap dismisses it. Hidden
 * from screen readers and without a heading: the page underneath has the one h1.
 */
export default function Splash() {
  const { t } = useTranslation();
  const firstInSession = useSyncExternalStore(never, unseen, inServerMarkup);
  const [ended, setEnded] = useState(false);
  const show = firstInSession && !ended;
  // The server's splash, if the page came with one: a tap ends it; it goes when this one would.
  const [inPage] = useState(staticSplash);
  useEffect(() => {
    if (!inPage) return;
    if (!show) {
      inPage.remove();
      return;
    }
    const end = () => setEnded(true);
    inPage.addEventListener('click', end);
    return () => inPage.removeEventListener('click', end);
  }, [inPage, show]);
  useEffect(() => {
    if (!show) return;
    try {
      sessionStorage.setItem(SEEN, '1');
    } catch {
      /* ignore */
    }
    // For the browser session (no expiry): the server sends the home page without the splash from now on.
    document.cookie = `${SEEN}=1; path=/; samesite=lax`;
    const timer = setTimeout(() => setEnded(true), splashLeft());
    return () => clearTimeout(timer);
  }, [show]);
  if (!show || inPage) return null;
  return (
    <div className="splash" onClick={() => setEnded(true)} aria-hidden="true" data-testid="splash">
      <div>
        <p className="splash-title">{t('splash.title')}</p>
        <p className="splash-subtitle">{t('splash.subtitle')}</p>
      </div>
    </div>
  );
}
