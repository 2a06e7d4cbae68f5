import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEEN = 'nirog.splashSeen';

/**
 * The spec's 2-second splash, shown once per browser session as an overlay while the app loads
 * underneath (so it never delays the page itself). A tap dismisses it. Hidden from screen readers and
 * without a heading: the page underneath has the one h1.
 */
export default function Splash() {
  const { t } = useTranslation();
  const [show, setShow] = useState(() => {
    try {
      return !sessionStorage.getItem(SEEN);
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (!show) return;
    try {
      sessionStorage.setItem(SEEN, '1');
    } catch {
      /* ignore */
    }
    const timer = setTimeout(() => setShow(false), 2000);
    return () => clearTimeout(timer);
  }, [show]);
  if (!show) return null;
  return (
    <div className="splash" onClick={() => setShow(false)} aria-hidden="true" data-testid="splash">
      <div>
        <p className="splash-title">{t('splash.title')}</p>
        <p className="splash-subtitle">{t('splash.subtitle')}</p>
      </div>
    </div>
  );
}
