import { useEffect, useRef, useState } from 'react';
import { Spin } from 'antd';
import PageResult from '@/components/PageResult';
import { useMutation } from '@apollo/client/react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ActivateAccountDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import ButtonLink from '@/components/ButtonLink';
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
        extra={<ButtonLink to={session ? paths.home : paths.userSignin} type="primary">{session ? t('goHome') : t('goLogin')}</ButtonLink>}
      />
    );
  }
  return (
    <PageResult
      status="warning"
      title={t('expired')}
      subTitle={t('expiredHint')}
      extra={<ButtonLink to={session ? paths.confirmEmail : paths.userSignin} type="primary">{session ? t('goConfirm') : t('goLogin')}</ButtonLink>}
    />
  );
}
