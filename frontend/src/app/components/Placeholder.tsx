import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A tidy stand-in for a screen whose feature is still being built. */
export default function Placeholder() {
  const { t } = useTranslation();
  return <Result status="info" title={t('state.comingSoon')} subTitle={t('state.comingSoonHint')} />;
}
