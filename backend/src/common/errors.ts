import { GraphQLError } from 'graphql';
import {
  ConnectionException,
  ConstraintViolationException,
  ForeignKeyConstraintViolationException,
  NotFoundError,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { ArgumentValidationError, AuthenticationError, AuthorizationError } from 'type-graphql';
import type { ValidationError } from 'class-validator';

import { codeOf, ERROR_REASONS, type ErrorCode, type ErrorReason, type ReasonOf } from './error-reasons.js';

export type { ErrorCode, ErrorReason } from './error-reasons.js';

/**
 * The one place where errors get their public code and HTTP status. Modules throw AppError (through
 * the helpers below) with a reason from the closed set in error-reasons.ts (SLOT_FULL, EMAIL_TAKEN…);
 * the reason decides the code, the code the HTTP status. GraphQL shows them in `extensions` (reason,
 * code, params, fields), REST as the status and `{ success: false, message, code, reason, params }`.
 * Anything else is a bug or an outage: logged in full, shown masked.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE_CONTENT: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/** Values a client puts into its own translation of the reason ("{{medicine}} is out of stock"). */
export type ErrorParams = Record<string, string | number>;

export interface AppErrorOptions {
  /** Field name → message, for forms that show errors beside fields. */
  fields?: Record<string, string>;
  /** Field name → the rule it broke (isNotEmpty, isEmail, maxLength…), for clients that word it themselves. */
  fieldRules?: Record<string, string>;
  params?: ErrorParams;
  /** TOO_MANY_REQUESTS: seconds until a retry can succeed (REST sends it as Retry-After). */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly fieldRules?: Record<string, string>;
  readonly params?: ErrorParams;
  readonly retryAfterSeconds?: number;

  constructor(readonly reason: ErrorReason, message: string, opts: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.code = codeOf(reason);
    this.fields = opts.fields;
    this.fieldRules = opts.fieldRules;
    this.params = opts.params;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }
}

export const badInput = (message: string, fields?: Record<string, string>, reason: ReasonOf<'BAD_USER_INPUT'> = 'INVALID_INPUT', params?: ErrorParams) =>
  new AppError(reason, message, { fields, params });
export const unauthenticated = (message = 'Please log in to continue', reason: ReasonOf<'UNAUTHENTICATED'> = 'UNAUTHENTICATED') =>
  new AppError(reason, message);
export const forbidden = (message = 'You are not allowed to do this', reason: ReasonOf<'FORBIDDEN'> = 'FORBIDDEN', params?: ErrorParams) =>
  new AppError(reason, message, params ? { params } : undefined);
export const notFound = (what: string, reason: ReasonOf<'NOT_FOUND'> = 'NOT_FOUND') => new AppError(reason, `${what} not found`);
export const conflict = (message: string, reason: ReasonOf<'CONFLICT'>, params?: ErrorParams) => new AppError(reason, message, { params });
export const tooMany = (message: string, reason: ReasonOf<'TOO_MANY_REQUESTS'>, retryAfterSeconds?: number, params?: ErrorParams) =>
  new AppError(reason, message, { retryAfterSeconds, params });
export const tooLarge = (maxBytes: number) =>
  new AppError('FILE_TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, { params: { maxMb: Math.round(maxBytes / 1024 / 1024) } });
export const unavailable = (message: string, reason: ReasonOf<'SERVICE_UNAVAILABLE'>, params?: ErrorParams) => new AppError(reason, message, { params });
export const wrongTransport = () =>
  new AppError('WRONG_TRANSPORT', 'Subscriptions go over the WebSocket at /graphql (graphql-transport-ws); queries and mutations over HTTP');

const isErrorReason = (v: string): v is ErrorReason => Object.prototype.hasOwnProperty.call(ERROR_REASONS, v);

/** The reason of an error that names only its code (a GraphQLError from a library). */
const REASON_FOR_CODE: Partial<Record<ErrorCode, ErrorReason>> = {
  BAD_USER_INPUT: 'INVALID_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'REQUEST_TOO_LARGE',
  SERVICE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
};

/** A missing value reports "required" before "too long" and friends. */
const FIRST_CONSTRAINTS = ['isDefined', 'isNotEmpty', 'arrayMinSize', 'isEnum', 'isIn', 'isInt', 'isEmail'];

/** Field name → [message, the rule it broke (class-validator's constraint name: isNotEmpty, isEmail, maxLength…)]. */
function validationFields(errors: ValidationError[], prefix = ''): Record<string, [string, string]> {
  const out: Record<string, [string, string]> = {};
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    const c = e.constraints ?? {};
    const firstKey = FIRST_CONSTRAINTS.find((k) => k in c) ?? Object.keys(c)[0];
    const first = firstKey ? c[firstKey] : undefined;
    if (first && firstKey) out[key] = [first, firstKey];
    if (e.children?.length) Object.assign(out, validationFields(e.children, key));
  }
  return out;
}

export function fromValidationErrors(errors: ValidationError[]): AppError {
  const found = Object.entries(validationFields(errors));
  const fields = Object.fromEntries(found.map(([k, [message]]) => [k, message]));
  const fieldRules = Object.fromEntries(found.map(([k, [, rule]]) => [k, rule]));
  return new AppError('INVALID_INPUT', found[0]?.[1][0] ?? 'Invalid input', { fields, fieldRules });
}

/** Maps any thrown value to an AppError, or null when it is unexpected (a bug). */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ArgumentValidationError) return fromValidationErrors(err.extensions.validationErrors as ValidationError[]);
  if (err instanceof AuthenticationError) return unauthenticated();
  if (err instanceof AuthorizationError) return forbidden();
  if (err instanceof UniqueConstraintViolationException) return conflict('This record already exists', 'DUPLICATE');
  if (err instanceof ForeignKeyConstraintViolationException) return conflict('A related record does not exist or is still in use', 'REFERENCE');
  if (err instanceof ConstraintViolationException) return badInput('The value breaks a data rule', undefined, 'CONSTRAINT');
  if (err instanceof NotFoundError) return notFound('Record');
  // A value PostgreSQL cannot read (not a uuid, a NUL character, a number out of range): bad input, not a bug.
  // A NUL byte in a bound parameter comes back as a protocol violation (08P01) from the pg driver.
  const sqlState = (err as { code?: string; sqlState?: string })?.sqlState ?? (err as { code?: string })?.code;
  if (sqlState === '22P02' || sqlState === '22021' || sqlState === '22003' || sqlState === '22007' || sqlState === '22008' || sqlState === '08P01') {
    return badInput('A value is not in the expected form', undefined, 'MALFORMED_VALUE');
  }
  if (err instanceof ConnectionException || isConnectionError(err)) {
    return unavailable('The service is temporarily unavailable, please try again', 'DATABASE_UNAVAILABLE');
  }
  if (err instanceof GraphQLError) {
    // Errors raised as GraphQLError by our own plugins (throttles) and by the document limits.
    const ext = err.extensions ?? {};
    const retry = typeof ext.retryAfter === 'number' ? ext.retryAfter : undefined;
    const params = ext.params as ErrorParams | undefined;
    if (typeof ext.reason === 'string' && isErrorReason(ext.reason)) return new AppError(ext.reason, err.message, { retryAfterSeconds: retry, params });
    const fallback = typeof ext.code === 'string' ? REASON_FOR_CODE[ext.code as ErrorCode] : undefined;
    if (fallback) return new AppError(fallback, err.message, { retryAfterSeconds: retry, params });
  }
  const status = (err as { status?: number; statusCode?: number })?.status ?? (err as { statusCode?: number })?.statusCode;
  if (status === 413) return new AppError('REQUEST_TOO_LARGE', 'The upload is too large');
  if (status === 400 && err instanceof Error) return badInput(err.message, undefined, 'BAD_REQUEST');
  return null;
}

function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: string })?.code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'ETIMEDOUT' || code === '57P01' || code === '57P02'
    || code === '57P03' || code === '08000' || code === '08003' || code === '08006' || code === '08001') return true;
  // node-postgres reports a dropped connection without a code.
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|not queryable|Client was closed|timeout exceeded when trying to connect|terminating connection/i.test(message);
}

/** A refusal raised by a GraphQL plugin before anything runs (a throttle, an idempotency key): coded, with its HTTP status. */
export function graphqlErrorOf(e: AppError): GraphQLError {
  return new GraphQLError(e.message, { extensions: { code: e.code, reason: e.reason, params: e.params, retryAfter: e.retryAfterSeconds, http: { status: HTTP_STATUS[e.code] } } });
}

export const MASKED_MESSAGE = 'Something went wrong on our side. Please try again.';
