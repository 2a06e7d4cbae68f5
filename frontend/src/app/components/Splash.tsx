import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const SEEN = 'nirog.splashSeen';

// Whether this browser session had not seen the splash when the app started: read once, so that
// marking it seen does not end the splash being shown.
let unseenAtStart: boolean | undefined;
function unseen(): boolean {
  if (unseenAtStart === undefined) {
    try {
      unseenAtStart = !sessionStorage.getItem(SEEN);
    } catch {
      unseenAtStart = false;
    }
  }
  return unseenAtStart;
}
const never = () => () => {};
// A prerendered page (src/prerender.tsx) holds no splash: hydration starts without it, and it shows once hydrated.
const notOnServer = () => false;

/**
 * The spec's 2-second splash, shown once per browser session as an overlay while the app loads
 * underneath (so it never delays the page itself). A tap dismisses it. Hidden from screen readers and
 * without a heading: the page underneath has the one h1.
 */
export default function Splash() {
  const { t } = useTranslation();
  const firstInSession = useSyncExternalStore(never, unseen, notOnServer);
  const [ended, setEnded] = useState(false);
  const show = firstInSession && !ended;
  useEffect(() => {
    if (!show) return;
    try {
      sessionStorage.setItem(SEEN, '1');
    } catch {
      /* ignore */
    }
    const timer = setTimeout(() => setEnded(true), 2000);
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
