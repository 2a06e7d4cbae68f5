import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { DoctorCardFragment } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import Stars from '@/components/Stars';
import PersonPhoto from '@/components/PersonPhoto';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { useSpecialityNames } from '@/lib/specialities';
import '../i18n';

/**
 * A row of /doctors: name, degree, specialities, online badge, works at, experience, ratings, fee in BDT.
 * Plain elements, no antd: ten of these are most of the list's first render on a cheap phone.
 */
export default function DoctorRow({ doctor: d, eager = false }: { doctor: DoctorCardFragment; eager?: boolean }) {
  const { t, i18n } = useTranslation('doctors');
  const titleOf = useDoctorTitle();
  const specialityNames = useSpecialityNames();
  const profile = to('doctorDetail', { doctorId: d.id });
  return (
    <article className="doctor-row card" data-testid="doctor-row">
      <span className="doctor-row-avatar">
        <PersonPhoto url={d.avatarUrl} name={d.name} title={titleOf(d.title)} size={72} eager={eager} />
        {d.isOnline && <span className="online-dot" aria-hidden="true" />}
      </span>
      <div className="doctor-row-body">
        <h2><Link to={profile}>{titleOf(d.title)} {d.name}</Link>{' '}
          {d.isOnline ? <span className="tag-online">{t('online')}</span> : null}</h2>
        <div>{d.degree}</div>
        <div className="muted">{specialityNames(d.specialities)}</div>
        <div>{t('worksAt')}: {d.work}</div>
        <div className="muted">{t('experience', { count: d.experienceYears })}</div>
        <div><Stars value={d.rating} size={14} /> <span className="muted">{t('totalRatings', { count: d.reviewCount })}</span></div>
      </div>
      <div className="doctor-row-fee">
        <strong>{formatTaka(d.feePoisha, i18n.language)}</strong>
        <div className="muted">{t('perConsultation')}</div>
        <Link className="btn btn-primary" to={profile}>{t('viewProfile')}</Link>
      </div>
    </article>
  );
}
