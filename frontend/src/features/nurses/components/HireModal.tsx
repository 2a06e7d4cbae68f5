import { useState } from 'react';
import RequireVerifiedEmail from '@/components/RequireVerifiedEmail';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import { useMutation } from '@apollo/client/react';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { HireNurseDocument, MyNurseHiresDocument, type Gender } from '@/gql/graphql';
import FormAlert from '@/components/FormAlert';
import { showRefusal } from '@/components/formRefusal';
import { isoDay, todayInDhaka } from '@/lib/dates';
import { paths } from '@/config/paths';
import CareForSelect, { FOR_ME, familyMemberIdOf, useFamilyMembers } from '@/components/CareForSelect';
import '../i18n';
import { flash } from '@/lib/flash';

interface Values {
  careFor?: string;
  patientGender?: Gender;
  phone?: string;
  date?: Dayjs;
}

/** The hire modal: patient gender, phone (the earlier app forgot it) and a date that is not in the past. */
export default function HireModal({ nurseId, nurseName, open, onClose }: { nurseId: string; nurseName: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('nurses');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [hire, { loading }] = useMutation(HireNurseDocument, { refetchQueries: [MyNurseHiresDocument] });
  const today = todayInDhaka();
  const members = useFamilyMembers();
  const careFor = Form.useWatch('careFor', form) ?? FOR_ME;
  const member = members.find((m) => m.id === careFor);

  async function submit(v: Values) {
    setError(null);
    try {
      await hire({ variables: { input: { nurseId, familyMemberId: familyMemberIdOf(v.careFor), patientGender: v.patientGender!, phone: v.phone!.trim(), date: isoDay(v.date!) } } });
      flash(t('hirePlaced'));
      form.resetFields();
      onClose();
      navigate(paths.myHiredNurses);
    } catch (e) {
      setError(showRefusal(form, e));
    }
  }

  return (
    <Modal open={open} title={t('hireTitle', { name: nurseName })} onCancel={onClose} onOk={() => form.submit()} okText={t('hireNow')} confirmLoading={loading} destroyOnHidden>
      <RequireVerifiedEmail>
      <FormAlert message={error} />
      <Form noValidate form={form} layout="vertical" requiredMark={false} initialValues={{ careFor: FOR_ME }} onFinish={(v) => void submit(v)} onValuesChange={(changed: Values) => {
        if (changed.careFor === undefined) return;
        const m = members.find((x) => x.id === changed.careFor);
        // The nurse visits this family member: their gender, and their own phone when they have one.
        form.setFieldsValue(m ? { patientGender: m.gender, ...(m.phone ? { phone: m.phone } : {}) } : { patientGender: undefined });
      }}>
        <Form.Item name="careFor" label={tc('care.forWhom')}><CareForSelect /></Form.Item>
        <Form.Item name="patientGender" label={t('patientGender')} rules={[{ required: true, message: t('selectGender') }]}>
          <Select placeholder={t('selectGender')} options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} disabled={!!member} />
        </Form.Item>
        <Form.Item name="phone" label={t('phoneLabel')} rules={[{ required: true, whitespace: true, message: tc('fields.phoneRequired', { ns: 'widgets' }) }]}>
          <Input placeholder={t('phonePlaceholder')} inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item name="date" label={t('date')} rules={[{ required: true, message: t('chooseDate') }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => isoDay(d) < today} defaultPickerValue={dayjs(today)} />
        </Form.Item>
      </Form>
      </RequireVerifiedEmail>
    </Modal>
  );
}
