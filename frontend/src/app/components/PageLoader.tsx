import { useTranslation } from 'react-i18next';

export default function PageLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight: 240, gap: 8 }}>
      <span className="spinner" aria-hidden="true" />
      <span style={{ color: '#667' }}>{t('state.wait')}</span>
    </div>
  );
}
