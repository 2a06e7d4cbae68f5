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

  const label = (d: Choice | undefined, idOf: string) => (d ? `${d.name} · ${d.work}` : idOf);
  // The chosen carry their own labels, so the list shows only what the search found (Enter picks a
  // found doctor, never unpicks a chosen one that happened to be listed first).
  const chosen = (value ?? []).map((idOf) => ({ value: idOf, label: label(known.get(idOf), idOf) }));
  const options = found.map((d) => ({ value: d.id, label: label(d, d.id) }));

  return (
    <Select
      id={id}
      mode="multiple"
      labelInValue
      showSearch
      filterOption={false}
      onSearch={setTyped}
      value={chosen}
      onChange={(picked: { value: string }[]) => onChange?.(picked.map((p) => p.value))}
      options={options}
      loading={loading}
      placeholder={t('form.hospitalDoctorsPlaceholder')}
      notFoundContent={loading ? null : t('form.hospitalDoctorsNone')}
      style={{ width: '100%' }}
    />
  );
}
