import { useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { withData } from '@/components/withData';
import SectionPlaceholder from '@/components/SectionPlaceholder';
import DataSection from '@/components/DataSection';
import SearchBox from '@/components/SearchBox';
import Qualities from '../components/Qualities';
import '../i18n';

// The sections that read data arrive with the data layer (Apollo), after the landing block has painted.
const BestNurses = withData(() => import('../components/BestNurses'));
const Partners = withData<object>(() => import('../components/CareSections').then((m) => ({ default: m.Partners })));
const InsuranceArticles = withData<object>(() => import('../components/CareSections').then((m) => ({ default: m.InsuranceArticles })));

/**
 * Home, built without antd and without Apollo in its first screen (the first page most visitors
 * load): the landing block; best doctors, partners, best nurses, qualities and insurance articles
 * join below, each keeping its place while it loads. The best doctors section is the doctors
 * feature's: the routes hand it in (features never import each other).
 */
export default function HomePage({ doctors }: { doctors?: ReactNode }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const search = useRef<HTMLInputElement>(null);
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t('heading')}</h1>
        <p>{t('paragraph')}</p>
        {/* One box for both catalogues: it opens the doctors' search; its suggestions offer medicines too. */}
        <form noValidate className="hero-search" role="search" onSubmit={(e) => {
          e.preventDefault();
          const q = search.current?.value.trim() ?? '';
          navigate(q ? `${paths.doctors}?q=${encodeURIComponent(q)}` : paths.doctors);
        }}>
          <SearchBox field={{ ref: search }} name="q" label={t('search')} placeholder={t('search')} scope="All" listId="home-suggestions" />
          <button type="submit" className="btn btn-lg">{t('searchButton')}</button>
        </form>
        <div className="hero-actions">
          <Link to={paths.doctors} className="btn btn-lg" style={{ fontWeight: 600 }}>{t('getAppointment')}</Link>
          <Link to={paths.about} className="btn btn-lg btn-ghost">{t('learnMore')}</Link>
        </div>
      </section>
      <Link className="banner" to={paths.about}>{t('banner')}</Link>
      {doctors}
      <DataSection placeholder={<SectionPlaceholder className="section" gridClass="partner-strip" cardClass="" count={0} />}>
        <Partners />
      </DataSection>
      <DataSection placeholder={<SectionPlaceholder className="section" gridClass="grid-cards" cardClass="light-card small card-placeholder nurse" />}>
        <BestNurses />
      </DataSection>
      <Qualities />
      <DataSection placeholder={null}>
        <InsuranceArticles />
      </DataSection>
    </>
  );
}
