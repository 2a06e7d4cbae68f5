import { Alert, Descriptions, Skeleton, Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MedicineDetailDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import { paths } from '@/config/paths';
import MedicineImage from '../components/MedicineImage';
import AddToCartButton from '../components/AddToCartButton';
import RxBadge from '../components/RxBadge';
import { useUnitLabel } from '../components/useUnitLabel';
import '../i18n';
import '../pharmacy.css';

export default function MedicineDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('pharmacy');
  const unitLabel = useUnitLabel();
  const { data, loading, error } = useQuery(MedicineDetailDocument, { variables: { id } });
  const m = data?.medicine;
  // A Bangla screen writes the brand as Bangla does (the Latin brand, on the pack, below it).
  const name = m && i18n.language.startsWith('bn') && m.nameBn ? m.nameBn : m?.name;
  return (
    <div className="card">
      <Link to={paths.medicine}>← {t('backToMedicine')}</Link>
      {error ? <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginTop: 16 }} /> : loading && !m ? <Skeleton active /> : m && (
        <div className="med-detail" style={{ marginTop: 16 }}>
          <MedicineImage url={m.imageUrl} name={name!} strength={m.strength} eager priority />
          <div>
            <h1 className="page-title">{name} <span className="med-meta" translate="no">{m.strength}</span></h1>
            {name !== m.name && <p className="med-meta" lang="en" translate="no">{m.name}</p>}
            <p className="med-price">{formatTaka(m.pricePoisha, i18n.language)} <span className="med-meta">{t('perUnit', { unit: unitLabel(m.unit) })}</span></p>
            <p>{m.inStock ? <Tag color="green">{t('inStock', { count: m.stock })}</Tag> : <Tag color="red">{t('outOfStock')}</Tag>}{m.prescriptionRequired && <RxBadge />}</p>
            {m.prescriptionRequired && <p className="med-meta">{t('rxHint')}</p>}
            <Descriptions column={1} size="small" bordered items={[
              { key: 'g', label: t('generic'), children: m.genericName },
              { key: 'c', label: t('company'), children: m.company },
              { key: 's', label: t('strength'), children: <span translate="no">{m.strength}</span> },
              { key: 't', label: t('type'), children: t(`forms.${m.form}`) },
              { key: 'u', label: t('unitLabel'), children: unitLabel(m.unit) },
            ]} />
            {m.description && <p style={{ marginTop: 12 }}>{m.description}</p>}
            <div style={{ marginTop: 16, maxWidth: 280 }}><AddToCartButton medicine={m} block /></div>
          </div>
        </div>
      )}
    </div>
  );
}
