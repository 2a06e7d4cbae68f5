import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The error boundary of every route: a chunk that failed to load, a 404, or a crash. */
export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk|Failed to fetch/i.test(error.message);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Result status="404" title={t('state.notFound')} subTitle={t('state.notFoundHint')} extra={<Button href="/">{t('state.backHome')}</Button>} />;
  }
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <Result
      status="error"
      title={chunk ? t('state.chunkFailed') : t('state.unexpected')}
      subTitle={chunk ? undefined : detail}
      extra={<Button type="primary" onClick={() => window.location.reload()}>{t('state.reload')}</Button>}
    />
  );
}
