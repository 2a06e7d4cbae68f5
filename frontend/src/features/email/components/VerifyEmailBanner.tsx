import { useEffect } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmailStatusDocument, UpdateMailLanguageDocument } from '@/gql/graphql';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import '../i18n';

/**
 * Under the header, for logged-in patients whose email is not verified yet: they may browse, but
 * booking, hiring and ordering wait for the code. Also keeps the language of their mail in step
 * with the language they chose on screen (for every logged-in user).
 */
export default function VerifyEmailBanner() {
  const { t, i18n } = useTranslation('email');
  const session = useSession();
  const location = useLocation();
  const patient = session?.user.role === 'user';
  const { data } = useQuery(EmailStatusDocument, { skip: !patient });
  const [updateLanguage] = useMutation(UpdateMailLanguageDocument);

  useEffect(() => {
    if (!session) return;
    const sync = (lang: string) => {
      void updateLanguage({ variables: { language: lang.startsWith('bn') ? 'bn' : 'en' } }).catch(() => undefined);
    };
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [session, i18n, updateLanguage]);

  // A verified mobile number opens booking too (an account made with one has no email to verify).
  if (!patient || !data || data.me.contactVerified || location.pathname === paths.confirmEmail) return null;
  // Plain markup, no antd: the site layout shows it on every page, the home page included.
  return (
    <div className="notice-banner" role="status" data-testid="verify-email-banner">
      <span className="notice-banner-icon" aria-hidden="true">!</span>
      <span className="notice-banner-text">{t('banner')}</span>
      <Link className="btn btn-primary btn-sm" to={paths.confirmEmail}>{t('bannerAction')}</Link>
    </div>
  );
}
