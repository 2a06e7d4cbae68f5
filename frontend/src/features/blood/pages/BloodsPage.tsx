import { useState } from 'react';
import { useAreaOptions } from '@/lib/areas';
import { Alert, App, Button, Form, Input, Select, Skeleton } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { BloodRequestDonorsDocument, RequestBloodDocument, type BloodGroup, type DhakaArea, type EligibleDonorRowFragment } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import FormAlert from '@/components/FormAlert';
import { showRefusal } from '@/components/formRefusal';
import DonorList from '../components/DonorList';
import DonorRegistration from '../components/DonorRegistration';
import { BLOOD_GROUPS, clearRequestAccess, loadRequestAccess, saveRequestAccess } from '../groups';
import '../i18n';

interface Values {
  name?: string;
  phone?: string;
  email?: string;
  group?: BloodGroup;
  area?: DhakaArea;
}

/**
 * /bloods: the request form with the donor benefits text. After sending, the requester sees the
 * matched donors without their contacts: Nirog has sent them the request (email and SMS) and a donor
 * who can give calls the requester. The request's secret stays in this tab (sessionStorage) so a
 * reload shows the list again.
 */
export default function BloodsPage() {
  const { t } = useTranslation('blood');
  const { t: tc } = useTranslation();
  const areas = useAreaOptions('dhakaAreas');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [access, setAccess] = useState(loadRequestAccess);
  const [fresh, setFresh] = useState<EligibleDonorRowFragment[] | null>(null);
  const [send, { loading }] = useMutation(RequestBloodDocument);
  const stored = useQuery(BloodRequestDonorsDocument, { variables: { input: access ?? { requestId: '' } }, skip: !access || !!fresh });
  const donors = fresh ?? stored.data?.bloodRequestDonors ?? null;
  const benefits = ['b1', 'b2', 'b3', 'b4'].map((k) => t(`benefits.${k}`));

  async function onFinish(v: Values) {
    setError(null);
    try {
      const res = await send({ variables: { input: { name: v.name!.trim(), phone: v.phone!.trim(), email: v.email!.trim(), group: v.group!, area: v.area ?? null } } });
      const r = res.data!.requestBlood;
      saveRequestAccess(r.request.id, r.accessToken);
      setAccess({ requestId: r.request.id, accessToken: r.accessToken });
      setFresh(r.donors);
      void message.success(t('sent'));
    } catch (e) {
      setError(showRefusal(form, e));
    }
  }

  function reset() {
    clearRequestAccess();
    setAccess(null);
    setFresh(null);
    form.resetFields();
  }

  return (
    <section>
      <h1 className="page-title">{t('title')}</h1>
      <div className="grid-cards" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
        <div className="card">
          <h2 style={{ marginTop: 0 }}>{t('requestTitle')}</h2>
          <FormAlert message={error} />
          <Form form={form} layout="vertical" noValidate onFinish={onFinish} requiredMark={false}>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, whitespace: true, message: tc('fields.nameRequired', { ns: 'widgets' }) }]}><Input autoComplete="name" maxLength={100} /></Form.Item>
            <Form.Item name="phone" label={t('phone')} rules={[{ required: true, whitespace: true, message: tc('fields.phoneRequired', { ns: 'widgets' }) }]}>
              <Input inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" />
            </Form.Item>
            <Form.Item name="email" label={t('email')} rules={[{ required: true, whitespace: true, message: tc('fields.emailRequired', { ns: 'widgets' }) }, { type: 'email', message: tc('fields.emailInvalid', { ns: 'widgets' }) }]}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
            <Form.Item name="group" label={t('group')} rules={[{ required: true, message: t('selectGroup') }]}><Select placeholder={t('selectGroup')} options={BLOOD_GROUPS} /></Form.Item>
            <Form.Item name="area" label={t('area')}>
              <Select allowClear placeholder={t('anyArea')} options={areas} />
            </Form.Item>
            <p style={{ color: '#5f6b7a', marginTop: 0 }}>{t('shareNotice')}</p>
            <Button type="primary" htmlType="submit" loading={loading}>{t('send')}</Button>
          </Form>
        </div>
        <div className="card">
          <h2 style={{ marginTop: 0 }}>{t('benefitsTitle')}</h2>
          <ul>{benefits.map((b) => <li key={b} style={{ marginBottom: 8 }}>{b}</li>)}</ul>
        </div>
      </div>
      {access && (
        <section className="card section" aria-labelledby="donors-heading">
          <h2 id="donors-heading" style={{ marginTop: 0 }}>{t('donorsTitle')}</h2>
          <p style={{ color: '#5f6b7a' }}>{t('donorsHint')}</p>
          {stored.error && !fresh && <Alert type="error" showIcon title={errorInfo(stored.error).message} />}
          {stored.loading && !donors && <Skeleton active />}
          {donors && donors.length > 0 && <Alert type="success" showIcon title={t('notified')} style={{ marginBottom: 12 }} />}
          {donors && <DonorList donors={donors} />}
          <Button onClick={reset} style={{ marginTop: 12 }}>{t('newRequest')}</Button>
        </section>
      )}
      <div className="section"><DonorRegistration /></div>
    </section>
  );
}
