import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AppRoutes } from './AppRoutes';

/**
 * The browser's history, listened to from the moment the app's script runs (as React Router's data
 * router did): an address change before React's first commit (the first render is a transition,
 * main.tsx) is not missed. BrowserRouter would start listening only after that commit.
 */
const history = createBrowserHistory({ v5Compat: true });
let current = { action: history.action, location: history.location };
const listeners = new Set<() => void>();
history.listen(({ action, location }) => {
  current = { action, location };
  listeners.forEach((listener) => listener());
});

/** React Router in declarative mode: the app loads no data through the router (pages read through Apollo). */
function AppRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(current);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setState(current));
    listeners.add(follow);
    // A change while the first render was under way.
    setState(current);
    return () => {
      listeners.delete(follow);
    };
  }, []);
  return <Router location={state.location} navigationType={state.action} navigator={history}>{children}</Router>;
}

/**
 * The shell holds no antd and no Apollo: antd's provider comes with each screen that uses it
 * (app/withAntd), Apollo's with each screen or section that reads data (components/withData).
 */
export default function App() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  // Before the first paint (a layout effect): a Bangla reader's first frame then takes the whole
  // Bengali face, not the English pages' label face (global.css), and screen readers the right voice.
  useLayoutEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <AppRouter>
      <AppRoutes />
    </AppRouter>
  );
}
