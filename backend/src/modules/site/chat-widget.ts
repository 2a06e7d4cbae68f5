import type { Config } from '../../config.js';

/**
 * The third-party chat widget (spec §1). Off by default; CHAT_WIDGET_PROVIDER and CHAT_WIDGET_ID
 * turn it on. The page's Content-Security-Policy then allows exactly that provider's origins and no
 * others, and the frontend loads the script after the page is interactive, so it never blocks it.
 */
export interface ChatWidgetSources {
  scriptSrc: string[];
  connectSrc: string[];
  frameSrc: string[];
  imgSrc: string[];
  styleSrc: string[];
}

const PROVIDERS: Record<'tawk' | 'crisp', ChatWidgetSources> = {
  tawk: {
    scriptSrc: ['https://embed.tawk.to', 'https://cdn.jsdelivr.net'],
    connectSrc: ['https://*.tawk.to', 'wss://*.tawk.to'],
    frameSrc: ['https://*.tawk.to'],
    imgSrc: ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
    styleSrc: ['https://*.tawk.to', 'https://fonts.googleapis.com'],
  },
  crisp: {
    scriptSrc: ['https://client.crisp.chat', 'https://settings.crisp.chat'],
    connectSrc: ['https://client.crisp.chat', 'https://storage.crisp.chat', 'wss://client.relay.crisp.chat', 'wss://stream.relay.crisp.chat'],
    frameSrc: ['https://game.crisp.chat'],
    imgSrc: ['https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'],
    styleSrc: ['https://client.crisp.chat'],
  },
};

const NONE: ChatWidgetSources = { scriptSrc: [], connectSrc: [], frameSrc: [], imgSrc: [], styleSrc: [] };

export function chatWidgetEnabled(config: Config): boolean {
  return config.chatWidget.provider !== 'none' && !!config.chatWidget.id;
}

export function chatWidgetCsp(config: Config): ChatWidgetSources {
  return chatWidgetEnabled(config) ? PROVIDERS[config.chatWidget.provider as 'tawk' | 'crisp'] : NONE;
}
