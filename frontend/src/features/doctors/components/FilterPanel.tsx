import { Button, Checkbox, Divider, Radio, Skeleton } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { DoctorFilterOptionsDocument, type Gender } from '@/gql/graphql';
import type { DoctorFilters } from './doctorFilters';
import '../i18n';

/** Online Now, Gender, Fees, Ratings, Speciality; the options come from the server. */
export default function FilterPanel({ value, onChange, onReset }: { value: DoctorFilters; onChange: (f: DoctorFilters) => void; onReset: () => void }) {
  const { t } = useTranslation('doctors');
  const { data, loading } = useQuery(DoctorFilterOptionsDocument);
  const o = data?.doctorFilterOptions;
  if (loading && !o) return <Skeleton active />;
  if (!o) return null;
  const set = (patch: Partial<DoctorFilters>) => onChange({ ...value, ...patch, page: 1 });
  return (
    <div className="doctor-filters">
      <h3>{t('onlineNow')}</h3>
      <Radio.Group
        value={value.online === null ? 'any' : String(value.online)}
        onChange={(e) => set({ online: e.target.value === 'any' ? null : e.target.value === 'true' })}
        options={[{ value: 'any', label: '—' }, ...o.statuses.map((s) => ({ value: s.id, label: s.title }))]}
      />
      <Divider />
      <h3>{t('gender')}</h3>
      <Checkbox.Group value={value.genders} onChange={(v) => set({ genders: v as Gender[] })} options={o.genders.map((g) => ({ value: g.id, label: t(g.id === 'Male' ? 'male' : 'female') }))} />
      <Divider />
      <h3>{t('fees')}</h3>
      <Checkbox.Group className="stack" value={value.fees} onChange={(v) => set({ fees: v as string[] })} options={o.fees.map((f) => ({ value: f.id, label: f.title }))} />
      <Divider />
      <h3>{t('ratings')}</h3>
      <Radio.Group
        className="stack"
        value={value.rating ? String(value.rating) : 'any'}
        onChange={(e) => set({ rating: e.target.value === 'any' ? null : Number(e.target.value) })}
        options={[{ value: 'any', label: '—' }, ...o.ratings.map((r) => ({ value: r.id, label: r.title }))]}
      />
      <Divider />
      <h3>{t('speciality')}</h3>
      <Checkbox.Group className="stack" value={value.specialities} onChange={(v) => set({ specialities: v as string[] })} options={o.specialities.map((s) => ({ value: s.title, label: s.title }))} />
      <Divider />
      <Button block onClick={onReset}>{t('resetFilter')}</Button>
    </div>
  );
}
