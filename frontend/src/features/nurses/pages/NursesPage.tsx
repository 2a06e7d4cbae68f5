import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NursesDocument, type NurseLocation } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import Pager from '@/components/Pager';
import NurseListCard from '../components/NurseListCard';
import { useAreaOptions } from '@/lib/areas';
import '../i18n';

const PAGE_SIZE = 10;

/**
 * /nurses: the location filter and the page live in the URL, so a filtered list can be shared. Built
 * without antd, like the other public lists (a light page, app/routes.tsx): on a cheap phone antd's
 * code and stylesheet were most of what stood between opening the list and tapping a nurse.
 */
export default function NursesPage() {
  const { t } = useTranslation('nurses');
  const [params, setParams] = useSearchParams();
  const locations = useAreaOptions('nurseLocations');
  const asked = params.get('location');
  const location = (locations.find((l) => l.value === asked)?.value ?? null) as NurseLocation | null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  // A location in the URL waits for the server's list, so the page is not fetched twice.
  const { data, loading, error } = useQuery(NursesDocument, { variables: { page, pageSize: PAGE_SIZE, location }, skip: !!asked && locations.length === 0 });
  const result = data?.nurses;

  function choose(next: { location?: NurseLocation | null; page?: number }) {
    const loc = next.location === undefined ? location : next.location;
    const p = next.page ?? 1;
    const search = new URLSearchParams();
    if (loc) search.set('location', loc);
    if (p > 1) search.set('page', String(p));
    setParams(search);
  }

  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <p style={{ color: '#5f6b7a', marginTop: -8 }}>{t('subtitle')}</p>
      <div role="group" aria-label={t('location')} className="toggle-row">
        {[{ value: 'all', label: t('allLocations') }, ...locations].map((o) => (
          <button key={o.value} type="button" className="btn toggle" aria-pressed={(location ?? 'all') === o.value}
            onClick={() => choose({ location: o.value === 'all' ? null : (o.value as NurseLocation) })}>{o.label}</button>
        ))}
      </div>
      {error && <div role="alert" className="alert-error">{errorInfo(error).message}</div>}
      {/* Placeholders of the cards' size while the first page loads, so nothing below moves. */}
      {loading && !result && Array.from({ length: 3 }, (_, i) => <div key={i} className="card card-placeholder nurse-card-placeholder" aria-hidden="true" />)}
      {result && result.items.length === 0 && <p className="empty">{t('noNurses')}</p>}
      <div className="nurse-list" aria-busy={loading}>
        {result?.items.map((n, i) => <NurseListCard key={n.id} nurse={n} eager={i < 3} />)}
      </div>
      {result && result.total > PAGE_SIZE && <Pager page={result.page} pageCount={result.pageCount} onChange={(p) => choose({ page: p })} />}
    </section>
  );
}
