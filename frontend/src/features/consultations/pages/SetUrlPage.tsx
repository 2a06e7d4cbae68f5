import { useEffect } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { MyDoctorStatusDocument, SetMeetingUrlDocument } from '@/gql/graphql';
import { showRefusal } from '@/components/formRefusal';
import '../i18n';

/** Update Video Link ('Url updated'); consultations get a room of their own while it is empty. */
export default function SetUrlPage() {
  const { t } = useTranslation('consultations');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ url: string }>();
  const { data } = useQuery(MyDoctorStatusDocument);
  const [save, { loading }] = useMutation(SetMeetingUrlDocument);
  useEffect(() => {
    if (data?.myDoctorProfile.meetingUrl) form.setFieldsValue({ url: data.myDoctorProfile.meetingUrl });
  }, [data, form]);
  async function submit(v: { url: string }) {
    try {
      await save({ variables: { url: v.url.trim() } });
      void message.success(t('urlUpdated'));
    } catch (e) {
      // The field's own words ("Enter a valid link"); a refusal of the whole request under the one field too.
      const message = showRefusal(form, e);
      if (message) form.setFields([{ name: 'url', errors: [message] }]);
    }
  }
  return (
    <div className="card auth-card">
      <h1 className="page-title">{t('setUrlTitle')}</h1>
      <Form form={form} layout="vertical" noValidate onFinish={submit}>
        <Form.Item name="url" label={t('url')} rules={[{ required: true, message: t('urlRequired') }]}>
          <Input type="url" placeholder="https://meet.google.com/abc-defg-hij" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>{t('updateUrl')}</Button>
      </Form>
    </div>
  );
}
