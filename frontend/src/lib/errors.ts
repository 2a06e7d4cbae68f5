import { CombinedGraphQLErrors } from '@apollo/client';

export interface ErrorInfo {
  message: string;
  code?: string;
  reason?: string;
  fields?: Record<string, string>;
}

/** The server's message (and code, reason, field errors) from whatever Apollo threw. */
export function errorInfo(error: unknown, fallback = 'Something went wrong. Please try again.'): ErrorInfo {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const ext = (first?.extensions ?? {}) as { code?: string; reason?: string; fields?: Record<string, string> };
    return { message: first?.message ?? fallback, code: ext.code, reason: ext.reason, fields: ext.fields };
  }
  if (error instanceof Error) {
    if (/fetch|network/i.test(error.message)) return { message: 'No connection to Nirog. Check your internet and try again.', code: 'NETWORK' };
    return { message: error.message || fallback };
  }
  return { message: fallback };
}
