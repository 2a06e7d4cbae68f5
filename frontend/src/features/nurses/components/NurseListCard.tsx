import { useAreaLabel } from '@/lib/areas';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { NurseCardFragment } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import Stars from '@/components/Stars';
import PersonPhoto from '@/components/PersonPhoto';
import '../i18n';

/** A nurse in the public list, without antd (the list is a light page). */
export default function NurseListCard({ nurse, eager = false }: { nurse: NurseCardFragment; eager?: boolean }) {
  const { t, i18n } = useTranslation('nurses');
  const areaLabel = useAreaLabel();
  return (
    <article className="card nurse-card" aria-label={nurse.name}>
      {/* PersonPhoto itself, not ./shared's NursePhoto: that module also holds an antd tag for the hire screens. */}
      <PersonPhoto url={nurse.imageUrls[0]} name={nurse.name} size={96} shape="square" eager={eager} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <h3 style={{ margin: '0 0 4px' }}>
          <Link to={to('nurseDetail', { nurseId: nurse.id })}>{nurse.name}</Link>
        </h3>
        <div style={{ color: '#5f6b7a' }}>{nurse.degree}</div>
        <div>{nurse.work}</div>
        <div style={{ marginTop: 4 }}>
          <span className="tag-place">{areaLabel(nurse.location)}</span>{' '}
          <Stars value={nurse.rating} size={14} /> <small>{t('reviews', { count: nurse.reviewCount })}</small>
        </div>
      </div>
      <div className="nurse-card-side">
        <strong>{t('perVisit', { amount: formatTaka(nurse.feePoisha, i18n.language) })}</strong>
        <Link className="btn btn-primary" to={to('nurseDetail', { nurseId: nurse.id })}>{t('details')}</Link>
      </div>
    </article>
  );
}
