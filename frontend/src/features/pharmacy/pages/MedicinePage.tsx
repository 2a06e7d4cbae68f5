import { useDeferredValue } from 'react';
import { useQuery } from '@apollo/client/react';
import { useSearchField } from '@/lib/searchField';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MedicinesDocument, type MedicineForm } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import { to } from '@/config/paths';
import Pager from '@/components/Pager';
import SearchBox from '@/components/SearchBox';
import MedicineImage from '../components/MedicineImage';
import AddToCartButton from '../components/AddToCartButton';
import RxBadge from '../components/RxBadge';
import { useUnitLabel } from '../components/useUnitLabel';
import { FORMS } from '../components/medicineForms';
import '../i18n';
import '../pharmacy.css';

const PAGE_SIZE = 24;
/**
 * Cards whose pictures load at once: the first (its picture is the page's largest paint, asked for
 * with high priority from the head). The others are lazy: on a phone, one card a row, the second
 * starts below the first screen, and an eager picture there took one of the phone's six first
 * requests from the page's scripts; on a wide screen the first row's others are on screen, and the
 * browser asks for a lazy picture on screen at its first layout (docs/performance.md, 2026-11-30
 * morning).
 */
const EAGER_CARDS = 1;

/** /medicine, without antd: the catalogue (search, type and page in the URL). */
export default function MedicinePage() {
  const { t, i18n } = useTranslation('pharmacy');
  const bangla = i18n.language.startsWith('bn');
  const unitLabel = useUnitLabel();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const form = (params.get('type') as MedicineForm | null) ?? undefined;
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const search = useSearchField(keyword);
  const { data, error } = useQuery(MedicinesDocument, { variables: { keyword: keyword || undefined, form, page, pageSize: PAGE_SIZE } });
  // The cards render as a transition (as on /doctors): the answer's synchronous render keeps the
  // placeholders, and the cards follow in a render that yields to the browser.
  const result = useDeferredValue(data?.medicines);

  const update = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    setParams(p);
  };

  return (
    <div>
      <h1 className="page-title">{t('title')}</h1>
      <div className="med-toolbar">
        <form noValidate className="search-bar" role="search" onSubmit={(e) => { e.preventDefault(); update({ keyword: search.read().trim() || undefined, page: undefined }); }}>
          <SearchBox field={search} name="keyword" label={t('search')} placeholder={t('searchPlaceholder')} scope="Medicines" listId="medicine-suggestions" />
          <button type="submit" className="btn btn-primary">{t('search')}</button>
        </form>
        <select className="select" value={form ?? ''} onChange={(e) => update({ type: e.target.value || undefined, page: undefined })} aria-label={t('type')}>
          {[{ value: '', label: t('allForms') }, ...FORMS.map((f) => ({ value: f, label: t(`forms.${f}`) }))].map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </div>
      {error && <div role="alert" className="alert-error">{errorInfo(error).message}</div>}
      {!result && !error ? (
        <div className="med-grid" aria-hidden="true">{Array.from({ length: 4 }, (_, i) => <div key={i} className="med-card card-placeholder med-card-placeholder" />)}</div>
      ) : result && result.items.length === 0 ? (
        <>
          <p className="empty">{t('noMedicine')}</p>
          {result.didYouMean && (
            <p className="did-you-mean">{t('didYouMean')} <Link to={`?keyword=${encodeURIComponent(result.didYouMean)}`}>{result.didYouMean}</Link></p>
          )}
        </>
      ) : (
        <div className="med-grid">
          {result?.items.map((m, i) => {
            // A Bangla screen writes the brand as Bangla does, where the catalogue has it.
            const name = bangla && m.nameBn ? m.nameBn : m.name;
            return (
            <article className="med-card" key={m.id} data-testid="medicine-card">
              {/* The first row is on screen at once (the first pack is the page's largest picture); the rest load as they scroll near. */}
              <Link to={to('medicineDetail', { id: m.id })} aria-label={name}>
                <MedicineImage url={m.imageUrl} name={name} strength={m.strength} eager={i < EAGER_CARDS} priority={i === 0} />
              </Link>
              <h3><Link to={to('medicineDetail', { id: m.id })}>{name}</Link> <span className="med-meta" translate="no">{m.strength}</span></h3>
              <span className="med-meta">{m.genericName}</span>
              <span className="med-meta">{m.company}</span>
              <span><span className="med-tag">{t(`forms.${m.form}`)}</span><span className="med-tag">{unitLabel(m.unit)}</span>{m.prescriptionRequired && <RxBadge />}</span>
              <span className="med-price">{formatTaka(m.pricePoisha, i18n.language)} <span className="med-meta">{t('perUnit', { unit: unitLabel(m.unit) })}</span></span>
              {m.inStock ? <span className="med-tag in-stock">{t('inStock', { count: m.stock })}</span> : <span className="med-tag out-of-stock">{t('outOfStock')}</span>}
              <AddToCartButton medicine={m} block />
            </article>
            );
          })}
        </div>
      )}
      {result && result.total > PAGE_SIZE && <Pager page={result.page} pageCount={result.pageCount} onChange={(p) => update({ page: String(p) })} />}
    </div>
  );
}
