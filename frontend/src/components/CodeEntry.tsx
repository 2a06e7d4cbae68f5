import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { asciiDigits, readerDigits } from '@/lib/digits';
import { formatCount } from '@/lib/money';
import SmsSandbox from './SmsSandbox';
import './code-entry.css';
import './care-i18n';

/** m:ss in the reader's digits (১:০৫). */
export function formatClock(seconds: number, lang: string): string {
  const s = Math.max(0, Math.ceil(seconds));
  return `${formatCount(Math.floor(s / 60), lang)}:${formatCount(s % 60, lang).padStart(2, lang.startsWith('bn') ? '০' : '0')}`;
}

export interface CodeSentInfo {
  phone: string;
  expiresInSeconds: number;
  resendInSeconds: number;
}

/**
 * The second step of every SMS code: the code (Bangla digits read as digits), a countdown until a
 * new code may be asked for (the server's figure), then "Send a new code"; and a way back to change
 * the number. In development the SMS sandbox shows the texts this number got.
 */
export default function CodeEntry({ sent, onConfirm, onResend, onChangeNumber, busy, error }: {
  sent: CodeSentInfo;
  onConfirm: (code: string) => Promise<void>;
  /** Asks for a new code; answers the server's new figures (or nothing when refused: the error shows). */
  onResend: () => Promise<CodeSentInfo | null>;
  onChangeNumber: () => void;
  busy: boolean;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm<{ code: string }>();
  const [resendAt, setResendAt] = useState(() => Date.now() + sent.resendInSeconds * 1000);
  const [now, setNow] = useState(Date.now());
  const [sandboxKey, setSandboxKey] = useState(0);
  const [resending, setResending] = useState(false);
  const left = Math.ceil((resendAt - now) / 1000);
  // The clock ticks while a resend is waiting, and starts again when a resend sets a new wait.
  const counting = left > 0;

  useEffect(() => {
    if (!counting) return undefined;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [counting]);

  async function resend() {
    setResending(true);
    try {
      const next = await onResend();
      if (next) {
        setResendAt(Date.now() + next.resendInSeconds * 1000);
        setNow(Date.now());
        setSandboxKey((k) => k + 1);
        form.resetFields();
      }
    } finally {
      setResending(false);
    }
  }

  return (
    <div data-testid="code-entry">
      <p role="status">{t('phoneCode.sentTo', { phone: readerDigits(sent.phone, i18n.language), minutes: formatCount(Math.round(sent.expiresInSeconds / 60), i18n.language) })}</p>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form noValidate form={form} layout="vertical" requiredMark={false} onFinish={(v) => onConfirm(asciiDigits(v.code).trim())}>
        <Form.Item name="code" label={t('phoneCode.code')} rules={[{ required: true, message: t('phoneCode.codeRequired') },
          { validator: async (_, v?: string) => { if (v && !/^\s*\d{6}\s*$/.test(asciiDigits(v))) throw new Error(t('phoneCode.codeFormat')); } }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} size="large" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>{t('phoneCode.confirm')}</Button>
      </Form>
      <div className="code-entry-actions">
        {left > 0
          ? <span className="muted" role="timer" aria-live="off" data-testid="resend-countdown">{t('phoneCode.resendIn', { time: formatClock(left, i18n.language) })}</span>
          : <Button onClick={resend} loading={resending}>{t('phoneCode.resend')}</Button>}
        <Button type="link" onClick={onChangeNumber} className="code-entry-change">{t('phoneCode.changeNumber')}</Button>
      </div>
      <SmsSandbox phone={sent.phone} refreshKey={sandboxKey} />
    </div>
  );
}
