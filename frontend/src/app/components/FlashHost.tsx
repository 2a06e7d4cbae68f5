import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { noteNavigation, useFlashes } from '@/lib/flash';

/**
 * Notices that survive one navigation (see lib/flash); antd-free, so the shell stays light. They sit
 * at the bottom of the screen, where they cover no heading and no banner, and end when the user
 * moves on from the page they were shown on.
 */
export default function FlashHost() {
  const flashes = useFlashes();
  const { pathname } = useLocation();
  // On a new page, a notice raised before it is shown there once, and a notice shown on an earlier
  // page ends: a notice raised just before navigate() (the usual case) lives on the page navigated to.
  useEffect(() => noteNavigation(pathname), [pathname]);
  // The live region is always there, empty between notices: a screen reader announces what is added
  // to a region it already knows, not a region that arrives with its text.
  return (
    <div className="flash-host" role="status" aria-live="polite">
      {flashes.map((f) => (
        <div key={f.id} className={`flash flash-${f.kind}`}>{f.text}</div>
      ))}
    </div>
  );
}
