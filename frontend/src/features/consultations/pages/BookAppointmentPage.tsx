import { useEffect, useState } from 'react';
import RequireVerifiedEmail from '@/components/RequireVerifiedEmail';
import { Alert, App, Button, Form, Input, Radio, Select, Skeleton, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSpecialityNames } from '@/lib/specialities';
import { BookConsultationDocument, BookingDoctorDocument, PayForConsultationDocument, type Gender, type PaymentProvider } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { errorInfo } from '@/lib/errors';
import { showRefusal } from '@/components/formRefusal';
import PersonPhoto from '@/components/PersonPhoto';
import CareForSelect, { FOR_ME, familyMemberIdOf, useFamilyMembers, useMyDetails, type MyDetails } from '@/components/CareForSelect';
import { readerDigits } from '@/lib/digits';
import '../i18n';
import { isHeight, isWeight, parseAge } from '../vitals';
import { useLengthCount } from '@/components/lengthCount';

interface Values { careFor: string; name: string; age: string; weight: string; height: string; gender: Gender; problem: string; provider: PaymentProvider }

/** The consultation form; the fee is the doctor's, from the server. Then off to bKash/Nagad. */
/** Asks for a verified email before the form (the server requires one to book or order). */
export default function BookAppointmentPage() {
  return <RequireVerifiedEmail><BookAppointmentPageForm /></RequireVerifiedEmail>;
}

function BookAppointmentPageForm() {
  const { t, i18n } = useTranslation('consultations');
  const problemCount = useLengthCount(2000);
  const specialityNames = useSpecialityNames();
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const doctorId = params.get('doctorId') ?? '';
  const { data, loading, error } = useQuery(BookingDoctorDocument, { variables: { id: doctorId }, skip: !doctorId });
  const [book] = useMutation(BookConsultationDocument);
  const [pay] = useMutation(PayForConsultationDocument);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<Values>();
  const members = useFamilyMembers();
  const careFor = Form.useWatch('careFor', form) ?? FOR_ME;
  const member = members.find((m) => m.id === careFor);
  // For "me", what the profile knows (name, age, gender) fills the fields still empty.
  const mine = useMyDetails();
  const myFields = (d: MyDetails | null): Partial<Values> => ({ name: d?.name ?? '', age: d?.age != null ? readerDigits(String(d.age), i18n.language) : '', gender: d?.gender });
  useEffect(() => {
    if (!mine || (form.getFieldValue('careFor') ?? FOR_ME) !== FOR_ME) return;
    const now = form.getFieldsValue(['name', 'age', 'gender']) as Partial<Values>;
    const fill = Object.entries(myFields(mine)).filter(([k, v]) => v && !now[k as keyof Values]);
    if (fill.length) form.setFieldsValue(Object.fromEntries(fill));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the profile arrives
  }, [mine?.name, mine?.age, mine?.gender, form]);

  if (!doctorId) return <Alert type="info" showIcon message={t('chooseDoctor')} action={<Link to={paths.doctors}>{t('findDoctor')}</Link>} />;
  if (loading) return <Skeleton active avatar />;
  if (error || !data) return <Alert type="error" showIcon message={errorInfo(error).message} />;
  const d = data.doctor;

  async function submit(v: Values) {
    setBusy(true);
    try {
      // For a family member their own name, age and gender go (the server takes the member's anyway).
      const booked = await book({ variables: { input: {
        doctorId, familyMemberId: familyMemberIdOf(v.careFor), name: v.name, age: parseAge(v.age)!, weight: v.weight, height: v.height, gender: v.gender, problem: v.problem,
      } } });
      void message.success(t('placed'));
      const checkout = await pay({ variables: { appointmentId: booked.data!.bookConsultation.id, provider: v.provider } });
      window.location.assign(checkout.data!.payForConsultation.paymentUrl);
    } catch (e) {
      // A refused field (an age, weight or height that is not one) is said beside it, in the reader's language.
      const refused = showRefusal(form, e);
      if (refused) void message.error(refused);
      setBusy(false);
    }
  }

  const req = [{ required: true, message: t('details') }];
  // Each vital says what it wants when it is not one; never clamped to something the patient did not type.
  const vital = (ok: (v: string) => boolean, key: string): Rule[] => [
    ...req,
    { validator: (_r, v: string | undefined) => (!v || ok(v) ? Promise.resolve() : Promise.reject(new Error(t(key)))) },
  ];
  return (
    <div className="card auth-card wide">
      <h1 className="page-title">{t('bookTitle')}</h1>
      <Space align="center" style={{ marginBottom: 16 }}>
        <PersonPhoto url={d.avatarUrl} name={d.name} size={56} eager />
        <div>
          <strong>{d.name}</strong>
          <div className="muted">{d.degree} · {specialityNames(d.specialities)}</div>
          <div>{t('fee')}: <strong data-testid="booking-fee">{formatTaka(d.feePoisha, i18n.language)}</strong></div>
        </div>
      </Space>
      <Form<Values> form={form} noValidate layout="vertical" onFinish={submit} scrollToFirstError initialValues={{ provider: 'Bkash', careFor: FOR_ME }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.careFor === undefined) return;
          const m = members.find((x) => x.id === changed.careFor);
          // A family member's own details fill the form (and stay as they are); back to "me", the profile's.
          form.setFieldsValue(m ? { name: m.name, age: String(m.age), gender: m.gender } : myFields(mine));
        }}>
        <Form.Item name="careFor" label={tc('care.forWhom')}><CareForSelect /></Form.Item>
        <div className="form-grid">
          <Form.Item name="name" label={t('name')} rules={req}><Input maxLength={100} readOnly={!!member} /></Form.Item>
          <Form.Item name="age" label={t('age')} extra={t('ageHint')} rules={vital((v) => parseAge(v) !== null, 'ageInvalid')}><Input inputMode="numeric" maxLength={3} readOnly={!!member} /></Form.Item>
          <Form.Item name="weight" label={t('weight')} extra={t('weightHint')} rules={vital(isWeight, 'weightInvalid')}><Input maxLength={20} /></Form.Item>
          <Form.Item name="height" label={t('height')} extra={t('heightHint')} rules={vital(isHeight, 'heightInvalid')}><Input maxLength={20} /></Form.Item>
          <Form.Item name="gender" label={t('gender')} rules={req}>
            <Select options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} disabled={!!member} />
          </Form.Item>
        </div>
        <Form.Item name="problem" label={t('problem')} rules={req}><Input.TextArea rows={3} maxLength={2000} count={problemCount} /></Form.Item>
        <Form.Item name="provider" label={t('payWith')}>
          <Radio.Group options={[{ value: 'Bkash', label: t('bkash') }, { value: 'Nagad', label: t('nagad') }]} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={busy}>{t('bookAndPay')}</Button>
      </Form>
    </div>
  );
}
