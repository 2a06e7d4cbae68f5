import { Alert, Card, Empty, Skeleton } from 'antd';
import { MedicineBoxOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SpecialitiesDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import { specialityTitle } from '@/lib/specialities';
import '../i18n';
import '../manage-i18n';

/** 'Please select a speaciality': each choice opens /doctors with that speciality ticked. */
export default function ConsultationPage() {
  const { t, i18n } = useTranslation('doctors');
  const { data, loading, error } = useQuery(SpecialitiesDocument);
  return (
    <div>
      <h1 className="page-title">{t('selectSpeciality')}</h1>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      {loading && <Skeleton active />}
      {data && data.specialities.length === 0 && <Empty />}
      <div className="speciality-grid">
        {data?.specialities.map((s) => (
          <Link key={s.id} to={`${paths.doctors}?speciality=${encodeURIComponent(s.title)}`} className="speciality-tile">
            <Card hoverable>
              {s.imageUrl ? <img src={s.imageUrl} alt="" width={48} height={48} /> : <MedicineBoxOutlined style={{ fontSize: 40, color: 'var(--brand)' }} />}
              <div className="speciality-title">{specialityTitle(s, i18n.language)}</div>
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
