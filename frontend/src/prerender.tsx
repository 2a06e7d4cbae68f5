import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import i18n, { type Lang } from './i18n';
import { AppRoutes } from './app/AppRoutes';
import { setSplashInPrerender } from './app/components/Splash';

/**
 * The home page's first screen as HTML, written into index.html by the build (scripts/prerender.mjs)
 * in English and in Bangla, each with and without the splash. The server sends the reader's language
 * (the `nirog.lang` cookie that setLanguage keeps) and the splash on a browser session's first visit
 * (no `nirog.splashSeen` cookie): backend/src/common/spa-preloads.ts. The browser paints the page
 * before any script has run, and React hydrates the same markup instead of building it again
 * (main.tsx): issue #22, the largest paint of `/` waited for the shell's script. What a visitor's
 * first render cannot know (the session, the cart) renders as a visitor's and follows once
 * hydrated; sections that read data render their placeholders.
 */
export async function render(lang: Lang, location: string, { splash }: { splash: boolean }): Promise<string> {
  await i18n.changeLanguage(lang);
  setSplashInPrerender(splash);
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
}
