import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import bnBD from 'antd/locale/bn_BD';
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createApolloClient } from '@/lib/apollo';
import { routes } from './routes';

const client = createApolloClient();
const router = createBrowserRouter(routes);

export default function App() {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  useEffect(() => {
    dayjs.locale(lang);
    document.documentElement.lang = lang;
  }, [lang]);
  const theme = useMemo(() => ({ token: { colorPrimary: '#0b7a5c', borderRadius: 8, fontFamily: 'inherit' } }), []);
  return (
    <ConfigProvider locale={lang === 'bn' ? bnBD : enUS} theme={theme}>
      <AntApp message={{ top: 72, maxCount: 3 }}>
        <ApolloProvider client={client}>
          <RouterProvider router={router} />
        </ApolloProvider>
      </AntApp>
    </ConfigProvider>
  );
}
