import { Button, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import BestNurses from '../components/BestNurses';
import { InsuranceArticles, Partners, Qualities } from '../components/CareSections';
import '../i18n';

/** Home: the landing block now; best doctors, partners, best nurses, qualities and insurance articles join below. */
export default function HomePage() {
  const { t } = useTranslation('home');
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{t('heading')}</h1>
        <p>{t('paragraph')}</p>
        <Space wrap>
          <Link to={paths.doctors}><Button size="large" style={{ fontWeight: 600 }}>{t('getAppointment')}</Button></Link>
          <Link to={paths.about}><Button size="large" ghost>{t('learnMore')}</Button></Link>
        </Space>
      </section>
      <Link className="banner" to={paths.about}>{t('banner')}</Link>
      {/* Our Best Doctors goes here (doctors feature). */}
      <Partners />
      <BestNurses />
      <Qualities />
      <InsuranceArticles />
    </>
  );
}
