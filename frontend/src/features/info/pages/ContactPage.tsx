import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SendContactMessageDocument } from '@/gql/graphql';
import FormAlert from '@/components/FormAlert';
import { showRefusal } from '@/components/formRefusal';
import '../i18n';
import { useLengthCount } from '@/components/lengthCount';

interface Values {
  name?: string;
  email?: string;
  subject?: string;
  message?: string;
}

export default function ContactPage() {
  const { t } = useTranslation('info');
  const { t: tc } = useTranslation();
  const messageCount = useLengthCount(5000);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [send, { loading }] = useMutation(SendContactMessageDocument);

  async function onFinish(v: Values) {
    setError(null);
    try {
      await send({ variables: { input: { name: v.name!.trim(), email: v.email!.trim(), subject: v.subject?.trim() || null, message: v.message!.trim() } } });
      void message.success(t('contact.sent'));
      form.resetFields();
    } catch (e) {
      setError(showRefusal(form, e));
    }
  }

  return (
    <section className="card" style={{ maxWidth: 640, margin: '0 auto' }}>
      <h1 className="page-title">{t('contact.title')}</h1>
      <p>{t('contact.intro')}</p>
      <p style={{ color: '#5f6b7a' }}>{t('contact.address')}<br />{t('contact.hotline')}</p>
      <FormAlert message={error} />
      <Form form={form} layout="vertical" noValidate onFinish={onFinish} requiredMark={false}>
        <Form.Item name="name" label={t('contact.name')} rules={[{ required: true, whitespace: true, message: tc('fields.nameRequired', { ns: 'widgets' }) }]}><Input autoComplete="name" maxLength={100} /></Form.Item>
        <Form.Item name="email" label={t('contact.email')} rules={[{ required: true, whitespace: true, message: tc('fields.emailRequired', { ns: 'widgets' }) }, { type: 'email', message: tc('fields.emailInvalid', { ns: 'widgets' }) }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="subject" label={t('contact.subject')}><Input maxLength={200} /></Form.Item>
        <Form.Item name="message" label={t('contact.message')} rules={[{ required: true, whitespace: true, message: tc('fields.messageRequired', { ns: 'widgets' }) }]}><Input.TextArea rows={5} maxLength={5000} count={messageCount} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>{t('contact.send')}</Button>
      </Form>
    </section>
  );
}
