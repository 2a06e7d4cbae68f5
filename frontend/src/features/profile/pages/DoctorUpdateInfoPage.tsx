import { Alert } from 'antd';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useSpecialityNames } from '@/lib/specialities';
import { MyDoctorProfileDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import ProfileCard from '../components/ProfileCard';
import '../i18n';

/** The spec's doctor variant of the update page is display-only: professional data is checked by admins. */
export default function DoctorUpdateInfoPage() {
  const { t, i18n } = useTranslation('profile');
  const specialityNames = useSpecialityNames();
  const { data, loading, error } = useQuery(MyDoctorProfileDocument);
  const d = data?.myDoctorProfile;
  return (
    <>
      <Alert type="info" showIcon message={t('displayOnly')} style={{ marginBottom: 16 }} />
      <ProfileCard
        title={t('professional')}
        loading={loading && !d}
        error={error ? errorInfo(error).message : undefined}
        avatarUrl={d?.avatarUrl}
        name={d?.name}
        rows={[
          { label: t('degree'), value: d?.degree },
          { label: t('specialities'), value: d && specialityNames(d.specialities) },
          { label: t('work'), value: d?.work },
          { label: t('experience'), value: d ? t('years', { count: d.experienceYears }) : undefined },
          { label: t('fee'), value: d ? formatTaka(d.feePoisha, i18n.language) : undefined },
          { label: t('location'), value: d?.location },
          { label: t('bmdc'), value: d?.bmdcNo },
          { label: t('nid'), value: d ? <span translate="no">{d.nidNo}</span> : undefined },
          { label: t('type'), value: d ? t(d.type === 'Dental' ? 'dental' : 'medical') : undefined },
          { label: t('status'), value: d ? t(d.status.toLowerCase()) : undefined },
          { label: t('rating'), value: d ? `${t('stars', { ns: 'common', value: d.rating })} · ${t('reviews', { count: d.reviewCount })}` : undefined },
        ]}
      />
    </>
  );
}
