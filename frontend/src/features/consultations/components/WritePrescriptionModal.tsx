import { App, Button, Descriptions, Form, Input, InputNumber, Modal, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { WritePrescriptionDocument, type AppointmentRowFragment, type MedicineLineInput } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import '../i18n';

export const MAX_MEDICINES = 10;

interface Values { medicines: MedicineLineInput[]; medInfo: string; doctorAdvice: string; followUp: string }

/** Medicines (at most 10 rows; the server refuses more too), notes, advice, follow-up; vitals from the booking. */
export default function WritePrescriptionModal({ appointment: a, onClose, onSaved }: { appointment: AppointmentRowFragment | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('consultations');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [write, { loading }] = useMutation(WritePrescriptionDocument);
  async function submit(v: Values) {
    try {
      await write({ variables: { input: { appointmentId: a!.id, medicines: v.medicines ?? [], medInfo: v.medInfo ?? '', doctorAdvice: v.doctorAdvice ?? '', followUp: v.followUp ?? '' } } });
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
          <Descriptions.Item label={t('age')}>{a.age ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('gender')}>{a.patientGender ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('weight')}>{a.weight ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('height')}>{a.height ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('problemShort')}>{a.problem ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ medicines: [{ medname: '', dailyUse: '', days: 7, quantity: '' }] }}>
        <Form.List name="medicines">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} align="start" wrap className="medicine-row">
                  <Form.Item name={[f.name, 'medname']} label={i === 0 ? t('medicine') : undefined} rules={req}><Input aria-label={`${t('medicine')} ${i + 1}`} placeholder="Napa 500 mg" /></Form.Item>
                  <Form.Item name={[f.name, 'dailyUse']} label={i === 0 ? t('dailyUse') : undefined} rules={req}><Input aria-label={`${t('dailyUse')} ${i + 1}`} placeholder="1+0+1" /></Form.Item>
                  <Form.Item name={[f.name, 'days']} label={i === 0 ? t('days') : undefined} rules={req}><InputNumber aria-label={`${t('days')} ${i + 1}`} min={1} max={365} /></Form.Item>
                  <Form.Item name={[f.name, 'quantity']} label={i === 0 ? t('quantity') : undefined} rules={req}><Input aria-label={`${t('quantity')} ${i + 1}`} placeholder="10" /></Form.Item>
                  <Button aria-label={t('remove')} icon={<DeleteOutlined />} onClick={() => remove(f.name)} style={{ marginTop: i === 0 ? 30 : 0 }} />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ medname: '', dailyUse: '', days: 7, quantity: '' })} disabled={fields.length >= MAX_MEDICINES}>
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
