import type { FormInstance } from 'antd';
import { errorInfo, formErrorParts } from '@/lib/errors';
// The shared field messages (widgets' `fields`), with the forms that say them.
import './widgets-i18n';

/** Where a form's first error is brought into view: the middle of the screen, above a phone's keyboard and below the sticky header. */
export const ERROR_SCROLL = { focus: true, block: 'center' } as const;

/**
 * A server's refusal of an antd form, said where the person is looking: each field error beside its
 * field, the first of them scrolled to and focused (on a phone the form's top is off screen); the
 * message to show above the form (FormAlert) only when no field on screen carries it.
 */
export function showRefusal(form: FormInstance, error: unknown): string | null {
  const parts = formErrorParts(errorInfo(error), Object.keys(form.getFieldsValue()));
  form.setFields(parts.fields);
  if (parts.fields[0]) form.scrollToField(parts.fields[0].name, ERROR_SCROLL);
  return parts.message;
}
