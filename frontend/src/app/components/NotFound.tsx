import { useTranslation } from 'react-i18next';
import StateView from './StateView';

export default function NotFound() {
  const { t } = useTranslation();
  return <StateView code="404" title={t('state.notFound')} hint={t('state.notFoundHint')} action={<a className="btn" href="/">{t('state.backHome')}</a>} />;
}
