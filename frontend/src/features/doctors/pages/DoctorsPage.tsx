import { lazy, Suspense, useDeferredValue, useState, useSyncExternalStore } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSearchField } from '@/lib/searchField';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorsDocument, type DoctorSort } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import Pager from '@/components/Pager';
import Dialog from '@/components/Dialog';
import SearchBox from '@/components/SearchBox';
import DoctorRow from '../components/DoctorRow';
import { readFilters, toVariables, writeFilters, type DoctorFilters } from '../components/doctorFilters';
import '../i18n';

const PAGE_SIZE = 10;

/**
 * The filter panel (and its query's document) comes with the column or the dialog, not with the list:
 * a phone's first load of /doctors never shows it (below), and a wide screen fetches it beside its
 * options. Its placeholder is the one the panel shows while its options load.
 */
const FilterPanel = lazy(() => import('../components/FilterPanel'));
const filterPlaceholder = <div className="card-placeholder filter-placeholder" aria-hidden="true" />;

/**
 * The filter column shows from 1181 px (global.css: `.only-desktop`); narrower, the filters open in a
 * dialog. Below that width the panel is not rendered at all, only the column's hidden placeholder: on
 * a phone its options (and their query) waited for nobody, yet cost the first load a request and a
 * render of every option (issue #22).
 */
const WIDE = '(min-width: 1181px)';
const onWidthChange = (notify: () => void) => {
  const query = matchMedia(WIDE);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};
const isWide = () => matchMedia(WIDE).matches;

/** /doctors, without antd: the list most patients open first on a cheap phone (filters, search, sort and page in the URL). */
export default function DoctorsPage() {
  const { t } = useTranslation('doctors');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const search = useSearchField(filters.q);
  const [modalOpen, setModalOpen] = useState(false);
  const wide = useSyncExternalStore(onWidthChange, isWide, () => false);
  const { data, previousData, loading, error } = useQuery(DoctorsDocument, { variables: toVariables(filters, PAGE_SIZE) });
  // The rows render as a transition, as the home page's cards do: Apollo hands the answer over in a
  // synchronous render (one long task of a cheap phone's first load: the blocking time of issue #22),
  // which now keeps the placeholders and leaves the rows to a render that yields to the browser.
  const result = useDeferredValue((data ?? previousData)?.doctors);

  const apply = (f: DoctorFilters) => setParams(writeFilters(f));
  const reset = () => {
    setModalOpen(false);
    setParams(new URLSearchParams());
  };

  const sortOptions: { value: DoctorSort; label: string }[] = [
    { value: 'Recommended', label: t('sortRecommended') }, { value: 'Rating', label: t('sortRating') },
    { value: 'FeeLowToHigh', label: t('sortFeeAsc') }, { value: 'FeeHighToLow', label: t('sortFeeDesc') },
    { value: 'Experience', label: t('sortExperience') },
  ];

  return (
    <div className="doctors-page">
      {/* The column itself is always there (hidden below 1181 px by CSS), so a wide screen's list does
          not move when the panel arrives: the server's render of this page (src/prerender.tsx) cannot
          know the width and renders it as on a phone, with its placeholder. */}
      <aside className="doctors-filters card only-desktop" aria-label={t('filters')}>
        {wide ? <Suspense fallback={filterPlaceholder}><FilterPanel value={filters} onChange={apply} onReset={reset} /></Suspense> : filterPlaceholder}
      </aside>
      <section className="doctors-results">
        <h1 className="page-title">{t('doctors')}</h1>
        <form noValidate className="search-bar" role="search" onSubmit={(e) => { e.preventDefault(); apply({ ...filters, q: search.read(), page: 1 }); }}>
          <SearchBox field={search} name="q" label={t('search')} placeholder={t('search')} scope="Doctors" listId="doctor-suggestions" />
          <button type="submit" className="btn btn-primary">{t('searchButton')}</button>
        </form>
        <div className="list-toolbar">
          <button type="button" className="btn only-mobile" onClick={() => setModalOpen(true)}>{t('filtersButton')}</button>
          <select className="select" aria-label={t('sort')} value={filters.sort} onChange={(e) => apply({ ...filters, sort: e.target.value as DoctorSort, page: 1 })}>
            {sortOptions.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
          {result && <span className="muted" data-testid="doctor-count">{t('results', { count: result.total })}</span>}
        </div>
        {error && <div role="alert" className="alert-error">{errorInfo(error).message}</div>}
        {/* Placeholders of the rows' size while the first page loads, so nothing below moves (CLS). */}
        {!result && !error && Array.from({ length: 3 }, (_, i) => <div key={i} className="card card-placeholder doctor-row-placeholder" aria-hidden="true" />)}
        {result && result.items.length === 0 && <p className="empty">{t('noDoctors')}</p>}
        {result?.didYouMean && (
          <p className="did-you-mean">{t('didYouMean')} <Link to={{ search: writeFilters({ ...filters, q: result.didYouMean, page: 1 }).toString() }}>{result.didYouMean}</Link></p>
        )}
        <div className="doctor-list" aria-busy={loading}>
          {/* The first rows are on screen at once; the rest load their photos as they scroll near. */}
          {result?.items.map((d, i) => <DoctorRow key={d.id} doctor={d} eager={i < 3} />)}
        </div>
        {result && result.total > PAGE_SIZE && <Pager page={result.page} pageCount={result.pageCount} onChange={(page) => apply({ ...filters, page })} />}
      </section>
      {modalOpen && (
        <Dialog title={t('filters')} onClose={() => setModalOpen(false)} footer={<button type="button" className="btn btn-primary" onClick={() => setModalOpen(false)}>{t('apply')}</button>}>
          <Suspense fallback={filterPlaceholder}><FilterPanel value={filters} onChange={apply} onReset={reset} /></Suspense>
        </Dialog>
      )}
    </div>
  );
}
