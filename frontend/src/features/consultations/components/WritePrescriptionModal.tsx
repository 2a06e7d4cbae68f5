import { useId } from 'react';
import { App, Button, Descriptions, Form, Input, Modal } from 'antd';
import NumberInput from '@/components/NumberInput';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { WritePrescriptionDocument, type AppointmentRowFragment, type MedicineLineInput } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatCount } from '@/lib/money';
import '../i18n';
import '../consultations.css';

export const MAX_MEDICINES = 10;

interface Values { medicines: MedicineLineInput[]; medInfo: string; doctorAdvice: string; followUp: string }

/** Medicines (at most 10 rows; the server refuses more too), notes, advice, follow-up; vitals from the booking. */
export default function WritePrescriptionModal({ appointment: a, onClose, onSaved }: { appointment: AppointmentRowFragment | null; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useTranslation('consultations');
  const rowId = useId();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [write, { loading }] = useMutation(WritePrescriptionDocument);
  async function submit(v: Values) {
    try {
      const medicines = (v.medicines ?? []).map((m) => ({ ...m, refills: m.refills ?? 0 }));
      await write({ variables: { input: { appointmentId: a!.id, medicines, medInfo: v.medInfo ?? '', doctorAdvice: v.doctorAdvice ?? '', followUp: v.followUp ?? '' } } });
      void message.success(t('prescriptionAdded'));
      form.resetFields();
      onSaved();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }
  const req = [{ required: true, message: t('details') }];
  return (
    <Modal open={!!a} title={t('writePrescription')} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      {a && (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} title={t('vitals')}>
          <Descriptions.Item label={t('name')}>{a.patientName}</Descriptions.Item>
          <Descriptions.Item label={t('age')}>{a.age != null ? formatCount(a.age, i18n.language) : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('gender')}>{a.patientGender ? t(a.patientGender === 'Male' ? 'male' : 'female') : '—'}</Descriptions.Item>
          {/* as the patient wrote them */}
          <Descriptions.Item label={t('weight')}><span translate="no">{a.weight ?? '—'}</span></Descriptions.Item>
          <Descriptions.Item label={t('height')}><span translate="no">{a.height ?? '—'}</span></Descriptions.Item>
          <Descriptions.Item label={t('problemShort')}>{a.problem ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <Form<Values> form={form} noValidate layout="vertical" onFinish={submit} initialValues={{ medicines: [{ medname: '', dailyUse: '', days: 7, quantity: '', refills: 0 }] }}>
        <Form.List name="medicines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => {
                // Every row says which medicine it is and labels each field (visibly, and by row for screen readers).
                const n = formatCount(i + 1, i18n.language);
                const headId = `${rowId}-${f.key}`;
                return (
                  <div key={f.key} role="group" className="medicine-row" aria-labelledby={headId}>
                    <div className="medicine-row-head">
                      <span id={headId}>{t('medicineN', { n })}</span>
                      <Button aria-label={t('removeMedicineN', { n })} icon={<DeleteOutlined />} onClick={() => remove(f.name)} size="small" type="text" danger />
                    </div>
                    <div className="medicine-row-fields">
                      <Form.Item className="medicine-name" name={[f.name, 'medname']} label={t('medicineName')} extra={t('medicineNameHint')} rules={req}><Input aria-label={t('medicineNField', { n, field: t('medicineName') })} /></Form.Item>
                      <Form.Item name={[f.name, 'dailyUse']} label={t('dailyUse')} extra={t('dailyUseHint')} rules={req}><Input aria-label={t('medicineNField', { n, field: t('dailyUse') })} /></Form.Item>
                      <Form.Item name={[f.name, 'days']} label={t('days')} rules={req}><NumberInput aria-label={t('medicineNField', { n, field: t('days') })} min={1} max={365} style={{ width: '100%' }} /></Form.Item>
                      <Form.Item name={[f.name, 'quantity']} label={t('quantity')} extra={t('quantityHint')} rules={req}><Input aria-label={t('medicineNField', { n, field: t('quantity') })} /></Form.Item>
                      <Form.Item name={[f.name, 'refills']} label={t('refills')} extra={t('refillsHint')}><NumberInput aria-label={t('medicineNField', { n, field: t('refills') })} min={0} max={5} style={{ width: '100%' }} /></Form.Item>
                    </div>
                  </div>
                );
              })}
              <Button icon={<PlusOutlined />} onClick={() => add({ medname: '', dailyUse: '', days: 7, quantity: '', refills: 0 })} disabled={fields.length >= MAX_MEDICINES}>
                {fields.length >= MAX_MEDICINES ? t('maxRows') : t('addMedicine')}
              </Button>
            </>
          )}
        </Form.List>
        <Form.Item name="medInfo" label={t('medInfo')} style={{ marginTop: 16 }}><Input.TextArea rows={2} maxLength={4000} /></Form.Item>
        <Form.Item name="doctorAdvice" label={t('doctorAdvice')}><Input.TextArea rows={2} maxLength={4000} /></Form.Item>
        <Form.Item name="followUp" label={t('followUp')}><Input maxLength={500} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>{t('save')}</Button>
      </Form>
    </Modal>
  );
}
