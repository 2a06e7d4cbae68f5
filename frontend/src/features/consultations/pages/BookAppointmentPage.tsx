import { useState } from 'react';
import RequireVerifiedEmail from '@/components/RequireVerifiedEmail';
import { Alert, App, Button, Form, Input, InputNumber, Radio, Select, Skeleton, Space } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BookConsultationDocument, BookingDoctorDocument, PayForConsultationDocument, type Gender, type PaymentProvider } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { errorInfo } from '@/lib/errors';
import PersonPhoto from '@/components/PersonPhoto';
import '../i18n';

interface Values { name: string; age: number; weight: string; height: string; gender: Gender; problem: string; provider: PaymentProvider }

/** The consultation form; the fee is the doctor's, from the server. Then off to bKash/Nagad. */
/** Asks for a verified email before the form (the server requires one to book or order). */
export default function BookAppointmentPage() {
  return <RequireVerifiedEmail><BookAppointmentPageForm /></RequireVerifiedEmail>;
}

function BookAppointmentPageForm() {
  const { t, i18n } = useTranslation('consultations');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const doctorId = params.get('doctorId') ?? '';
  const { data, loading, error } = useQuery(BookingDoctorDocument, { variables: { id: doctorId }, skip: !doctorId });
  const [book] = useMutation(BookConsultationDocument);
  const [pay] = useMutation(PayForConsultationDocument);
  const [busy, setBusy] = useState(false);

  if (!doctorId) return <Alert type="info" showIcon message={t('chooseDoctor')} action={<Link to={paths.doctors}>{t('findDoctor')}</Link>} />;
  if (loading) return <Skeleton active avatar />;
  if (error || !data) return <Alert type="error" showIcon message={errorInfo(error).message} />;
  const d = data.doctor;

  async function submit(v: Values) {
    setBusy(true);
    try {
      const booked = await book({ variables: { input: { doctorId, name: v.name, age: v.age, weight: v.weight, height: v.height, gender: v.gender, problem: v.problem } } });
      void message.success(t('placed'));
      const checkout = await pay({ variables: { appointmentId: booked.data!.bookConsultation.id, provider: v.provider } });
      window.location.assign(checkout.data!.payForConsultation.paymentUrl);
    } catch (e) {
      void message.error(errorInfo(e).message);
      setBusy(false);
    }
  }

  const req = [{ required: true, message: t('details') }];
  return (
    <div className="card auth-card wide">
      <h1 className="page-title">{t('bookTitle')}</h1>
      <Space align="center" style={{ marginBottom: 16 }}>
        <PersonPhoto url={d.avatarUrl} name={d.name} size={56} eager />
        <div>
          <strong>{d.name}</strong>
          <div className="muted">{d.degree} · {d.specialities.join(', ')}</div>
          <div>{t('fee')}: <strong data-testid="booking-fee">{formatTaka(d.feePoisha, i18n.language)}</strong></div>
        </div>
      </Space>
      <Form<Values> layout="vertical" onFinish={submit} onFinishFailed={() => void message.error(t('details'))} initialValues={{ provider: 'Bkash' }}>
        <div className="form-grid">
          <Form.Item name="name" label={t('name')} rules={req}><Input maxLength={100} /></Form.Item>
          <Form.Item name="age" label={t('age')} rules={req}><InputNumber min={0} max={130} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="weight" label={t('weight')} rules={req}><Input maxLength={20} placeholder="60 kg" /></Form.Item>
          <Form.Item name="height" label={t('height')} rules={req}><Input maxLength={20} placeholder={`5'4"`} /></Form.Item>
          <Form.Item name="gender" label={t('gender')} rules={req}>
            <Select options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} />
          </Form.Item>
        </div>
        <Form.Item name="problem" label={t('problem')} rules={req}><Input.TextArea rows={3} maxLength={2000} /></Form.Item>
        <Form.Item name="provider" label={t('payWith')}>
          <Radio.Group options={[{ value: 'Bkash', label: t('bkash') }, { value: 'Nagad', label: t('nagad') }]} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={busy}>{t('bookAndPay')}</Button>
      </Form>
    </div>
  );
}
