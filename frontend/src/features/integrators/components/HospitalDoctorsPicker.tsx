import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { HospitalDoctorSearchDocument, type HospitalDoctorChoiceFragment } from '@/gql/graphql';

interface Choice {
  id: string;
  name: string;
  work: string;
}

/**
 * The doctors a hospital's app reads the visits of: the admin searches doctors by name and picks
 * them. Each shows the work place the doctor gives, to help the admin, who decides; the server never
 * matches that text by itself.
 */
export default function HospitalDoctorsPicker({ id, value, onChange, linked }: {
  id?: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** The doctors linked when the form opened (their names, before any search). */
  linked: readonly HospitalDoctorChoiceFragment[];
}) {
  const { t } = useTranslation('integrators');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, loading } = useQuery(HospitalDoctorSearchDocument, { variables: { search: search || null } });
  const [known, setKnown] = useState<Map<string, Choice>>(() => new Map(linked.map((d) => [d.id, d])));
  const found = useMemo(() => data?.allDoctors.items ?? [], [data]);
  useEffect(() => {
    if (found.length) setKnown((m) => new Map([...m, ...found.map((d) => [d.id, d] as const)]));
  }, [found]);

  const label = (d: Choice) => `${d.name} · ${d.work}`;
  const options = [
    ...(value ?? []).map((idOf) => known.get(idOf)).filter((d): d is Choice => !!d),
    ...found.filter((d) => !value?.includes(d.id)),
  ].map((d) => ({ value: d.id, label: label(d) }));

  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={setTyped}
      value={value ?? []}
      onChange={(ids: string[]) => onChange?.(ids)}
      options={options}
      loading={loading}
      placeholder={t('form.hospitalDoctorsPlaceholder')}
      notFoundContent={loading ? null : t('form.hospitalDoctorsNone')}
      style={{ width: '100%' }}
    />
  );
}
