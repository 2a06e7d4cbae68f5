import { lazy, type ComponentType } from 'react';

/**
 * A lazy component that arrives together with antd's provider (theme, locale, message context):
 * both chunks are fetched in parallel on first render, and only screens that use antd pay for it.
 */
export function withAntd<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => {
    const [{ default: AntdProvider }, { default: Inner }] = await Promise.all([import('./AntdProvider'), load()]);
    function WithAntd(props: P) {
      return (
        <AntdProvider>
          <Inner {...props} />
        </AntdProvider>
      );
    }
    return { default: WithAntd };
  });
}
