import { useEffect } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RouteErrorBoundary } from './components/RouteError';
import { routes } from './routes';

/**
 * The routes (app/routes.tsx) in React Router's declarative mode: the app loads no data through the
 * router (pages read through Apollo), and the data router's machinery was 13 kB of the first load.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}

/**
 * The shell holds no antd and no Apollo: antd's provider comes with each screen that uses it
 * (app/withAntd), Apollo's with each screen or section that reads data (components/withData).
 */
export default function App() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
