import { lazy, type ComponentType } from 'react';
import { loadDataProvider } from '@/components/withData';

/**
 * A lazy component that arrives together with antd's provider (theme, locale, message context) and
 * the data layer (components/withData.tsx): the chunks are fetched in parallel on first render, and
 * only screens that use antd pay for antd.
 */
export function withAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: AntdProvider }, { default: DataProvider }, { default: Inner }] = await Promise.all([import('./AntdProvider'), loadDataProvider(), load()]);
    function WithAntd(props: P) {
      return (
        <DataProvider>
          <AntdProvider>
            <Inner {...props} />
          </AntdProvider>
        </DataProvider>
      );
    }
    return { default: WithAntd };
  });
}
