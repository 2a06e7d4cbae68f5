import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IntegratorAppInput, IntegratorAppRowFragment, IntegratorScope, OrganisationKind } from '@/gql/graphql';
import { errorInfo, formErrorParts } from '@/lib/errors';
import { INTEGRATOR_SCOPES, ORGANISATION_KINDS } from '@/lib/integratorScopes';
import HospitalDoctorsPicker from './HospitalDoctorsPicker';

interface Values {
  name: string;
  contactEmail: string;
  scopes: IntegratorScope[];
  organisationKind: OrganisationKind | '';
  organisationName?: string;
  hospitalDoctorIds?: string[];
  quotaSize: number;
  quotaRestoreRate: number;
}

const FIELDS = ['name', 'contactEmail', 'scopes', 'organisationKind', 'organisationName', 'hospitalDoctorIds', 'quotaSize', 'quotaRestoreRate'] as const;

/**
 * Registers an app or changes one: name, contact, scopes, whom it acts for (a hospital's app with
 * the doctors whose visits it reads), its cost budget. The server holds the rules (appointments:read
 * for a hospital, stock:write for the pharmacy, doctors for a hospital's app only) and its refusals
 * land beside their fields.
 */
export default function AppFormModal({ app, open, busy, onSubmit, onClose }: {
  app: IntegratorAppRowFragment | null;
  open: boolean;
  busy: boolean;
  onSubmit: (input: IntegratorAppInput) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrators');
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<string | null>(null);
  const kind = Form.useWatch('organisationKind', form);

  useEffect(() => {
    if (open) setProblem(null);
  }, [open]);
  const initial: Values = app
    ? {
      name: app.name, contactEmail: app.contactEmail, scopes: app.scopes, organisationKind: app.organisationKind ?? '', organisationName: app.organisationName ?? '',
      hospitalDoctorIds: app.hospitalDoctors.map((d) => d.id), quotaSize: app.quotaSize, quotaRestoreRate: app.quotaRestoreRate,
    }
    : { name: '', contactEmail: '', scopes: ['CATALOG_READ'], organisationKind: '', hospitalDoctorIds: [], quotaSize: 1000, quotaRestoreRate: 100 };

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      await onSubmit({
        name: v.name, contactEmail: v.contactEmail, scopes: v.scopes ?? [],
        organisationKind: v.organisationKind || null,
        organisationName: v.organisationKind && v.organisationKind !== 'PHARMACY' ? v.organisationName?.trim() || null : null,
        hospitalDoctorIds: v.organisationKind === 'HOSPITAL' ? v.hospitalDoctorIds ?? [] : null,
        quotaSize: v.quotaSize, quotaRestoreRate: v.quotaRestoreRate,
      });
    } catch (e) {
      const parts = formErrorParts(errorInfo(e), FIELDS);
      form.setFields(parts.fields.map((f) => ({ ...f, name: f.name as keyof Values })));
      setProblem(parts.message);
    }
  }

  const wholeNumber = [{ required: true, type: 'integer' as const, min: 1, message: t('form.quotaRequired') }];
  return (
    <Modal
      open={open}
      title={app ? t('form.editTitle', { name: app.name }) : t('form.createTitle')}
      okText={app ? t('form.save') : t('form.create')}
      cancelText={t('form.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      {problem && <Alert type="error" showIcon role="alert" message={problem} style={{ marginBottom: 12 }} />}
      <Form key={app?.id ?? 'new'} form={form} initialValues={initial} layout="vertical" noValidate requiredMark={false} onFinish={submit}>
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}>
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="contactEmail" label={t('form.contactEmail')}
          rules={[{ required: true, message: t('form.contactRequired') }, { type: 'email', message: t('form.contactInvalid') }]}>
          <Input type="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item name="scopes" label={t('form.scopes')} extra={t('form.scopesHint')}>
          <Checkbox.Group className="integrator-scopes" options={INTEGRATOR_SCOPES.map((s) => ({ value: s, label: t(`scopes.${s}`) }))} />
        </Form.Item>
        <Form.Item name="organisationKind" label={t('form.organisationKind')}>
          <Select options={[{ value: '', label: t('form.organisationNone') }, ...ORGANISATION_KINDS.map((k) => ({ value: k, label: t(`organisations.${k}`) }))]} />
        </Form.Item>
        {(kind === 'HOSPITAL' || kind === 'INSURER') && (
          <Form.Item name="organisationName" label={t('form.organisationName')} extra={t('form.organisationNameHint')}
            rules={[{ required: true, whitespace: true, message: t('form.organisationNameRequired') }]}>
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        )}
        {kind === 'HOSPITAL' && (
          <Form.Item name="hospitalDoctorIds" label={t('form.hospitalDoctors')} extra={t('form.hospitalDoctorsHint')}>
            <HospitalDoctorsPicker linked={app?.hospitalDoctors ?? []} />
          </Form.Item>
        )}
        <div className="integrator-quota">
          <Form.Item name="quotaSize" label={t('form.quotaSize')} rules={wholeNumber}>
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="quotaRestoreRate" label={t('form.quotaRestoreRate')} rules={wholeNumber}>
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <p className="muted">{t('form.quotaHint')}</p>
      </Form>
    </Modal>
  );
}
