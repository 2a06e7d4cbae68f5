import { Alert, Empty, Segmented, Skeleton } from 'antd';
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

/** /nurses: the location filter and the page live in the URL, so a filtered list can be shared. */
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
      <div role="group" aria-label={t('location')} style={{ overflowX: 'auto', marginBottom: 16 }}>
        <Segmented
          value={location ?? 'all'}
          onChange={(v) => choose({ location: v === 'all' ? null : (v as NurseLocation) })}
          options={[{ value: 'all', label: t('allLocations') }, ...locations]}
        />
      </div>
      {error && <Alert type="error" showIcon title={errorInfo(error).message} />}
      {loading && !result && <Skeleton active />}
      {result && result.items.length === 0 && <Empty description={t('noNurses')} />}
      <div className="nurse-list">
        {result?.items.map((n, i) => <NurseListCard key={n.id} nurse={n} eager={i < 3} />)}
      </div>
      {result && result.total > PAGE_SIZE && <Pager page={result.page} pageCount={result.pageCount} onChange={(p) => choose({ page: p })} />}
    </section>
  );
}
