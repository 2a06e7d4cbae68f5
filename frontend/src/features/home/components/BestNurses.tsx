import { useDeferredValue, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BestNursesDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import { to } from '@/config/paths';
import Stars from '@/components/Stars';
import PersonPhoto from '@/components/PersonPhoto';
import './care-i18n';

/** Spec §9: home lists page by 4; Load More adds 4. The server orders by the exact average rating. */
export const HOME_PAGE_STEP = 4;

export default function BestNurses() {
  const { t, i18n } = useTranslation('homeCare');
  const [shown, setShown] = useState(HOME_PAGE_STEP);
  const { data, previousData, loading, error } = useQuery(BestNursesDocument, { variables: { page: 1, pageSize: shown } });
  // The cards render as a transition (see the doctors' BestDoctors): placeholders until then.
  const result = useDeferredValue((data ?? previousData)?.nurses);

  return (
    <section className="section" aria-labelledby="best-nurses">
      <h2 id="best-nurses">{t('bestNurses')}</h2>
      {error && <div role="alert" className="alert-error">{errorInfo(error).message}</div>}
      {loading && !result && <div className="sr-only" role="status">{t('wait')}</div>}
      {result && result.items.length === 0 && <p className="empty">{t('noNurses')}</p>}
      <div className="grid-cards">
        {!result && !error && Array.from({ length: HOME_PAGE_STEP }, (_, i) => <div key={i} className="light-card small card-placeholder nurse" aria-hidden="true" />)}
        {result?.items.map((n) => (
          <article key={n.id} className="light-card small nurse-card-home" data-testid="best-nurse">
            {/* Below the fold: lazy. */}
            <PersonPhoto url={n.imageUrls[0]} name={n.name} size={56} shape="square" />
            <div style={{ flex: 1, minWidth: 0 }}>
              <h3 className="light-card-title"><Link to={to('nurseDetail', { nurseId: n.id })}>{n.name}</Link></h3>
              <div style={{ color: '#5f6b7a' }}>{n.degree}</div>
              <div>{n.work}</div>
              <Stars value={n.rating} />
              <div><strong>{t('perVisit', { amount: formatTaka(n.feePoisha, i18n.language) })}</strong></div>
            </div>
          </article>
        ))}
      </div>
      {result && result.total > result.items.length && (
        <button type="button" className="btn" style={{ marginTop: 12 }} disabled={loading} onClick={() => setShown((s) => Math.min(s + HOME_PAGE_STEP, 100))}>{t('loadMore')}</button>
      )}
    </section>
  );
}
