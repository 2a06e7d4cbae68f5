import { useEffect } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createApolloClient } from '@/lib/apollo';
import { routes } from './routes';

const client = createApolloClient();
const router = createBrowserRouter(routes);

/** The shell holds no antd: antd's provider comes with each screen that uses it (app/withAntd). */
export default function App() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  return (
    <ApolloProvider client={client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  );
}
