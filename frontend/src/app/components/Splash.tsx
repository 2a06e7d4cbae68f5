import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const SEEN = 'nirog.splashSeen';

/**
 * The spec's 2-second splash, shown once per browser session as an overlay while the app loads
 * underneath (so it never delays the page itself). A tap dismisses it.
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
    <div className="splash" onClick={() => setShow(false)} role="presentation" data-testid="splash">
      <div>
        <h1>{t('splash.title')}</h1>
        <p>{t('splash.subtitle')}</p>
      </div>
    </div>
  );
}
