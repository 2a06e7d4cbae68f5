import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { ReactNode } from 'react';
import BestNurses from '../components/BestNurses';
import { InsuranceArticles, Partners, Qualities } from '../components/CareSections';
import '../i18n';

/**
 * Home, built without antd (the first screen most visitors load): the landing block; best doctors,
 * partners, best nurses, qualities and insurance articles join below. The best doctors section is
 * the doctors feature's: the routes hand it in (features never import each other).
 */
export default function HomePage({ doctors }: { doctors?: ReactNode }) {
  const { t } = useTranslation('home');
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t('heading')}</h1>
        <p>{t('paragraph')}</p>
        <div className="hero-actions">
          <Link to={paths.doctors} className="btn btn-lg" style={{ fontWeight: 600 }}>{t('getAppointment')}</Link>
          <Link to={paths.about} className="btn btn-lg btn-ghost">{t('learnMore')}</Link>
        </div>
      </section>
      <Link className="banner" to={paths.about}>{t('banner')}</Link>
      {doctors}
      <Partners />
      <BestNurses />
      <Qualities />
      <InsuranceArticles />
    </>
  );
}
