import { CombinedGraphQLErrors } from '@apollo/client';
import i18n, { registerTranslations } from '@/i18n';
import { formatCount } from './money';

/**
 * The words of the server's refusals (i18n/errors.ts: every reason in English and Bangla, 6 kB) are
 * not part of a page's first load: they are fetched as soon as a screen that may show an error has
 * loaded, and the Apollo client holds back an answer carrying an error until they are here
 * (lib/apollo.ts), so a refusal is always worded in the reader's language.
 */
export const errorWordsReady: Promise<void> = import('@/i18n/errors')
  .then(({ errors }) => registerTranslations('errors', errors))
  .catch(() => undefined);

export interface ErrorInfo {
  /** What to show: the reason in the reader's language (the server's English only for an unknown reason). */
  message: string;
  code?: string;
  reason?: string;
  /** Field name → what to show beside it, in the reader's language where the server named the rule. */
  fields?: Record<string, string>;
}

/** What the server sends with a refusal (GraphQL extensions; the REST door sends the same keys). */
export interface ServerError {
  message?: string;
  code?: string;
  reason?: string;
  params?: Record<string, string | number>;
  fields?: Record<string, string>;
  fieldRules?: Record<string, string>;
  /** Field name → the broken rule's limit ({ max: 100 }), said in the field's message. */
  fieldParams?: Record<string, Record<string, number>>;
}

const has = (key: string) => i18n.exists(key, { ns: 'errors' });

/** The reason's text in the current language, its params filled in (numbers in the reader's digits). */
function reasonText(reason: string | undefined, params: ServerError['params'], serverMessage: string | undefined): string {
  if (reason) {
    const lang = i18n.language;
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(params ?? {})) values[k] = typeof v === 'number' && k !== 'count' ? formatCount(v, lang) : v;
    // A reason worded differently by case: the password rule broken, the kind of link.
    const context = params?.rule ?? params?.kind;
    const options = { ns: 'errors', ...values, ...(typeof context === 'string' ? { context } : {}) };
    if (has(`reasons.${reason}`) || has(`reasons.${reason}_other`)) {
      const text = i18n.t(`reasons.${reason}`, options);
      // A param the server did not send leaves a {{gap}}: its own message says it better then.
      if (!text.includes('{{') || !serverMessage) return text;
    }
  }
  return serverMessage ?? i18n.t('reasons.UNKNOWN', { ns: 'errors' });
}

/** Translates a server refusal by its reason; the server's English is the fallback only. */
export function describeServerError(e: ServerError): ErrorInfo {
  const message = reasonText(e.reason, e.params, e.message);
  let fields: Record<string, string> | undefined;
  if (e.fields) {
    fields = {};
    for (const [name, serverText] of Object.entries(e.fields)) {
      const rule = e.fieldRules?.[name];
      const limit = e.fieldParams?.[name];
      // "At most 100 characters" where the server said the limit, "Too long" where it did not.
      if (rule && limit && has(`fields.${rule}_limit`)) {
        fields[name] = i18n.t(`fields.${rule}_limit`, { ns: 'errors', ...Object.fromEntries(Object.entries(limit).map(([k, v]) => [k, formatCount(v, i18n.language)])) });
      } else if (rule && has(`fields.${rule}`)) fields[name] = i18n.t(`fields.${rule}`, { ns: 'errors' });
      // A field error raised with its own reason (BMDC_TAKEN on bmdcNo) is worded by that reason.
      else if (!rule && e.reason && e.reason !== 'INVALID_INPUT' && message !== e.message) fields[name] = message;
      else fields[name] = serverText;
    }
  }
  return { message, code: e.code, reason: e.reason, fields };
}

/** The refusal (message, code, reason, field errors) from whatever Apollo threw, in the reader's language. */
export function errorInfo(error: unknown, fallback?: string): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const ext = (first?.extensions ?? {}) as ServerError;
    return describeServerError({ ...ext, message: first?.message ?? fallback });
  }
  if (error instanceof Error) {
    if (/fetch|network/i.test(error.message)) return { message: reasonText('NETWORK', undefined, undefined), code: 'NETWORK', reason: 'NETWORK' };
    return { message: error.message || fallback || reasonText('UNKNOWN', undefined, undefined) };
  }
  return { message: fallback ?? reasonText('UNKNOWN', undefined, undefined) };
}

/**
 * The form's field a server's field name means: the same name, or the form's name for the last part
 * of a nested one (the order's `shippingInfo.city` is the shipping form's `city`).
 */
export function formFieldOf(serverName: string, fieldNames: readonly string[]): string | undefined {
  if (fieldNames.includes(serverName)) return serverName;
  const last = serverName.slice(serverName.lastIndexOf('.') + 1);
  return fieldNames.includes(last) ? last : undefined;
}

/**
 * A refusal on a form, said once: each field error beside its field (when the form has that field),
 * the message on top only when no field on screen carries it.
 */
export function formErrorParts(info: ErrorInfo, fieldNames: readonly string[]): { fields: { name: string; errors: string[] }[]; message: string | null } {
  const fields = Object.entries(info.fields ?? {}).flatMap(([serverName, msg]) => {
    const name = formFieldOf(serverName, fieldNames);
    return name ? [{ name, errors: [msg] }] : [];
  });
  return { fields, message: fields.length ? null : info.message };
}
