import { useTranslation } from 'react-i18next';
import type { LiveState } from '@/lib/live';
import './live-i18n';
import './live-badge.css';

/**
 * What a live screen promises (lib/live.ts): "Live" while its socket is open, "Updating every 15 s"
 * while it asks again on a timer (the socket cannot open here), "Connecting…" in between. A status
 * region: a screen reader hears the change.
 */
export default function LiveBadge({ state, pollSeconds = 15 }: { state: LiveState; pollSeconds?: number }) {
  const { t } = useTranslation('live');
  const hint = state === 'live' ? t('liveHint') : state === 'polling' ? t('pollingHint', { seconds: pollSeconds }) : undefined;
  return (
    <span className={`live-badge live-badge-${state}`} role="status" title={hint} data-testid="live-badge" data-state={state}>
      <span className="live-dot" aria-hidden="true" />
      {t(state, { seconds: pollSeconds })}
    </span>
  );
}
