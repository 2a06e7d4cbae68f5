import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@/lib/money';
import '../i18n';

/** Spec §9: 2592000000 ms (30 days), counted from the first visit in this browser so reloads keep counting down. */
export const COMING_SOON_MS = 2_592_000_000;
const KEY = 'nirog.comingSoonUntil';

function deadline(now: number): number {
  try {
    const saved = Number(localStorage.getItem(KEY));
    if (saved > now) return saved;
    const next = now + COMING_SOON_MS;
    localStorage.setItem(KEY, String(next));
    return next;
  } catch {
    return now + COMING_SOON_MS;
  }
}

export function splitDuration(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

export default function ComingSoonPage() {
  const { t, i18n } = useTranslation('info');
  const [until] = useState(() => deadline(Date.now()));
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const left = splitDuration(until - now);
  return (
    <section className="card" style={{ textAlign: 'center', maxWidth: 720, margin: '0 auto' }}>
      <h1 className="page-title">{t('soon.title')}</h1>
      <p>{t('soon.subtitle')}</p>
      <div className="countdown" role="timer" aria-live="off">
        {(['days', 'hours', 'minutes', 'seconds'] as const).map((k) => (
          <div key={k}><strong>{formatCount(left[k], i18n.language)}</strong>{t(`soon.${k}`)}</div>
        ))}
      </div>
    </section>
  );
}
