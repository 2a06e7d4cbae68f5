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

/**
 * The one place where errors get their public code and HTTP status. Modules throw AppError (through
 * the helpers below) with a domain `reason` such as SLOT_FULL or EMAIL_TAKEN; GraphQL shows the code
 * in `extensions.code`, REST as the HTTP status and `{ success: false, message, code, reason }`.
 * Anything else is a bug or an outage: logged in full, shown masked.
 */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_SERVER_ERROR';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly reason?: string,
    /** Field name → message, for forms that show errors beside fields. */
    readonly fields?: Record<string, string>,
    /** TOO_MANY_REQUESTS: seconds until a retry can succeed (REST sends it as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, fields?: Record<string, string>, reason = 'INVALID_INPUT') =>
  new AppError('BAD_USER_INPUT', message, reason, fields);
export const unauthenticated = (message = 'Please log in to continue', reason = 'UNAUTHENTICATED') =>
  new AppError('UNAUTHENTICATED', message, reason);
export const forbidden = (message = 'You are not allowed to do this', reason = 'FORBIDDEN') =>
  new AppError('FORBIDDEN', message, reason);
export const notFound = (what: string, reason = 'NOT_FOUND') => new AppError('NOT_FOUND', `${what} not found`, reason);
export const conflict = (message: string, reason = 'CONFLICT') => new AppError('CONFLICT', message, reason);

/** A missing value reports "required" before "too long" and friends. */
const FIRST_CONSTRAINTS = ['isDefined', 'isNotEmpty', 'arrayMinSize', 'isEnum', 'isIn', 'isInt', 'isEmail'];

function validationFields(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const key = prefix ? `${prefix}.${e.property}` : e.property;
    const c = e.constraints ?? {};
    const firstKey = FIRST_CONSTRAINTS.find((k) => k in c) ?? Object.keys(c)[0];
    const first = firstKey ? c[firstKey] : undefined;
    if (first) out[key] = first;
    if (e.children?.length) Object.assign(out, validationFields(e.children, key));
  }
  return out;
}

export function fromValidationErrors(errors: ValidationError[]): AppError {
  const fields = validationFields(errors);
  const first = Object.values(fields)[0] ?? 'Invalid input';
  return badInput(first, fields);
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
    return new AppError('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable, please try again', 'DATABASE_UNAVAILABLE');
  }
  if (err instanceof GraphQLError) {
    const code = err.extensions?.code;
    if (code === 'UNAUTHENTICATED' || code === 'FORBIDDEN' || code === 'BAD_USER_INPUT' || code === 'NOT_FOUND'
      || code === 'CONFLICT' || code === 'TOO_MANY_REQUESTS' || code === 'PAYLOAD_TOO_LARGE' || code === 'SERVICE_UNAVAILABLE') {
      const retry = err.extensions?.retryAfter;
      return new AppError(code, err.message, (err.extensions?.reason as string | undefined) ?? code, undefined, typeof retry === 'number' ? retry : undefined);
    }
  }
  const status = (err as { status?: number; statusCode?: number })?.status ?? (err as { statusCode?: number })?.statusCode;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large', 'TOO_LARGE');
  if (status === 400 && err instanceof Error) return badInput(err.message);
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

export const MASKED_MESSAGE = 'Something went wrong on our side. Please try again.';
