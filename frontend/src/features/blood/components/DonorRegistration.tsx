import { useEffect, useState } from 'react';
import { useAreaOptions } from '@/lib/areas';
import { Alert, App, Button, DatePicker, Form, Input, Select, Skeleton, Switch, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import dayjs, { type Dayjs } from 'dayjs';

import { useTranslation } from 'react-i18next';
import { MyBloodDonorDocument, RegisterBloodDonorDocument, type BloodGroup, type DhakaArea } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { isoDay, todayInDhaka } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import ButtonLink from '@/components/ButtonLink';
import { BLOOD_GROUPS, groupLabel } from '../groups';
import '../i18n';

interface Values {
  group?: BloodGroup;
  area?: DhakaArea;
  lastDonationDate?: Dayjs | null;
  phone?: string;
  available: boolean;
}

export default function DonorRegistration() {
  const { t } = useTranslation('blood');
  const { t: tc } = useTranslation();
  const areas = useAreaOptions('dhakaAreas');
  const session = useSession();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const mine = useQuery(MyBloodDonorDocument, { skip: !session });
  const [register, { loading }] = useMutation(RegisterBloodDonorDocument, { refetchQueries: [MyBloodDonorDocument] });
  const donor = mine.data?.myBloodDonor;
  const today = todayInDhaka();

  useEffect(() => {
    if (donor) form.setFieldsValue({ group: donor.group, area: donor.area, phone: donor.phone, available: donor.available, lastDonationDate: donor.lastDonationDate ? dayjs(donor.lastDonationDate) : null });
  }, [donor, form]);

  if (!session) {
    return (
      <section className="card" aria-labelledby="donor-heading">
        <h2 id="donor-heading" style={{ marginTop: 0 }}>{t('donorTitle')}</h2>
        <p>{t('donorHint')}</p>
        <ButtonLink to={paths.userSignin} state={{ from: paths.bloods }}>{t('loginToDonate')}</ButtonLink>
      </section>
    );
  }

  async function onFinish(v: Values) {
    setError(null);
    if (!v.group || !v.area || !v.phone?.trim()) {
      setError(tc('messages.enterAllFields'));
      return;
    }
    try {
      await register({ variables: { input: { group: v.group, area: v.area, phone: v.phone.trim(), available: v.available, lastDonationDate: v.lastDonationDate ? isoDay(v.lastDonationDate) : null } } });
      void message.success(t('registered'));
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  return (
    <section className="card" aria-labelledby="donor-heading">
      <h2 id="donor-heading" style={{ marginTop: 0 }}>{t('donorTitle')}</h2>
      <p>{t('donorHint')}</p>
      {mine.loading && !mine.data && <Skeleton active />}
      {donor && (
        <Alert style={{ marginBottom: 12 }} type={donor.eligibleNow ? 'success' : 'info'} showIcon
          title={<>{t('registered')} <Tag color="red">{groupLabel(donor.group)}</Tag></>} description={donor.eligibleNow ? t('eligibleNow') : t('notYet')} />
      )}
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} />}
      <Form noValidate form={form} layout="vertical" onFinish={onFinish} initialValues={{ available: true }} requiredMark={false}>
        <Form.Item name="group" label={t('group')}><Select placeholder={t('selectGroup')} options={BLOOD_GROUPS} /></Form.Item>
        <Form.Item name="area" label={t('area').replace(/ \(.*\)/, '')}>
          <Select options={areas} />
        </Form.Item>
        <Form.Item name="phone" label={t('phone')}><Input inputMode="tel" placeholder="01XXXXXXXXX" /></Form.Item>
        <Form.Item name="lastDonationDate" label={t('lastDonation')} extra={t('lastDonationHint')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => isoDay(d) > today} />
        </Form.Item>
        <Form.Item name="available" label={t('available')} valuePropName="checked"><Switch /></Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>{donor ? t('updateDonor') : t('register')}</Button>
      </Form>
    </section>
  );
}
