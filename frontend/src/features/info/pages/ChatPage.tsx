import { useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import '../i18n';

/** The spec's static chat screen: a preview conversation; messages typed here stay in this page. */
export default function ChatPage() {
  const { t } = useTranslation('info');
  const [mine, setMine] = useState<string[]>([]);
  const [text, setText] = useState('');
  const seed = [{ me: false, text: t('chat.m1') }, { me: true, text: t('chat.m2') }, { me: false, text: t('chat.m3') }];
  const all = [...seed, ...mine.map((m) => ({ me: true, text: m }))];

  function send() {
    if (!text.trim()) return;
    setMine((prev) => [...prev, text.trim()]);
    setText('');
  }

  return (
    <section className="card" style={{ maxWidth: 640, margin: '0 auto' }}>
      <h1 className="page-title">{t('chat.title')}</h1>
      <Alert type="info" showIcon title={t('chat.demo')} style={{ marginBottom: 12 }} />
      <div className="chat-window" role="log" aria-live="polite">
        {all.map((m, i) => <div key={i} className={`chat-bubble${m.me ? ' mine' : ''}`}>{m.text}</div>)}
      </div>
      <Space.Compact style={{ width: '100%', marginTop: 12 }}>
        <Input value={text} onChange={(e) => setText(e.target.value)} onPressEnter={send} placeholder={t('chat.placeholder')} aria-label={t('chat.placeholder')} />
        <Button type="primary" onClick={send}>{t('chat.send')}</Button>
      </Space.Compact>
    </section>
  );
}
