import { useState } from 'react';
import { Alert, App, Button, DatePicker, Form, Input, Modal, Radio, Select, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  AddFamilyMemberDocument, MyFamilyMembersDocument, RemoveFamilyMemberDocument, UpdateFamilyMemberDocument,
  type FamilyMemberFieldsFragment, type FamilyRelation, type Gender,
} from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { showRefusal } from '@/components/formRefusal';
import { isBdMobile } from '@/lib/digits';
import { formatDate, isoDay, todayInDhaka } from '@/lib/dates';
import { formatCount } from '@/lib/money';
import '../i18n';
import '../profile.css';
import '@/components/care-i18n';
import { readerDigits } from '@/lib/digits';

const RELATIONS: FamilyRelation[] = ['Father', 'Mother', 'Spouse', 'Son', 'Daughter', 'Brother', 'Sister', 'Grandfather', 'Grandmother', 'Grandchild', 'Other'];

interface Values { name: string; relation: FamilyRelation; birthdate: string; gender: Gender; phone?: string }

/**
 * /my/family: the people a patient cares for. Each can be chosen on the booking, hiring and order
 * forms; a family member never logs in. Removing one asks first, and keeps the care already booked.
 */
export default function FamilyPage() {
  const { t, i18n } = useTranslation('profile');
  const { t: tc } = useTranslation('common');
  const { message, modal } = App.useApp();
  const { data, loading, error } = useQuery(MyFamilyMembersDocument, { fetchPolicy: 'cache-and-network' });
  const refetchQueries = [MyFamilyMembersDocument];
  const [add, addState] = useMutation(AddFamilyMemberDocument, { refetchQueries });
  const [update, updateState] = useMutation(UpdateFamilyMemberDocument, { refetchQueries });
  const [remove] = useMutation(RemoveFamilyMemberDocument, { refetchQueries });
  const [editing, setEditing] = useState<FamilyMemberFieldsFragment | 'new' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const members = data?.myFamilyMembers ?? [];

  function open(member: FamilyMemberFieldsFragment | 'new') {
    setFormError(null);
    setEditing(member);
  }
  const initial = editing && editing !== 'new'
    ? { name: editing.name, relation: editing.relation, birthdate: editing.birthdate, gender: editing.gender, phone: editing.phone ?? '' }
    : undefined;

  async function save(v: Values) {
    setFormError(null);
    const input = { name: v.name.trim(), relation: v.relation, birthdate: v.birthdate, gender: v.gender, phone: v.phone?.trim() || null };
    try {
      if (editing === 'new') {
        await add({ variables: { input } });
        void message.success(t('memberAdded', { name: input.name }));
      } else if (editing) {
        await update({ variables: { id: editing.id, input } });
        void message.success(t('memberSaved'));
      }
      setEditing(null);
    } catch (e) {
      setFormError(showRefusal(form, e));
    }
  }

  function confirmRemove(m: FamilyMemberFieldsFragment) {
    modal.confirm({
      title: t('confirmRemove', { name: m.name }),
      content: t('confirmRemoveText', { name: m.name }),
      okText: t('removeMember'), okButtonProps: { danger: true }, cancelText: t('cancel'),
      onOk: async () => {
        try {
          await remove({ variables: { id: m.id } });
          void message.success(t('memberRemoved', { name: m.name }));
        } catch (e) {
          void message.error(errorInfo(e).message);
        }
      },
    });
  }

  const gender = (g: Gender) => tc(g === 'Male' ? 'care.male' : 'care.female');
  return (
    <div className="card">
      <h1 className="page-title">{t('familyTitle')}</h1>
      <p>{t('familyIntro')}</p>
      <Button type="primary" onClick={() => open('new')} data-testid="add-family-member">{t('addMember')}</Button>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginTop: 16 }} />}
      {loading && !data ? <Skeleton active style={{ marginTop: 16 }} /> : members.length === 0 ? (
        <p className="muted" style={{ marginTop: 16 }}>{t('noMembers')}</p>
      ) : (
        <ul className="family-list" data-testid="family-list">
          {members.map((m) => (
            <li key={m.id} className="family-member">
              <h2>{m.name}</h2>
              <span>{tc('care.memberDetails', { relation: tc(`relation.${m.relation}`), age: formatCount(m.age, i18n.language), gender: gender(m.gender) })}</span>
              <span className="muted">{formatDate(m.birthdate, i18n.language)}{m.phone ? ` · ${readerDigits(m.phone, i18n.language)}` : ''}</span>
              <div className="family-member-actions" role="group" aria-label={t('memberActions', { name: m.name })}>
                <Button size="small" onClick={() => open(m)}>{t('editMember')}</Button>
                <Button size="small" danger onClick={() => confirmRemove(m)}>{t('removeMember')}</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Modal open={editing !== null} title={editing === 'new' || !editing ? t('addTitle') : t('editTitle', { name: editing.name })}
        onCancel={() => setEditing(null)} footer={null} destroyOnHidden>
        {formError && <Alert type="error" showIcon message={formError} style={{ marginBottom: 16 }} role="alert" />}
        <Form<Values> key={editing === 'new' ? 'new' : editing?.id} noValidate form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={save}>
          <Form.Item name="name" label={t('memberName')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}>
            <Input maxLength={100} autoComplete="off" />
          </Form.Item>
          <Form.Item name="relation" label={t('relation')} rules={[{ required: true, message: t('relationRequired') }]}>
            <Select options={RELATIONS.map((r) => ({ value: r, label: tc(`relation.${r}`) }))} />
          </Form.Item>
          <Form.Item name="birthdate" label={t('memberBirthdate')} rules={[{ required: true, message: t('memberBirthdateRequired') }]}
            getValueProps={(v?: string) => ({ value: v ? dayjs(v) : null })} normalize={(d?: Dayjs | null) => (d ? isoDay(d) : undefined)}>
            <DatePicker style={{ width: '100%' }} disabledDate={(d) => isoDay(d) > todayInDhaka()} />
          </Form.Item>
          <Form.Item name="gender" label={t('memberGender')} rules={[{ required: true, message: t('genderRequired') }]}>
            <Radio.Group options={[{ value: 'Male', label: gender('Male') }, { value: 'Female', label: gender('Female') }]} />
          </Form.Item>
          <Form.Item name="phone" label={t('memberPhone')} extra={t('memberPhoneHint')}
            rules={[{ validator: async (_, v?: string) => { if (v && v.trim() && !isBdMobile(v)) throw new Error(t('mobileInvalid')); } }]}>
            <Input inputMode="tel" autoComplete="off" maxLength={20} />
          </Form.Item>
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            <Button onClick={() => setEditing(null)}>{t('cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={addState.loading || updateState.loading}>{t('save')}</Button>
          </div>
        </Form>
      </Modal>
    </div>
  );
}
