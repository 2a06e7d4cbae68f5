import { useState } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select } from 'antd';
import PageResult from '@/components/PageResult';
import NumberInput from '@/components/NumberInput';
import { useMutation } from '@apollo/client/react';
import { Link, Navigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '@/lib/digits';
import { DoctorSignupDocument, type DoctorSignupInput } from '@/gql/graphql';
import { showRefusal } from '@/components/formRefusal';
import { formatCount } from '@/lib/money';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import AvatarPicker from '../components/AvatarPicker';
import { passwordRules } from '@/lib/passwordRules';
import { useDoctorTitleOptions } from '@/lib/doctorTitles';
import { NAME_MAX } from '../limits';
import '../i18n';
import '../auth.css';
import { useLengthCount } from '@/components/lengthCount';

/** Every field is required, each saying what is missing; the account waits for an admin's approval. */
export default function DoctorSignupPage() {
  const { t, i18n } = useTranslation('auth');
  const descriptionCount = useLengthCount(5000);
  const titleOptions = useDoctorTitleOptions();
  const session = useSession();
  const [form] = Form.useForm();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [avatarError, setAvatarError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [ruleBroken, setRuleBroken] = useState(false);
  const [done, setDone] = useState(false);
  const [signup, { loading }] = useMutation(DoctorSignupDocument);
  if (session) return <Navigate to={paths.home} replace />;
  if (done) {
    return (
      <div className="card auth-card wide">
        <PageResult status="success" title={t('doctorSubmitted')} extra={<Link to={paths.doctorLogin}>{t('doctorLoginTitle')}</Link>} />
      </div>
    );
  }

  // One message per field, saying what is missing there ('Enter your BMDC number').
  const required = (key: string) => [{ required: true, whitespace: true, message: t(key) }];

  async function onFinish(values: Omit<DoctorSignupInput, 'fees' | 'experienceYears'> & { fees: number; experienceYears: number }) {
    setError(null);
    if (!avatar) {
      setAvatarError(t('avatarRequired'));
      return;
    }
    try {
      await signup({ variables: { input: { ...values, email: values.email.trim(), nidNo: asciiDigits(values.nidNo.trim()), bmdcNo: asciiDigits(values.bmdcNo.trim()), language: i18n.language.startsWith('bn') ? 'bn' : 'en' }, avatar } });
      setDone(true);
    } catch (e) {
      setError(showRefusal(form, e));
    }
  }

  return (
    <div className="card auth-card wide">
      <h1 className="page-title">{t('doctorSignupTitle')}</h1>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form noValidate form={form} layout="vertical" onFinish={onFinish} onFinishFailed={() => { if (!avatar) setAvatarError(t('avatarRequired')); }} scrollToFirstError>
        <Form.Item label={t('avatar')} required>
          <AvatarPicker value={avatar} onChange={(f) => { setAvatar(f); setAvatarError(undefined); }} error={avatarError} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="title" label={t('title')} rules={required('titleRequired')}>
              <Select options={titleOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t('name')} rules={[...required('nameRequired'), { max: NAME_MAX, message: t('nameTooLong', { max: formatCount(NAME_MAX, i18n.language) }) }]}><Input autoComplete="name" /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('email')} rules={[...required('emailRequired'), { type: 'email', message: t('emailInvalid') }]}><Input autoComplete="email" /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="password" label={t('password')} extra={ruleBroken ? undefined : t('passwordRule')} rules={passwordRules(t, setRuleBroken)}><Input.Password autoComplete="new-password" /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('phone')} extra={t('phoneHint')} rules={required('phoneRequired')}><Input inputMode="tel" autoComplete="tel" /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('gender')} rules={required('genderRequired')}>
              <Select options={[{ value: 'Male', label: t('male') }, { value: 'Female', label: t('female') }]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="degree" label={t('degree')} extra={t('degreeHint')} rules={required('degreeRequired')}><Input /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="specialities" label={t('specialities')} extra={t('specialitiesHint')} rules={[{ required: true, message: t('specialitiesRequired') }]}>
              <Select mode="tags" tokenSeparators={[',']} open={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="work" label={t('work')} rules={required('workRequired')}><Input /></Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="experienceYears" label={t('experience')} rules={[{ required: true, message: t('experienceRequired') }]}><NumberInput min={0} max={70} style={{ width: '100%' }} /></Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="fees" label={t('fees')} rules={[{ required: true, message: t('feesRequired') }]}><NumberInput min={0} max={100000} style={{ width: '100%' }} /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="location" label={t('location')} rules={required('locationRequired')}><Input /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="type" label={t('type')} rules={required('typeRequired')}>
              <Select options={[{ value: 'Medical', label: t('medical') }, { value: 'Dental', label: t('dental') }]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="nidNo" label={t('nid')} rules={required('nidRequired')}><Input inputMode="numeric" /></Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="bmdcNo" label={t('bmdc')} extra={t('bmdcHint')} rules={required('bmdcRequired')}><Input /></Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('description')} rules={required('descriptionRequired')}><Input.TextArea rows={4} maxLength={5000} count={descriptionCount} /></Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" block loading={loading} size="large">{t('register')}</Button>
      </Form>
      <p className="auth-links"><Link to={paths.doctorLogin}>{t('haveAccount')}</Link></p>
    </div>
  );
}
