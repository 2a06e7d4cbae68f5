import { useDeferredValue, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorsDocument } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { errorInfo } from '@/lib/errors';
import Stars from '@/components/Stars';
import PersonPhoto from '@/components/PersonPhoto';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { useSpecialityNames } from '@/lib/specialities';
import '../i18n';
import '../best-doctors-i18n';

const STEP = 4;

/** Home 'Our Best Doctors': 4 at first, Load More adds 4 (best rated first). Plain elements: the home page loads no antd. */
export default function BestDoctors() {
  const { t, i18n } = useTranslation('doctors');
  const titleOf = useDoctorTitle();
  const specialityNames = useSpecialityNames();
  const [count, setCount] = useState(STEP);
  const { data, previousData, loading, error } = useQuery(DoctorsDocument, { variables: { page: 1, pageSize: count, sort: 'Rating' } });
  // The cards render as a transition: Apollo hands the answer over in a synchronous render, which
  // here keeps the placeholders and leaves the cards to a render that yields to the browser (a
  // cheap phone keeps answering input; issue #22's blocking time).
  const result = useDeferredValue((data ?? previousData)?.doctors);
  return (
    <section aria-labelledby="best-doctors" style={{ marginTop: 32 }}>
      <h2 id="best-doctors">{t('ourBestDoctors')}</h2>
      {error && <div role="alert" className="alert-error">{errorInfo(error).message}</div>}
      {result && result.items.length === 0 && <p className="empty">{t('noDoctors')}</p>}
      <div className="best-doctors">
        {/* Placeholders of the cards' size while the first page loads, so nothing below moves (CLS). */}
        {!result && !error && Array.from({ length: STEP }, (_, i) => <div key={i} className="light-card card-placeholder" aria-hidden="true" />)}
        {result?.items.map((d) => (
          <article key={d.id} className="light-card hoverable" data-testid="best-doctor">
            <Link to={to('doctorDetail', { doctorId: d.id })} style={{ color: 'inherit', textDecoration: 'none' }}>
              {/* Below the hero: lazy. */}
              <PersonPhoto url={d.avatarUrl} name={d.name} title={titleOf(d.title)} size={64} />
              <h3 style={{ margin: '8px 0 4px' }}>{titleOf(d.title)} {d.name}</h3>
              <div className="muted">{specialityNames(d.specialities)}</div>
              <Stars value={d.rating} size={13} />
              <div><strong>{formatTaka(d.feePoisha, i18n.language)}</strong> {d.isOnline && <span className="tag-online">{t('online')}</span>}</div>
            </Link>
          </article>
        ))}
      </div>
      {loading && <div className={result ? 'loading-row' : 'sr-only'} role="status"><span className="spinner" aria-hidden="true" /> {t('pleaseWait')}</div>}
      {result && result.total > result.items.length && (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <button type="button" className="btn" onClick={() => setCount((c) => c + STEP)} disabled={loading}>{t('loadMore')}</button>
        </div>
      )}
    </section>
  );
}
