import { useState } from 'react';
import { Alert, App, Button, Empty, Modal, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CreateIntegratorAppDocument, IntegratorAppsDocument, RevokeIntegratorAppDocument, RotateIntegratorKeyDocument, UpdateIntegratorAppDocument,
  type IntegratorAppInput, type IntegratorAppRowFragment,
} from '@/gql/graphql';
import { paths } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import Pager from '@/components/Pager';
import { actionsColumn } from '@/components/AdminTable';
import AppFormModal from '../components/AppFormModal';
import { scopeCode } from '@/lib/integratorScopes';
import KeyOnceModal from '../components/KeyOnceModal';
import '../i18n';
import '../integrators.css';

const OVERLAPS = [{ minutes: 0, key: 'overlapNone' }, { minutes: 60, key: 'overlapHour' }, { minutes: 1440, key: 'overlapDay' }, { minutes: 10080, key: 'overlapWeek' }];

/**
 * /admin/integrators: the apps that call the API with their own key. An admin registers one and sees
 * its key once, changes its scopes, organisation and budget, gives it a new key (the old ones kept
 * for an overlap) and revokes it.
 */
export default function AdminIntegratorsPage() {
  const { t, i18n } = useTranslation('integrators');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<IntegratorAppRowFragment | 'new' | null>(null);
  const [rotating, setRotating] = useState<IntegratorAppRowFragment | null>(null);
  const [overlap, setOverlap] = useState(60);
  const [shown, setShown] = useState<{ appName: string; key: string } | null>(null);
  const { data, loading, error, refetch } = useQuery(IntegratorAppsDocument, { variables: { page, pageSize: 20 }, fetchPolicy: 'cache-and-network' });
  // The key is answered once: kept out of Apollo's cache, it lives only in the dialog that shows it.
  const [create, created] = useMutation(CreateIntegratorAppDocument, { fetchPolicy: 'no-cache' });
  const [update, updated] = useMutation(UpdateIntegratorAppDocument);
  const [revoke] = useMutation(RevokeIntegratorAppDocument);
  const [rotate, rotated] = useMutation(RotateIntegratorKeyDocument, { fetchPolicy: 'no-cache' });
  const result = data?.integratorApps;

  async function save(input: IntegratorAppInput) {
    if (editing === 'new') {
      const r = await create({ variables: { input } });
      const made = r.data?.createIntegratorApp;
      setEditing(null);
      if (made) setShown({ appName: made.app.name, key: made.key });
    } else if (editing) {
      await update({ variables: { id: editing.id, input } });
      setEditing(null);
      void message.success(t('form.saved'));
    }
    await refetch();
  }

  async function onRevoke(app: IntegratorAppRowFragment) {
    try {
      await revoke({ variables: { id: app.id } });
      void message.success(t('apps.revokedDone'));
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  async function onRotate() {
    if (!rotating) return;
    try {
      const r = await rotate({ variables: { id: rotating.id, input: { overlapMinutes: overlap } } });
      const made = r.data?.rotateIntegratorKey;
      setRotating(null);
      if (made) setShown({ appName: made.app.name, key: made.key });
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  const keyState = (k: IntegratorAppRowFragment['keys'][number]) => {
    if (k.revokedAt) return t('apps.keyRevoked');
    if (k.expiresAt) return t('apps.keyExpires', { at: formatDateTime(k.expiresAt, i18n.language) });
    return t('apps.keyActive');
  };

  return (
    <div className="card">
      <div className="integrators-head">
        <h1 className="page-title">{t('apps.title')}</h1>
        <Button type="primary" onClick={() => setEditing('new')}>{t('apps.register')}</Button>
      </div>
      <Typography.Paragraph type="secondary" className="integrators-intro">
        {t('apps.intro')} <Link to={paths.developers}>{t('apps.developers')}</Link>
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" message={errorInfo(error).message} style={{ marginBottom: 16 }} />}
      <Table<IntegratorAppRowFragment>
        rowKey="id"
        loading={loading}
        dataSource={result?.items ?? []}
        pagination={false}
        scroll={{ x: result?.items.length ? 1100 : undefined }}
        locale={{ emptyText: <Empty description={t('apps.noApps')} /> }}
        columns={[
          {
            title: t('apps.name'), key: 'name', width: 220,
            render: (_, a) => <><strong>{a.name}</strong><div className="muted integrator-email">{a.contactEmail}</div></>,
          },
          {
            title: t('apps.scopes'), key: 'scopes', width: 230,
            render: (_, a) => <div className="integrator-tags">{a.scopes.map((s) => <Tag key={s} title={t(`scopes.${s}`)}>{scopeCode(s)}</Tag>)}</div>,
          },
          {
            title: t('apps.organisation'), key: 'org', width: 190,
            render: (_, a) => (a.organisationKind ? (
              <>
                {t(`organisations.${a.organisationKind}`)}
                {a.organisationName && <div className="muted">{a.organisationName}</div>}
                {a.organisationKind === 'HOSPITAL' && <div className="muted">{t('apps.doctorsLinked', { count: a.hospitalDoctors.length })}</div>}
              </>
            ) : t('apps.noOrganisation')),
          },
          { title: t('apps.budget'), key: 'budget', width: 170, render: (_, a) => t('apps.budgetValue', { size: a.quotaSize, rate: a.quotaRestoreRate }) },
          {
            title: t('apps.keys'), key: 'keys', width: 260,
            render: (_, a) => a.keys.map((k) => <div key={k.id}><code>{k.prefix}</code> <span className="muted">{keyState(k)}</span></div>),
          },
          {
            title: t('apps.status'), key: 'status', width: 110,
            render: (_, a) => (a.revokedAt ? <Tag color="red">{t('apps.revoked')}</Tag> : <Tag color="green">{t('apps.active')}</Tag>),
          },
          actionsColumn<IntegratorAppRowFragment>(t('apps.actions'), (a) => (a.revokedAt ? null : (
            <>
              <Button size="small" onClick={() => setEditing(a)}>{t('apps.edit')}</Button>
              <Button size="small" onClick={() => { setOverlap(60); setRotating(a); }}>{t('apps.rotate')}</Button>
              <Popconfirm title={t('apps.revokeConfirm')} okText={t('apps.revoke')} cancelText={t('form.cancel')} okButtonProps={{ danger: true }} onConfirm={() => onRevoke(a)}>
                <Button size="small" danger>{t('apps.revoke')}</Button>
              </Popconfirm>
            </>
          )), 150),
        ]}
      />
      {result && result.total > 0 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}

      <AppFormModal
        open={editing !== null}
        app={editing === 'new' ? null : editing}
        busy={created.loading || updated.loading}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <Modal
        open={!!rotating}
        title={t('apps.rotateTitle')}
        okText={t('apps.rotate')}
        cancelText={t('form.cancel')}
        confirmLoading={rotated.loading}
        onOk={() => void onRotate()}
        onCancel={() => setRotating(null)}
        destroyOnHidden
      >
        <p>{t('apps.rotateHint')}</p>
        <label className="integrator-overlap">
          <span>{t('apps.overlap')}</span>
          <Select value={overlap} onChange={setOverlap} aria-label={t('apps.overlap')} style={{ minWidth: 200 }}
            options={OVERLAPS.map((o) => ({ value: o.minutes, label: t(`apps.${o.key}`) }))} />
        </label>
      </Modal>
      <KeyOnceModal shown={shown} onDone={() => setShown(null)} />
    </div>
  );
}
