import { lazy, type ComponentType } from 'react';

/** Apollo's provider and client (lib/DataProvider.tsx), fetched once and shared by every screen. */
export const loadDataProvider = () => import('@/lib/DataProvider');

/**
 * A lazy component that arrives together with the data layer (Apollo Client and its provider): both
 * chunks are fetched in parallel on first render. The shell and the home page's first screen hold
 * no Apollo, so they paint and answer without waiting for it; what reads data renders its
 * placeholder (the Suspense fallback around it) meanwhile.
 */
export function withData<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: DataProvider }, { default: Inner }] = await Promise.all([loadDataProvider(), load()]);
    function WithData(props: P) {
      return (
        <DataProvider>
          <Inner {...props} />
        </DataProvider>
      );
    }
    return { default: WithData };
  });
}
