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
const never = () => () => {};
const inServerMarkup = () => inPrerender;

/** The splash is 2 s from the first paint: from the page's start when it came in the HTML, from now when React draws it. */
const SPLASH_MS = 2000;
const splashLeft = () => (inPrerender ? Math.max(0, SPLASH_MS - performance.now()) : SPLASH_MS);

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
  if (!show) return null;
  return (
    <div className="splash" onClick={() => setEnded(true)} aria-hidden="true" data-testid="splash">
      <div>
        <p className="splash-title">{t('splash.title')}</p>
        <p className="splash-subtitle">{t('splash.subtitle')}</p>
      </div>
    </div>
  );
}
