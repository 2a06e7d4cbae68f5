import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HomeInsuranceArticlesDocument, HomePartnersDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { readerText } from '@/lib/readerText';
import './care-i18n';

export function Partners() {
  const { t } = useTranslation('homeCare');
  const { data, loading } = useQuery(HomePartnersDocument);
  // A decorative strip: on failure it simply stays empty rather than shouting. While loading it keeps
  // its place, so the sections below do not move when it arrives (CLS).
  if (!loading && !data?.partners.length) return null;
  return (
    <section className="section" aria-labelledby="partners">
      <h2 id="partners">{t('partners')}</h2>
      <div className="partner-strip">
        {data?.partners.map((p) => (p.website
          ? <a key={p.id} href={p.website} target="_blank" rel="noopener noreferrer">{p.name}</a>
          : <span key={p.id}>{p.name}</span>))}
      </div>
    </section>
  );
}

export function InsuranceArticles() {
  const { t, i18n } = useTranslation('homeCare');
  const { data } = useQuery(HomeInsuranceArticlesDocument);
  if (!data?.insuranceArticles.length) return null;
  return (
    <section className="section" aria-labelledby="insurance-articles">
      <h2 id="insurance-articles">{t('insurance')}</h2>
      <div className="grid-cards">
        {data.insuranceArticles.slice(0, 3).map((a) => (
          <article key={a.id} className="light-card small">
            <h3 className="light-card-title">{readerText(a.title, a.titleBn, i18n.language)}</h3>
            {readerText(a.summary, a.summaryBn, i18n.language)}
          </article>
        ))}
      </div>
      <p><Link to={paths.insurance}>{t('readAll')} →</Link></p>
    </section>
  );
}
