import { useFlashes } from '@/lib/flash';

/** Notices that survive navigation (see lib/flash); antd-free, so the shell stays light. */
export default function FlashHost() {
  const flashes = useFlashes();
  if (!flashes.length) return null;
  return (
    <div className="flash-host" role="status" aria-live="polite">
      {flashes.map((f) => (
        <div key={f.id} className={`flash flash-${f.kind}`}>{f.text}</div>
      ))}
    </div>
  );
}
