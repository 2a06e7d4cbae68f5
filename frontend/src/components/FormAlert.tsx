import { useEffect, useRef } from 'react';
import { Alert } from 'antd';

/**
 * A form's message that belongs to no field (a refusal of the whole request, "Please enter your
 * details"): above the form, and brought into view and focused when it appears, so that a person
 * who pressed the button at the bottom of a long form on a phone sees it (it was off screen).
 */
export default function FormAlert({ message, testId }: { message: string | null | undefined; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message || !box.current) return;
    box.current.scrollIntoView?.({ block: 'center' });
    box.current.focus({ preventScroll: true });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={box} tabIndex={-1} className="form-alert" data-testid={testId}>
      <Alert type="error" showIcon title={message} role="alert" />
    </div>
  );
}
