import type { ReactNode } from 'react';

/** A whole-screen state (not found, not allowed, an error) without antd, so the shell stays light. */
export default function StateView({ code, title, hint, action }: { code?: string; title: string; hint?: string; action?: ReactNode }) {
  return (
    <div className="state-view">
      {code && <div className="state-code" aria-hidden="true">{code}</div>}
      <h1>{title}</h1>
      {hint && <p className="muted">{hint}</p>}
      {action}
    </div>
  );
}
