import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatYear } from '@/lib/year';

export default function Footer() {
  const { t, i18n } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <div>
          <h2>{t('brand')}</h2>
          <span>{t('tagline')}</span>
        </div>
        <div>
          <h2>{t('footer.services')}</h2>
          <Link to={paths.doctors}>{t('footer.onlineConsultant')}</Link>
          <Link to={paths.bloods}>{t('footer.blood')}</Link>
          <Link to={paths.nurses}>{t('footer.nurses')}</Link>
        </div>
        <div>
          <h2>{t('footer.about')}</h2>
          <Link to={paths.about}>{t('footer.about')}</Link>
          <Link to={paths.contact}>{t('footer.contact')}</Link>
          <Link to={paths.developers}>{t('footer.developers')}</Link>
        </div>
        <div>
          <h2>{t('footer.legal')}</h2>
          <span className="link">{t('footer.terms')}</span>
          <span className="link">{t('footer.privacy')}</span>
          <span className="link">{t('footer.cookie')}</span>
        </div>
      </div>
      <div className="copyright">{t('footer.copyright', { year: formatYear(new Date(), i18n.language) })}</div>
    </footer>
  );
}
