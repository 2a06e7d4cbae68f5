import { useEffect, useState } from 'react';
import { SiteSettingsDocument } from '@/gql/graphql';
import { readRegistered } from '@/lib/registeredOperation';

/** Script address per provider; the server's CSP allows exactly these origins when the widget is on. */
export function chatWidgetScript(provider: string | null | undefined, id: string | null | undefined): string | null {
  if (!provider || !id || !/^[\w/-]{3,100}$/.test(id)) return null;
  if (provider === 'tawk') return `https://embed.tawk.to/${id}`;
  if (provider === 'crisp') return 'https://client.crisp.chat/l.js';
  return null;
}

/**
 * The third-party chat bubble. Off unless the server names a provider; then its script is added
 * async. The layout mounts this only once the page has loaded and the browser is idle
 * (`useIdleAfterLoad`), so neither the settings query nor the script delays or blocks the page, and a
 * failure to load is simply ignored.
 */
export default function ChatWidget() {
  // Read without Apollo (lib/registeredOperation.ts): a page that needs no data layer (the sign-in
  // doors) does not load it for this; the browser's HTTP cache keeps the public answer between pages.
  const [settings, setSettings] = useState<{ chatWidgetProvider?: string | null; chatWidgetId?: string | null }>({});
  useEffect(() => {
    let live = true;
    readRegistered(SiteSettingsDocument, {}).then((d) => live && setSettings(d.siteSettings)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const provider = settings.chatWidgetProvider;
  const id = settings.chatWidgetId;

  useEffect(() => {
    const src = chatWidgetScript(provider, id);
    if (!src || document.querySelector('script[data-chat-widget]')) return;
    if (provider === 'crisp') {
      const w = window as unknown as { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };
      w.$crisp = [];
      w.CRISP_WEBSITE_ID = id!;
    }
    const s = document.createElement('script');
    s.src = src;
    s.async = true;
    s.crossOrigin = 'anonymous';
    s.dataset.chatWidget = provider!;
    s.onerror = () => s.remove();
    document.body.appendChild(s);
  }, [provider, id]);

  return null;
}
