import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './app/fonts.css';
import './app/global.css';
import App from './app/App';

// The first render as a transition: React renders in slices and yields to the browser between them,
// instead of one long task (the main part of the blocking time on a slow phone). The static header in
// index.html stays on screen until the first commit.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
