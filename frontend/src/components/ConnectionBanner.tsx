import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { clearSavedCopies, useConnection } from '@/lib/connection';
import { formatDateTime } from '@/lib/dates';
import { wipeWhenSessionEnds } from '@/lib/offline-copies';
import { registerServiceWorker } from '@/lib/serviceWorker';
import { useSession } from '@/lib/session';
import './connection-i18n';
import './connection.css';

/** How long "Back online" stays. */
const BACK_MS = 4000;

/**
 * Honest states of the connection, in both languages, on every page (mounted by the site layout once
 * the page is idle, so it is on no first screen's path; it registers the service worker then too):
 *
 * - a bar under the header: offline (or Nirog unreachable), a write being sent again, records shown
 *   from this device with when they were saved, then "Back online" for a few seconds;
 * - at the foot of the screen, a write that could not be sent (lib/resilience.ts): send it when back
 *   online, or give up; a payment waits for Try again. Focus moves to it, since it waits for an answer.
 *
 * The bar is a polite live region present before anything is said; the offer is an alert.
 */
export default function ConnectionBanner() {
  const { t, i18n } = useTranslation('connection');
  const state = useConnection();
  const session = useSession();
  const { pathname } = useLocation();
  const [now, setNow] = useState(() => Date.now());
  const offerRef = useRef<HTMLDivElement>(null);
  const patient = session?.user.role === 'user';

  useEffect(() => {
    wipeWhenSessionEnds();
    registerServiceWorker(patient);
  }, [patient]);

  // The installed app's name in the reader's language (public/manifest.bn.webmanifest for Bangla).
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (link) link.href = i18n.language === 'bn' ? '/manifest.bn.webmanifest' : '/manifest.webmanifest';
  }, [i18n.language]);

  // Copies shown belong to the page that showed them.
  useEffect(() => clearSavedCopies, [pathname]);

  useEffect(() => {
    if (!state.backAt) return undefined;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), BACK_MS);
    return () => clearTimeout(timer);
  }, [state.backAt]);

  const unsent = state.unsent;
  useEffect(() => {
    if (unsent && !unsent.armed) offerRef.current?.focus();
  }, [unsent]);

  const lang = i18n.language;
  const saved = state.savedCopyAt !== null ? t('connection.savedAt', { when: formatDateTime(new Date(state.savedCopyAt), lang) }) : null;
  let kind: 'offline' | 'back' | null = null;
  let text: string[] = [];
  if (!state.online) {
    kind = 'offline';
    text = [navigator.onLine === false ? t('connection.offline') : t('connection.unreachable'), ...(saved ? [saved] : [])];
  } else if (state.resending) {
    kind = 'offline';
    text = [t('connection.resending', { attempt: state.resending.attempt, of: state.resending.of })];
  } else if (state.backAt && now - state.backAt < BACK_MS) {
    kind = 'back';
    text = [t('connection.back'), ...(saved ? [saved] : [])];
  } else if (saved) {
    // Nirog answers, but the screen still shows saved records (the server was away when they were asked for).
    kind = 'offline';
    text = [saved];
  }

  return (
    <>
      <div className={`connection-bar${kind ? ` connection-${kind}` : ''}`} role="status" aria-live="polite" data-testid="connection-bar">
        {kind && <span className="connection-dot" aria-hidden="true" />}
        {kind && <span className="connection-text">{text.join(' ')}</span>}
      </div>
      {unsent && (
        <div className="connection-offer" ref={offerRef} tabIndex={-1} role="alert" aria-labelledby="connection-offer-title" data-testid="connection-offer">
          <h2 id="connection-offer-title">{t('connection.unsentTitle')}</h2>
          <p>{state.online ? t('connection.unsentAnswerless') : t('connection.unsent')}{unsent.payment ? ` ${t('connection.unsentPayment')}` : ''}</p>
          {unsent.armed && <p>{t('connection.armed')}</p>}
          <div className="connection-actions">
            {!unsent.armed && (
              <button type="button" className="primary" onClick={unsent.send} disabled={unsent.payment && !state.online}>
                {unsent.payment || state.online ? t('connection.tryAgain') : t('connection.sendLater')}
              </button>
            )}
            {unsent.payment && !state.online && <span className="muted">{t('connection.waitingForConnection')}</span>}
            <button type="button" onClick={unsent.cancel}>{t('connection.cancel')}</button>
          </div>
        </div>
      )}
    </>
  );
}
