import { useTranslation } from 'react-i18next';
import StateView from './StateView';

/** A tidy stand-in for a screen whose feature is still being built. */
export default function Placeholder() {
  const { t } = useTranslation();
  return <StateView title={t('state.comingSoon')} hint={t('state.comingSoonHint')} />;
}
