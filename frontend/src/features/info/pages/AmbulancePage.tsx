import { Alert, Button, Card, Empty, Select, Skeleton, Tag } from 'antd';
import { useAreaLabel, useAreaOptions } from '@/lib/areas';
import { PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { AmbulanceServicesDocument, type AmbulanceType, type DhakaArea } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import '../i18n';

const TYPE_COLOR: Record<AmbulanceType, string> = { AC: 'blue', NonAC: 'default', ICU: 'red', Freezer: 'purple' };

export default function AmbulancePage() {
  const { t, i18n } = useTranslation('info');
  const [params, setParams] = useSearchParams();
  const areas = useAreaOptions('dhakaAreas');
  const area = (areas.find((a) => a.value === params.get('area'))?.value ?? null) as DhakaArea | null;
  const { data, loading, error } = useQuery(AmbulanceServicesDocument, { variables: { area } });
  const label = useAreaLabel();
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
        options={[{ value: 'all', label: t('ambulance.allAreas') }, ...areas]}
      />
      {error && <Alert type="error" showIcon title={errorInfo(error).message} />}
      {loading && !list && <Skeleton active />}
      {list && list.length === 0 && <Empty description={t('ambulance.none')} />}
      <div className="grid-cards">
        {list?.map((a) => (
          <Card key={a.id} title={a.name} size="small">
            <p style={{ margin: '0 0 8px' }}>{label(a.area)} · <Tag color={TYPE_COLOR[a.type]}>{t(`ambulance.type.${a.type}`)}</Tag></p>
            <p style={{ margin: '0 0 12px', color: '#5f6b7a' }}>{a.available24h ? t('ambulance.open24') : t('ambulance.dayOnly')}</p>
            <Button type="primary" href={`tel:${a.phone}`} icon={<PhoneOutlined />} block>{t('ambulance.call', { phone: readerDigits(a.phone, i18n.language) })}</Button>
          </Card>
        ))}
      </div>
    </section>
  );
}
