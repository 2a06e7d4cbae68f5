import { Card } from 'antd';
import { SafetyCertificateOutlined, HomeOutlined, TagOutlined, TranslationOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HomeInsuranceArticlesDocument, HomePartnersDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import './care-i18n';

export function Partners() {
  const { t } = useTranslation('homeCare');
  const { data } = useQuery(HomePartnersDocument);
  // A decorative strip: on failure or while loading it simply stays empty rather than shouting.
  if (!data?.partners.length) return null;
  return (
    <section className="section" aria-labelledby="partners">
      <h2 id="partners">{t('partners')}</h2>
      <div className="partner-strip">
        {data.partners.map((p) => (p.website
          ? <a key={p.id} href={p.website} target="_blank" rel="noopener noreferrer">{p.name}</a>
          : <span key={p.id}>{p.name}</span>))}
      </div>
    </section>
  );
}

export function Qualities() {
  const { t } = useTranslation('homeCare');
  const items = [
    { icon: <SafetyCertificateOutlined />, k: 'q1' }, { icon: <HomeOutlined />, k: 'q2' }, { icon: <TagOutlined />, k: 'q3' }, { icon: <TranslationOutlined />, k: 'q4' },
  ];
  return (
    <section className="section" aria-labelledby="qualities">
      <h2 id="qualities">{t('qualities')}</h2>
      <div className="grid-cards">
        {items.map((q) => (
          <Card key={q.k} size="small" title={<span style={{ color: '#0b7a5c' }}>{q.icon} {t(`${q.k}t`)}</span>}>{t(q.k)}</Card>
        ))}
      </div>
    </section>
  );
}

export function InsuranceArticles() {
  const { t } = useTranslation('homeCare');
  const { data } = useQuery(HomeInsuranceArticlesDocument);
  if (!data?.insuranceArticles.length) return null;
  return (
    <section className="section" aria-labelledby="insurance-articles">
      <h2 id="insurance-articles">{t('insurance')}</h2>
      <div className="grid-cards">
        {data.insuranceArticles.slice(0, 3).map((a) => (
          <Card key={a.id} size="small" title={a.title}>{a.summary}</Card>
        ))}
      </div>
      <p><Link to={paths.insurance}>{t('readAll')} →</Link></p>
    </section>
  );
}
