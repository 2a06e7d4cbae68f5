import { Suspense, type ReactNode } from 'react';
import { useAfterHydration } from '@/lib/idle';

/**
 * A home section that reads data (a `withData` component): its placeholder while its code and data
 * load. In the prerendered page the placeholder is plain markup that hydrates as it is; the section
 * itself follows in a transition once the page is hydrated (lib/idle.ts, `useAfterHydration`), so its
 * lazy code, the data layer's preloads and its first render are sliced, never one long task. The
 * boundary is the same before and after, so the placeholder stays on screen until the section is whole.
 */
export default function DataSection({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const ready = useAfterHydration();
  return <Suspense fallback={placeholder}>{ready ? children : placeholder}</Suspense>;
}
