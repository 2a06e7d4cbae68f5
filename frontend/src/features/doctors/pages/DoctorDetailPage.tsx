import { Suspense, useDeferredValue, useState, type ComponentType } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorDetailDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { formatCount, formatTaka } from '@/lib/money';
import { formatDate } from '@/lib/dates';
import { errorInfo } from '@/lib/errors';
import { useSession } from '@/lib/session';
import PersonPhoto from '@/components/PersonPhoto';
import Pager from '@/components/Pager';
import Stars from '@/components/Stars';
import { VideoIcon } from '@/components/buttonIcons';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { useSpecialityNames } from '@/lib/specialities';
import '../i18n';
import '../profile-i18n';

/** The review form's props: the route hands the form in with antd beside it (see app/routes.tsx). */
export type ReviewFormProps = { doctorId: string; onSaved: () => void };

/**
 * /doctor/:doctorId, without antd: the profile, the fee, the two ways to book and the reviews are plain
 * elements, so a patient who opens a doctor from a shared link or from the list sees them on a cheap
 * phone without downloading antd (issue #22: with antd this page scored 44–48 on Lighthouse mobile).
 * Only the review form uses antd. The route hands it in with antd's provider, and it is loaded for
 * patients alone, below the profile, after the page has painted. Visitors see the "log in to review"
 * note; other roles see no form.
 */
export default function DoctorDetailPage({ ReviewForm }: { ReviewForm: ComponentType<ReviewFormProps> }) {
  const { doctorId = '' } = useParams();
  const { t, i18n } = useTranslation('doctors');
  const { t: tc } = useTranslation('common');
  const titleOf = useDoctorTitle();
  const specialityNames = useSpecialityNames();
  const session = useSession();
  const [reviewPage, setReviewPage] = useState(1);
  const { data: answer, error, refetch } = useQuery(DoctorDetailDocument, { variables: { id: doctorId, reviewPage } });
  // The profile renders as a transition (as the catalogues' rows): the answer's synchronous commit
  // keeps the placeholder, and the profile follows in a render that yields to the browser.
  const data = useDeferredValue(answer);
  // A placeholder of the profile's size while it loads, so nothing below moves (CLS).
  if (!data && !error) return <div className="card card-placeholder doctor-detail-placeholder" role="status" aria-label={tc('loading')} />;
  if (error || !data) return <div role="alert" className="alert-error">{errorInfo(error).message}</div>;
  const d = data.doctor;
  const reviews = data.doctorReviews;
  const lang = i18n.language;
  const query = `?doctorId=${encodeURIComponent(d.id)}`;
  const facts: [string, React.ReactNode][] = [
    [t('worksAt'), d.work],
    [t('location'), d.location],
    [t('experienceYears'), formatCount(d.experienceYears, lang)],
    [t('fee'), <strong>{formatTaka(d.feePoisha, lang)}</strong>],
  ];
  return (
    <div className="doctor-detail">
      <section className="card">
        <div className="doctor-detail-head">
          <PersonPhoto url={d.avatarUrl} name={d.name} title={titleOf(d.title)} size={120} eager priority />
          <div>
            <h1 className="page-title" style={{ marginBottom: 4 }}>{titleOf(d.title)} {d.name}{' '}
              {d.isOnline && <span className="tag-online">{t('online')}</span>}</h1>
            <div>{d.degree}</div>
            <div className="muted">{specialityNames(d.specialities)}</div>
            <div><Stars value={d.rating} size={18} /> <span className="muted">{t('totalRatings', { count: d.reviewCount })}</span></div>
          </div>
        </div>
        <dl className="facts">
          {facts.map(([label, value]) => (
            <div key={label}><dt>{label}</dt><dd>{value}</dd></div>
          ))}
        </dl>
        <p>{d.description || t('noDescription')}</p>
        <div className="actions">
          <Link className="btn btn-lg" to={`${paths.hospitalAppointment}${query}`}>{t('hospitalVisit')}</Link>
          {d.isOnline && (
            <Link className="btn btn-lg btn-primary btn-online" to={`${paths.bookAppointment}${query}`}><VideoIcon />{t('seeDoctorNow')}</Link>
          )}
        </div>
      </section>
      <section className="card" style={{ marginTop: 16 }} aria-labelledby="doctor-reviews">
        <h2 id="doctor-reviews">{t('reviews', { count: reviews.total })}</h2>
        {reviews.total === 0 ? <p className="empty">{t('noReviews')}</p> : (
          <ul className="review-list">
            {reviews.items.map((r) => (
              <li key={r.id}>
                <div className="review-head"><strong>{r.name}</strong> <Stars value={r.rating} size={13} /></div>
                <div className="muted">{formatDate(r.createdAt, lang)}</div>
                <div className="written">{r.comment}</div>
              </li>
            ))}
          </ul>
        )}
        {reviews.pageCount > 1 && <Pager page={reviews.page} pageCount={reviews.pageCount} onChange={setReviewPage} />}
        {!session ? <p className="note-info">{t('loginToReview')}</p>
          : session.user.role === 'user' ? <Suspense fallback={null}><ReviewForm doctorId={d.id} onSaved={() => void refetch()} /></Suspense> : null}
      </section>
    </div>
  );
}
