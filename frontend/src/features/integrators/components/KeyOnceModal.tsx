import { useRef } from 'react';
import { Alert, App, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InputRef } from 'antd';

/**
 * An app's key, the one time the server answers it: shown with a copy button until the admin says
 * it is stored. The key lives only in this dialog's state (the mutation skips Apollo's cache).
 */
export default function KeyOnceModal({ shown, onDone }: { shown: { appName: string; key: string } | null; onDone: () => void }) {
  const { t } = useTranslation('integrators');
  const { message } = App.useApp();
  const input = useRef<InputRef>(null);

  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.key);
      void message.success(t('key.copied'));
    } catch {
      input.current?.select();
      void message.info(t('key.copyFailed'));
    }
  }

  return (
    <Modal
      open={!!shown}
      title={shown ? t('key.title', { name: shown.appName }) : ''}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={<Button type="primary" onClick={onDone}>{t('key.done')}</Button>}
      width={640}
      // No closing animation: the key leaves the page the moment the admin says it is stored.
      transitionName=""
      maskTransitionName=""
      destroyOnHidden
    >
      <Alert type="warning" showIcon role="status" message={t('key.once')} style={{ marginBottom: 12 }} />
      <Space.Compact style={{ width: '100%' }}>
        <Input ref={input} readOnly value={shown?.key ?? ''} aria-label={t('key.label')} className="integrator-key" data-testid="new-key" onFocus={(e) => e.target.select()} />
        <Button onClick={() => void copy()}>{t('key.copy')}</Button>
      </Space.Compact>
      <p className="muted" style={{ marginTop: 12 }}>{t('key.howTo')}</p>
    </Modal>
  );
}
