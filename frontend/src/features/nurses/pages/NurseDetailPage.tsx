import { useState } from 'react';
import { useAreaLabel } from '@/lib/areas';
import { Alert, App, Button, Descriptions, Rate, Result, Skeleton, Tag } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { NurseDetailDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import HireModal from '../components/HireModal';
import NurseReviews from '../components/NurseReviews';
import { NursePhoto } from '../components/shared';
import '../i18n';
import { flash } from '@/lib/flash';

export default function NurseDetailPage() {
  const { nurseId = '' } = useParams();
  const { t, i18n } = useTranslation('nurses');
  const areaLabel = useAreaLabel();
  const { message } = App.useApp();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [hiring, setHiring] = useState(false);
  const { data, loading, error } = useQuery(NurseDetailDocument, { variables: { id: nurseId } });
  const nurse = data?.nurse;

  if (loading && !nurse) return <div className="card"><Skeleton active avatar /></div>;
  if (error) {
    const info = errorInfo(error);
    return info.code === 'NOT_FOUND' ? <Result status="404" title={t('notFound')} /> : <Alert type="error" showIcon title={info.message} />;
  }
  if (!nurse) return null;

  function startHire() {
    if (!session) {
      flash(t('loginToHire'), 'info');
      navigate(paths.userSignin, { state: { from: location.pathname } });
      return;
    }
    if (session.user.role !== 'user') {
      void message.warning(t('onlyPatientsHire'));
      return;
    }
    setHiring(true);
  }

  return (
    <>
      <title>{`${nurse.name} · Nirog`}</title>
      <article className="card">
        <div className="nurse-card" style={{ alignItems: 'flex-start' }}>
          <NursePhoto url={nurse.imageUrls[0]} name={nurse.name} size={140} eager priority />
          <div style={{ flex: 1, minWidth: 0 }}>
            <h1 className="page-title" style={{ marginBottom: 4 }}>{nurse.name}</h1>
            <div><Rate disabled allowHalf value={nurse.rating} /> <span>{t('reviews', { count: nurse.reviewCount })}</span></div>
            <Tag icon={<EnvironmentOutlined />} style={{ marginTop: 8 }}>{areaLabel(nurse.location)}</Tag>
            <Descriptions column={1} size="small" style={{ marginTop: 12 }} items={[
              { key: 'degree', label: t('degree'), children: nurse.degree },
              { key: 'work', label: t('work'), children: nurse.work },
              { key: 'fees', label: t('fees'), children: <strong>{formatTaka(nurse.feePoisha, i18n.language)}</strong> },
              { key: 'phone', label: t('phone'), children: <a href={`tel:${nurse.phone}`}>{readerDigits(nurse.phone, i18n.language)}</a> },
              { key: 'email', label: t('email'), children: <a href={`mailto:${nurse.email}`}>{nurse.email}</a> },
              { key: 'gender', label: t('gender'), children: t(nurse.gender === 'Male' ? 'male' : 'female') },
            ]} />
            <Button type="primary" size="large" data-testid="hire-nurse" onClick={startHire} style={{ marginTop: 8 }}>{t('hire')}</Button>
          </div>
        </div>
        <h2>{t('description')}</h2>
        <p style={{ whiteSpace: 'pre-line' }}>{nurse.description || t('noDescription')}</p>
      </article>
      <NurseReviews nurseId={nurse.id} />
      <HireModal nurseId={nurse.id} nurseName={nurse.name} open={hiring} onClose={() => setHiring(false)} />
    </>
  );
}
