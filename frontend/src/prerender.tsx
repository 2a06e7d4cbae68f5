import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import i18n, { type Lang } from './i18n';
import { AppRoutes } from './app/AppRoutes';

/**
 * The home page's first screen as HTML, written into index.html by the build (scripts/prerender.mjs)
 * in English and in Bangla; the server sends the reader's language (backend/src/common/spa-preloads.ts,
 * by the `nirog.lang` cookie that setLanguage keeps). The browser paints the hero before any script
 * has run, and React hydrates the same markup instead of building the page again (main.tsx): issue #22,
 * the largest paint of `/` waited for the shell's script. What a visitor's first render cannot know
 * (the session, the cart, the splash) renders as a visitor's and follows once hydrated; sections that
 * read data render their placeholders.
 */
export async function render(lang: Lang, location: string): Promise<string> {
  await i18n.changeLanguage(lang);
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
}
