import { App, Switch, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';

import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { MyDoctorProfileDocument, SetDoctorOnlineDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { paths } from '@/config/paths';
import ButtonLink from '@/components/ButtonLink';
import ProfileCard from '../components/ProfileCard';
import '../i18n';

export default function DoctorInfoPage() {
  const { t, i18n } = useTranslation('profile');
  const titleOf = useDoctorTitle();
  const { message } = App.useApp();
  const { data, loading, error } = useQuery(MyDoctorProfileDocument);
  const [setOnline, onlineState] = useMutation(SetDoctorOnlineDocument);
  const d = data?.myDoctorProfile;
  return (
    <ProfileCard
      title={t('myProfile')}
      loading={loading && !d}
      error={error ? errorInfo(error).message : undefined}
      avatarUrl={d?.avatarUrl}
      name={d ? `${titleOf(d.title)} ${d.name}` : undefined}
      rows={[
        { label: t('email'), value: d?.email },
        { label: t('gender'), value: d?.gender ? t(d.gender === 'Male' ? 'male' : 'female') : undefined },
        { label: t('phone'), value: d?.phone ? readerDigits(d.phone, i18n.language) : undefined },
        {
          label: t('onlineSwitch'),
          value: d && (
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch
                checked={d.isOnline}
                loading={onlineState.loading}
                aria-label={t('onlineSwitch')}
                onChange={(online) => setOnline({ variables: { online } }).catch((e) => message.error(errorInfo(e).message))}
              />
              <Tag color={d.isOnline ? 'green' : 'default'} data-testid="online-status">{d.isOnline ? t('online') : t('offline')}</Tag>
            </span>
          ),
        },
      ]}
      actions={<ButtonLink to={paths.userUpdateProfile} type="primary">{t('updateProfile')}</ButtonLink>}
    />
  );
}
