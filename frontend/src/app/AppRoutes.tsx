import { useLocation, useRoutes } from 'react-router-dom';
import { RouteErrorBoundary } from './components/RouteError';
import { routes } from './routes';

/**
 * The routes under their error boundary: the same tree in the browser (App.tsx, under the browser's
 * history) and in the build's prerender of the home page (src/prerender.tsx, under a static router).
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
