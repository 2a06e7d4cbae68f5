import { Alert, Button, Card, Empty, Select, Skeleton, Tag } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AmbulanceServicesDocument, type AmbulanceType, type DhakaArea } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import '../i18n';

const AREAS: { value: DhakaArea; en: string; bn: string }[] = [
  { value: 'Uttara', en: 'Uttara', bn: 'উত্তরা' }, { value: 'Dhanmondi', en: 'Dhanmondi', bn: 'ধানমন্ডি' }, { value: 'Mirpur', en: 'Mirpur', bn: 'মিরপুর' },
  { value: 'Banani', en: 'Banani', bn: 'বনানী' }, { value: 'Gulshan', en: 'Gulshan', bn: 'গুলশান' }, { value: 'Mohammadpur', en: 'Mohammadpur', bn: 'মোহাম্মদপুর' },
  { value: 'Motijheel', en: 'Motijheel', bn: 'মতিঝিল' }, { value: 'Badda', en: 'Badda', bn: 'বাড্ডা' }, { value: 'Bashundhara', en: 'Bashundhara', bn: 'বসুন্ধরা' },
  { value: 'OldDhaka', en: 'Old Dhaka', bn: 'পুরান ঢাকা' },
];
const TYPE_COLOR: Record<AmbulanceType, string> = { AC: 'blue', NonAC: 'default', ICU: 'red', Freezer: 'purple' };

export default function AmbulancePage() {
  const { t, i18n } = useTranslation('info');
  const [params, setParams] = useSearchParams();
  const area = AREAS.find((a) => a.value === params.get('area'))?.value ?? null;
  const { data, loading, error } = useQuery(AmbulanceServicesDocument, { variables: { area } });
  const label = (a: DhakaArea) => {
    const x = AREAS.find((y) => y.value === a)!;
    return i18n.language.startsWith('bn') ? x.bn : x.en;
  };
  const list = data?.ambulanceServices;

  return (
    <section>
      <h1 className="page-title">{t('ambulance.title')}</h1>
      <Alert type="warning" showIcon title={t('ambulance.subtitle')} style={{ marginBottom: 16 }} />
      <Select
        aria-label={t('ambulance.area')}
        style={{ minWidth: 220, marginBottom: 16 }}
        value={area ?? 'all'}
        onChange={(v) => setParams(v === 'all' ? {} : { area: v })}
        options={[{ value: 'all', label: t('ambulance.allAreas') }, ...AREAS.map((a) => ({ value: a.value, label: label(a.value) }))]}
      />
      {error && <Alert type="error" showIcon title={errorInfo(error).message} />}
      {loading && !list && <Skeleton active />}
      {list && list.length === 0 && <Empty description={t('ambulance.none')} />}
      <div className="grid-cards">
        {list?.map((a) => (
          <Card key={a.id} title={a.name} size="small">
            <p style={{ margin: '0 0 8px' }}>{label(a.area)} · <Tag color={TYPE_COLOR[a.type]}>{t(`ambulance.type.${a.type}`)}</Tag></p>
            <p style={{ margin: '0 0 12px', color: '#5f6b7a' }}>{a.available24h ? t('ambulance.open24') : t('ambulance.dayOnly')}</p>
            <a href={`tel:${a.phone}`}><Button type="primary" icon={<PhoneOutlined />} block>{t('ambulance.call', { phone: a.phone })}</Button></a>
          </Card>
        ))}
      </div>
    </section>
  );
}
