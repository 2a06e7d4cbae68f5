import { Avatar, Badge, Button, Rate, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DoctorCardFragment } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { titleOf } from './titles';
import '../i18n';

/** A row of /doctors: name, degree, specialities, online badge, works at, experience, ratings, fee in BDT. */
export default function DoctorRow({ doctor: d }: { doctor: DoctorCardFragment }) {
  const { t, i18n } = useTranslation('doctors');
  return (
    <article className="doctor-row card" data-testid="doctor-row">
      <Badge dot={d.isOnline} color="green" offset={[-6, 6]}>
        <Avatar size={72} src={d.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
      </Badge>
      <div className="doctor-row-body">
        <h2><Link to={to('doctorDetail', { doctorId: d.id })}>{titleOf(d.title)} {d.name}</Link>{' '}
          {d.isOnline ? <Tag color="green">{t('online')}</Tag> : null}</h2>
        <div>{d.degree}</div>
        <div className="muted">{d.specialities.join(', ')}</div>
        <div>{t('worksAt')}: {d.work}</div>
        <div className="muted">{t('experience', { count: d.experienceYears })}</div>
        <div><Rate disabled allowHalf value={d.rating} style={{ fontSize: 14 }} /> <span className="muted">{t('totalRatings', { count: d.reviewCount })}</span></div>
      </div>
      <div className="doctor-row-fee">
        <strong>{formatTaka(d.feePoisha, i18n.language)}</strong>
        <div className="muted">{t('perConsultation')}</div>
        <Link to={to('doctorDetail', { doctorId: d.id })}><Button type="primary">{t('viewProfile')}</Button></Link>
      </div>
    </article>
  );
}
