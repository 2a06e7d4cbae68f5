import { useState } from 'react';
import { Alert, App, Button, Collapse, Empty, Form, Input, Radio, Skeleton } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ApplyInsuranceDocument, InsuranceArticlesDocument, type Gender } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import FormAlert from '@/components/FormAlert';
import { showRefusal } from '@/components/formRefusal';
import { readerText } from '@/lib/readerText';
import '../i18n';

interface Values {
  name?: string;
  email?: string;
  phone?: string;
  gender?: Gender;
}

export default function InsurancePage() {
  const { t, i18n } = useTranslation('info');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const articles = useQuery(InsuranceArticlesDocument);
  const [apply, { loading }] = useMutation(ApplyInsuranceDocument);

  async function onFinish(v: Values) {
    setError(null);
    try {
      await apply({ variables: { input: { name: v.name!.trim(), email: v.email!.trim(), phone: v.phone!.trim(), gender: v.gender! } } });
      void message.success(t('insurance.applied'));
      setDone(true);
      form.resetFields();
    } catch (e) {
      setError(showRefusal(form, e));
    }
  }

  const list = articles.data?.insuranceArticles;
  return (
    <section>
      <h1 className="page-title">{t('insurance.title')}</h1>
      <div className="grid-cards" style={{ gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' }}>
        <div className="card">
          <h2 style={{ marginTop: 0 }}>{t('insurance.articles')}</h2>
          {articles.error && <Alert type="error" showIcon title={errorInfo(articles.error).message} />}
          {articles.loading && !list && <Skeleton active />}
          {list && list.length === 0 && <Empty description={t('insurance.noArticles')} />}
          {list && list.length > 0 && (
            <Collapse defaultActiveKey={[list[0]!.id]} items={list.map((a) => ({
              key: a.id,
              label: <strong>{readerText(a.title, a.titleBn, i18n.language)}</strong>,
              children: <><p style={{ fontWeight: 500 }}>{readerText(a.summary, a.summaryBn, i18n.language)}</p><p>{readerText(a.body, a.bodyBn, i18n.language)}</p></>,
            }))} />
          )}
        </div>
        <div className="card">
          <h2 style={{ marginTop: 0 }}>{t('insurance.formTitle')}</h2>
          {done && <Alert type="success" showIcon title={t('insurance.applied')} style={{ marginBottom: 12 }} />}
          <FormAlert message={error} />
          <Form noValidate form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
            <Form.Item name="name" label={t('insurance.name')} rules={[{ required: true, whitespace: true, message: tc('fields.nameRequired', { ns: 'widgets' }) }]}><Input autoComplete="name" maxLength={100} /></Form.Item>
            <Form.Item name="email" label={t('insurance.email')} rules={[{ required: true, whitespace: true, message: tc('fields.emailRequired', { ns: 'widgets' }) }, { type: 'email', message: tc('fields.emailInvalid', { ns: 'widgets' }) }]}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
            <Form.Item name="phone" label={t('insurance.phone')} rules={[{ required: true, whitespace: true, message: tc('fields.phoneRequired', { ns: 'widgets' }) }]}>
              <Input inputMode="tel" autoComplete="tel" placeholder="01XXXXXXXXX" />
            </Form.Item>
            <Form.Item name="gender" label={t('insurance.gender')} rules={[{ required: true, message: tc('fields.chooseOne', { ns: 'widgets' }) }]}>
              <Radio.Group options={[{ value: 'Male', label: t('insurance.male') }, { value: 'Female', label: t('insurance.female') }]} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={loading}>{t('insurance.apply')}</Button>
          </Form>
        </div>
      </div>
    </section>
  );
}
