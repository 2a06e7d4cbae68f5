import { Tag } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { MeDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { paths } from '@/config/paths';
import ButtonLink from '@/components/ButtonLink';
import ProfileCard from '../components/ProfileCard';
import '../i18n';
import '../profile.css';

export default function UserInfoPage() {
  const { t, i18n } = useTranslation('profile');
  const { data, loading, error } = useQuery(MeDocument);
  const me = data?.me;
  return (
    <ProfileCard
      title={t('myProfile')}
      loading={loading && !me}
      error={error ? errorInfo(error).message : undefined}
      avatarUrl={me?.avatarUrl}
      name={me?.name}
      rows={[
        { label: t('email'), value: me && (me.email ? <>{me.email} {!me.emailVerified && <Tag color="orange">{t('notVerified')}</Tag>}</> : <span className="muted">{t('noEmail')}</span>) },
        { label: t('gender'), value: me?.gender ? t(me.gender === 'Male' ? 'male' : 'female') : undefined },
        {
          label: t('phone'),
          value: me && (
            <span className="profile-phone">
              {me.phone && <span>{readerDigits(me.phone, i18n.language)}</span>}
              {me.phone && <Tag color={me.phoneVerified ? 'green' : 'orange'}>{me.phoneVerified ? t('phoneVerified') : t('phoneNotVerified')}</Tag>}
              <Link to={paths.verifyPhone} data-testid="verify-phone-link">{!me.phone ? t('addPhone') : me.phoneVerified ? t('changePhone') : t('verifyPhone')}</Link>
            </span>
          ),
        },
        { label: t('birthdate'), value: me?.birthdate ? formatDate(me.birthdate, i18n.language) : undefined },
      ]}
      actions={(
        <>
          <ButtonLink to={paths.userUpdateProfile} type="primary">{t('updateProfile')}</ButtonLink>
          {me?.role === 'User' && <ButtonLink to={paths.myFamily}>{t('family')}</ButtonLink>}
        </>
      )}
    />
  );
}
