import { formatTaka } from '@/lib/money';
import RequireVerifiedEmail from '@/components/RequireVerifiedEmail';
import { Alert, App, Button, DatePicker, Form, Input, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BookHospitalVisitDocument, BookingDoctorDocument, HospitalSlotsDocument, type VisitSlot } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { isoDay, todayInDhaka } from '@/lib/dates';
import { errorInfo } from '@/lib/errors';
import PersonPhoto from '@/components/PersonPhoto';
import CareForSelect, { FOR_ME, familyMemberIdOf, useFamilyMembers } from '@/components/CareForSelect';
import '../i18n';
import { flash } from '@/lib/flash';

interface Values { careFor: string; patientName: string; phone: string; date: string; slot: VisitSlot }

/** Patient name, phone, date (today or later), slot; a full slot says so before and after submit. */
/** Asks for a verified email before the form (the server requires one to book or order). */
export default function HospitalAppointmentPage() {
  return <RequireVerifiedEmail><HospitalAppointmentPageForm /></RequireVerifiedEmail>;
}

function HospitalAppointmentPageForm() {
  const { t, i18n } = useTranslation('consultations');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const doctorId = params.get('doctorId') ?? '';
  const [form] = Form.useForm<Values>();
  const date = Form.useWatch('date', form) ?? '';
  const members = useFamilyMembers();
  const careFor = Form.useWatch('careFor', form) ?? FOR_ME;
  const member = members.find((m) => m.id === careFor);
  const doctor = useQuery(BookingDoctorDocument, { variables: { id: doctorId }, skip: !doctorId });
  const slots = useQuery(HospitalSlotsDocument, { variables: { doctorId, date }, skip: !doctorId || !date || date < todayInDhaka() });
  const [book, { loading }] = useMutation(BookHospitalVisitDocument);

  if (!doctorId) return <Alert type="info" showIcon message={t('chooseDoctor')} action={<Link to={paths.doctors}>{t('findDoctor')}</Link>} />;
  if (doctor.loading) return <Skeleton active />;
  if (doctor.error || !doctor.data) return <Alert type="error" showIcon message={errorInfo(doctor.error).message} />;

  async function submit(v: Values) {
    try {
      const { careFor, ...visit } = v;
      await book({ variables: { input: { doctorId, ...visit, familyMemberId: familyMemberIdOf(careFor) } } });
      flash(t('bookedSuccess'));
      navigate(paths.myBooking);
    } catch (e) {
      void message.error(errorInfo(e).message);
      void slots.refetch();
    }
  }
  const byslot = new Map((slots.data?.hospitalSlots ?? []).map((s) => [s.slot, s]));
  const req = [{ required: true, message: t('details') }];
  return (
    <div className="card auth-card">
      <h1 className="page-title">{t('hospitalTitle')}</h1>
      <p className="doctor-line">
        <PersonPhoto url={doctor.data.doctor.avatarUrl} name={doctor.data.doctor.name} size={48} eager />
        <span><strong>{doctor.data.doctor.name}</strong> · {doctor.data.doctor.work}</span>
      </p>
      <p>{t('feeAtHospital')}: <strong data-testid="visit-fee">{formatTaka(doctor.data.doctor.feePoisha, i18n.language)}</strong></p>
      <Form<Values> form={form} layout="vertical" noValidate onFinish={submit} onFinishFailed={() => void message.error(t('details'))}
        initialValues={{ careFor: FOR_ME }} onValuesChange={(changed: Partial<Values>) => {
          if (changed.careFor === undefined) return;
          const m = members.find((x) => x.id === changed.careFor);
          form.setFieldsValue(m ? { patientName: m.name, ...(m.phone ? { phone: m.phone } : {}) } : { patientName: '' });
        }}>
        <Form.Item name="careFor" label={tc('care.forWhom')}><CareForSelect /></Form.Item>
        <Form.Item name="patientName" label={t('patientName')} rules={req}><Input maxLength={100} readOnly={!!member} /></Form.Item>
        <Form.Item name="phone" label={t('phone')} extra={t('phoneHint')} rules={req}><Input inputMode="tel" autoComplete="tel" maxLength={20} /></Form.Item>
        {/* antd's picker, not the browser's date field (its own format and English tooltips): the day in
            the reader's language and digits, past days not offered; the form keeps it as YYYY-MM-DD. */}
        <Form.Item name="date" label={t('date')} rules={[...req, { validator: async (_, v?: string) => { if (v && v < todayInDhaka()) throw new Error(t('datePast')); } }]}
          getValueProps={(v?: string) => ({ value: v ? dayjs(v) : null })} normalize={(d?: Dayjs | null) => (d ? isoDay(d) : undefined)}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => isoDay(d) < todayInDhaka()} />
        </Form.Item>
        <Form.Item name="slot" label={t('slot')} rules={req}>
          <Radio.Group>
            {(['Morning', 'Afternoon', 'Evening'] as VisitSlot[]).map((s) => {
              const info = byslot.get(s);
              const full = info ? info.available === 0 : false;
              return (
                <Radio.Button key={s} value={s} disabled={full}>
                  {t(s)} {info ? `· ${full ? t('slotFull') : t('placesLeft', { count: info.available })}` : ''}
                </Radio.Button>
              );
            })}
          </Radio.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>{t('book')}</Button>
      </Form>
    </div>
  );
}
