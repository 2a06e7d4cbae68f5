import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export default function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('state.notFound')} subTitle={t('state.notFoundHint')} extra={<Button href="/">{t('state.backHome')}</Button>} />;
}
