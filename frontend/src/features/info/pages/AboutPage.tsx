import { useTranslation } from 'react-i18next';
import '../i18n';

export default function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <article className="card" style={{ maxWidth: 820, margin: '0 auto' }}>
      <h1 className="page-title">{t('about.title')}</h1>
      <p>{t('about.p1')}</p>
      <p>{t('about.p2')}</p>
      <p>{t('about.p3')}</p>
    </article>
  );
}
