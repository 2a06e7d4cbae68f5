import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './widgets-i18n';
import { VerifiedEmailDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';

/**
 * Booking, hiring and ordering need a verified email or mobile number (the server refuses them
 * otherwise). Rather than let a patient fill a whole form first, the form is replaced by the way
 * on: a link to Confirm Email, or to verify a mobile number. While the answer is on its way the form
 * shows (the server still checks).
 */
export default function RequireVerifiedEmail({ children }: { children: ReactNode }) {
  const { t } = useTranslation('widgets');
  const { data } = useQuery(VerifiedEmailDocument, { fetchPolicy: 'cache-and-network' });
  if (data?.me && !data.me.contactVerified) {
    return (
      <div className="card auth-card" role="alert" data-testid="verify-first">
        <h1 className="page-title">{t('verify.title')}</h1>
        <p>{t('verify.text')}</p>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
          <Link className="btn btn-primary" to={paths.confirmEmail}>{t('verify.action')}</Link>
          <Link to={paths.verifyPhone}>{t('verify.orPhone')}</Link>
        </div>
      </div>
    );
  }
  return <>{children}</>;
}
