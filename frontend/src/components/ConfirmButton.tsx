import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Dialog from './Dialog';

/**
 * A button that asks before it acts, without antd (what antd's Popconfirm does on antd screens): a
 * click opens a dialog with the question, the action (red when it removes something) and Cancel.
 * Escape, Cancel or a click outside keep things as they were.
 */
export default function ConfirmButton({ question, okText, onConfirm, danger = true, className = 'btn', label, children, testId }: {
  question: string; okText: string; onConfirm: () => void; danger?: boolean; className?: string; label?: string; children: ReactNode; testId?: string;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`${className}${danger ? ' btn-danger' : ''}`} aria-label={label} data-testid={testId} onClick={() => setOpen(true)}>{children}</button>
      {open && (
        <Dialog title={question} onClose={() => setOpen(false)} footer={(
          <>
            <button type="button" className="btn" onClick={() => setOpen(false)}>{t('actions.cancel')}</button>
            <button type="button" className={`btn btn-primary${danger ? ' btn-danger-primary' : ''}`} onClick={() => { setOpen(false); onConfirm(); }}>{okText}</button>
          </>
        )}>{null}</Dialog>
      )}
    </>
  );
}
