import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18n, { keepLanguageCookie } from './i18n';
import './app/fonts.css';
import './app/global.css';
import App from './app/App';
import { setSplashInPrerender } from './app/components/Splash';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
keepLanguageCookie();

/**
 * A catalogue's first screen whose server render ran out of time (prerender.tsx, RENDER_MS) leaves
 * its unfinished parts as boundaries the server "could not finish": React reports each (error 419)
 * before rendering it in the browser, as intended. (The home page has none: its data sections are
 * plain placeholders, components/DataSection.tsx.) Anything else hydration recovers from (markup
 * that differs) is reported as React would.
 */
function reportUnlessPrerenderedPlaceholder(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (/#419\b|could not finish this Suspense boundary/.test(message)) return;
  reportError(error);
}

if (container.dataset.prerendered === i18n.language) {
  // The home page came prerendered in the reader's language (src/prerender.tsx): React adopts the
  // markup on screen instead of building it again; what a visitor's render could not know (the
  // session, the cart) follows at once. As a transition, hydration too yields to the
  // browser between slices (a plain hydrateRoot runs at a blocking priority, in one long task).
  setSplashInPrerender(container.dataset.splash === 'shown');
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError: reportUnlessPrerenderedPlaceholder });
  });
} else {
  // The first render as a transition: React renders in slices and yields to the browser between them,
  // instead of one long task (the main part of the blocking time on a slow phone). The static header in
  // index.html stays on screen until the first commit.
  startTransition(() => {
    createRoot(container).render(app);
  });
}
