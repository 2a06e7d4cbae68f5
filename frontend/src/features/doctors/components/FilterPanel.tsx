import { useId } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DoctorFilterOptionsDocument, type FeeRange, type Gender } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import type { DoctorFilters } from './doctorFilters';
import { specialityTitle } from '@/lib/specialities';
import '../i18n';

type Option = { value: string; label: string };

/** An option's words in the reader's language, by the server's id; its English title if the id is new. */
function optionLabel(t: TFunction<'doctors'>, key: string, fallback: string, count?: number): string {
  return t(key, { defaultValue: fallback, ...(count === undefined ? {} : { count }) });
}

/**
 * Online Now, Gender, Fees, Ratings, Speciality; the options come from the server, their words from
 * i18n by id (specialities carry their own Bangla title). Native radio
 * buttons and checkboxes (no antd): the desktop column and the phone dialog each get their own names.
 */
export default function FilterPanel({ value, onChange, onReset }: { value: DoctorFilters; onChange: (f: DoctorFilters) => void; onReset: () => void }) {
  const { t, i18n } = useTranslation('doctors');
  const id = useId();
  const { data, loading, error } = useQuery(DoctorFilterOptionsDocument);
  const o = data?.doctorFilterOptions;
  if (loading && !o) return <div className="card-placeholder filter-placeholder" aria-hidden="true" />;
  if (!o) return error ? <div role="alert" className="alert-error">{errorInfo(error).message}</div> : null;
  const set = (patch: Partial<DoctorFilters>) => onChange({ ...value, ...patch, page: 1 });
  const toggle = <T extends string>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

  const radios = (name: string, options: Option[], checked: string, pick: (v: string) => void, stack = false) => (
    <div className={stack ? 'stack' : 'inline'}>
      {options.map((opt) => (
        <label key={opt.value} className="check">
          <input type="radio" name={`${id}-${name}`} value={opt.value} checked={checked === opt.value} onChange={() => pick(opt.value)} />
          {opt.label}
        </label>
      ))}
    </div>
  );
  const checks = <T extends string>(options: { value: T; label: string }[], checked: T[], pick: (list: T[]) => void, stack = false) => (
    <div className={stack ? 'stack' : 'inline'}>
      {options.map((opt) => (
        <label key={opt.value} className="check">
          <input type="checkbox" value={opt.value} checked={checked.includes(opt.value)} onChange={() => pick(toggle(checked, opt.value))} />
          {opt.label}
        </label>
      ))}
    </div>
  );

  return (
    <div className="doctor-filters">
      <fieldset>
        <legend>{t('onlineNow')}</legend>
        {radios('online', [{ value: 'any', label: t('anyOnline') }, ...o.statuses.map((s) => ({ value: s.id, label: optionLabel(t, s.id === 'true' ? 'statusOptionTrue' : 'statusOptionFalse', s.title) }))],
          value.online === null ? 'any' : String(value.online), (v) => set({ online: v === 'any' ? null : v === 'true' }))}
      </fieldset>
      <fieldset>
        <legend>{t('gender')}</legend>
        {checks(o.genders.map((g) => ({ value: g.id as Gender, label: t(g.id === 'Male' ? 'male' : 'female') })), value.genders, (genders) => set({ genders }))}
      </fieldset>
      <fieldset>
        <legend>{t('fees')}</legend>
        {checks(o.fees.map((f) => ({ value: f.id, label: optionLabel(t, `fee${f.id}`, f.title) })), value.fees, (fees) => set({ fees: fees as FeeRange[] }), true)}
      </fieldset>
      <fieldset>
        <legend>{t('ratings')}</legend>
        {radios('rating', [{ value: 'any', label: t('anyRating') }, ...o.ratings.map((r) => ({ value: r.id, label: optionLabel(t, 'ratingAtLeast', r.title, Number(r.id)) }))],
          value.rating ? String(value.rating) : 'any', (v) => set({ rating: v === 'any' ? null : Number(v) }), true)}
      </fieldset>
      <fieldset>
        <legend>{t('speciality')}</legend>
        {checks(o.specialities.map((s) => ({ value: s.title, label: specialityTitle(s, i18n.language) })), value.specialities, (specialities) => set({ specialities }), true)}
      </fieldset>
      <button type="button" className="btn btn-block" onClick={onReset}>{t('resetFilter')}</button>
    </div>
  );
}
