import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import SiteLayout from '../SiteLayout';
import '@/i18n';

/**
 * The chat bubble is no part of any first screen: its chunk, its settings query and the answer's
 * processing used to run during every page's first load (a profile of /medicine put them in the
 * hydration's busiest second). The layout now mounts it once the page has loaded and the browser is
 * idle (lib/idle.ts); then it adds the provider's script as before.
 */
describe('the chat widget waits for the page to load and the browser to be idle', () => {
  const fetched: string[] = [];
  let idle: Array<() => void> = [];
  beforeEach(() => {
    fetched.length = 0;
    idle = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', () => {});
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      const url = decodeURIComponent(String(input));
      fetched.push(url);
      if (url.includes('SiteSettings')) {
        return new Response(JSON.stringify({ data: { siteSettings: { __typename: 'SiteSettings', chatWidgetProvider: 'tawk', chatWidgetId: '64f0c0ffee/1h9abc' } } }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      throw new TypeError('offline in this test');
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('asks for the settings and adds the script only after load and idle', async () => {
    expect(document.readyState).toBe('complete');
    render(
      <MemoryRouter initialEntries={['/about']}>
        <Routes>
          <Route element={<SiteLayout />}>
            <Route path="/about" element={<p>the page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('the page');
    // Let any lazy chunk and query that had started settle.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(fetched.filter((u) => u.includes('SiteSettings'))).toEqual([]);
    expect(document.querySelector('script[data-chat-widget]')).toBeNull();
    // Two things wait for idle: the chat bubble and the connection banner.
    expect(idle).toHaveLength(2);

    await act(async () => idle.splice(0).forEach((cb) => cb()));
    await waitFor(() => expect(document.querySelector('script[data-chat-widget="tawk"]')).not.toBeNull());
    expect(document.querySelector<HTMLScriptElement>('script[data-chat-widget]')!.src).toBe('https://embed.tawk.to/64f0c0ffee/1h9abc');
    // Read without Apollo, as Apollo reads a public list: a GET of the registered hash, no text.
    expect(fetched.filter((u) => u.includes('SiteSettings'))).toEqual([expect.stringMatching(/^\/graphql\?operationName=SiteSettings&variables=\{\}&extensions=\{"persistedQuery":\{"version":1,"sha256Hash":"[0-9a-f]{64}"\}\}$/)]);
  });
});
