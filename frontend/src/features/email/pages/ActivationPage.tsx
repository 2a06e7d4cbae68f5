import { useEffect, useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import PageResult from '@/components/PageResult';
import { useMutation } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ActivateAccountDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import '../i18n';

/** /activation/:activation_token: the link from the verification mail. */
export default function ActivationPage() {
  const { t } = useTranslation('email');
  const { activation_token: token = '' } = useParams();
  const session = useSession();
  const [activate] = useMutation(ActivateAccountDocument);
  const [state, setState] = useState<'working' | 'done' | 'expired'>('working');
  // A link works once: React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    activate({ variables: { token } }).then(
      () => setState('done'),
      () => setState('expired'),
    );
  }, [activate, token]);

  if (state === 'working') {
    return <div className="card auth-card" style={{ textAlign: 'center' }}><Spin /> <p>{t('activating')}</p></div>;
  }
  if (state === 'done') {
    return (
      <PageResult
        status="success"
        title={t('activated')}
        subTitle={t('activatedHint')}
        extra={<Link to={session ? paths.home : paths.userSignin}><Button type="primary">{session ? t('goHome') : t('goLogin')}</Button></Link>}
      />
    );
  }
  return (
    <PageResult
      status="warning"
      title={t('expired')}
      subTitle={t('expiredHint')}
      extra={<Link to={session ? paths.confirmEmail : paths.userSignin}><Button type="primary">{session ? t('goConfirm') : t('goLogin')}</Button></Link>}
    />
  );
}
