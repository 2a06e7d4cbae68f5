import { Rate, Tag } from 'antd';
import { useAreaLabel } from '@/lib/areas';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NurseCardFragment } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import ButtonLink from '@/components/ButtonLink';
import { NursePhoto } from './shared';
import '../i18n';

export default function NurseListCard({ nurse, eager = false }: { nurse: NurseCardFragment; eager?: boolean }) {
  const { t, i18n } = useTranslation('nurses');
  const areaLabel = useAreaLabel();
  return (
    <article className="card nurse-card" aria-label={nurse.name}>
      <NursePhoto url={nurse.imageUrls[0]} name={nurse.name} eager={eager} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <h3 style={{ margin: '0 0 4px' }}>
          <Link to={to('nurseDetail', { nurseId: nurse.id })}>{nurse.name}</Link>
        </h3>
        <div style={{ color: '#5f6b7a' }}>{nurse.degree}</div>
        <div>{nurse.work}</div>
        <div style={{ marginTop: 4 }}>
          <Tag icon={<EnvironmentOutlined />}>{areaLabel(nurse.location)}</Tag>
          <Rate disabled allowHalf value={nurse.rating} style={{ fontSize: 14 }} /> <small>{t('reviews', { count: nurse.reviewCount })}</small>
        </div>
      </div>
      <div className="nurse-card-side">
        <strong>{t('perVisit', { amount: formatTaka(nurse.feePoisha, i18n.language) })}</strong>
        <ButtonLink to={to('nurseDetail', { nurseId: nurse.id })} type="primary">{t('details')}</ButtonLink>
      </div>
    </article>
  );
}
