import type { Request, Response, Router } from 'express';
import Busboy from 'busboy';
import type { AccessRule } from './access.js';
import type { Context } from './context.js';
import { AppError, HTTP_STATUS, MASKED_MESSAGE, badInput, forbidden, notFound, toAppError, unauthenticated } from './errors.js';
import { Role } from './roles.js';
import { THROTTLED_OPERATIONS } from './rate-limit.js';

/**
 * The REST compatibility layer: the spec's paths and JSON wrappers, mapped onto the same services
 * as GraphQL. Every route declares its access rule (the same vocabulary as @Public/@Allow), and the
 * list of routes is kept so that the authorization matrix test can check every one of them.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';
export type RestHandler = (ctx: Context, req: Request, res: Response) => Promise<unknown>;
export interface RestRouteInfo {
  method: HttpMethod;
  path: string;
  access: AccessRule;
}
export type RouteFn = (method: HttpMethod, path: string, access: AccessRule, handler: RestHandler) => void;

export function restRouteRegistrar(router: Router, contextFor: (req: Request) => Promise<Context>, registry: RestRouteInfo[]): RouteFn {
  return (method, path, access, handler) => {
    registry.push({ method, path, access });
    const limit = THROTTLED_OPERATIONS[`${method.toUpperCase()} ${path}`];
    router[method](path, async (req, res) => {
      let ctx: Context | undefined;
      try {
        // Every record id is a UUID: anything else names no record (and never reaches SQL as a uuid).
        if (typeof req.params.id === 'string' && !UUID.test(req.params.id)) throw notFound('Record');
        ctx = await contextFor(req);
        if (limit) await ctx.services.limiter.hit(ctx.em, limit, ctx.ip);
        if (access !== 'public') {
          if (!ctx.user) throw unauthenticated();
          if (Array.isArray(access) && !access.includes(ctx.user.role)) throw forbidden();
        }
        const result = await handler(ctx, req, res);
        if (ctx.user?.role === Role.Admin && method !== 'get') {
          // Every admin action through REST is audited, as the GraphQL door does in audit.hooks.ts.
          const returnedId = (result as { [k: string]: { _id?: string } | undefined } | undefined);
          await ctx.services.audit.record(ctx.em, {
            actor: ctx.user, action: `${method.toUpperCase()} ${path}`,
            entityId: (req.params.id as string | undefined) ?? Object.values(returnedId ?? {}).find((v) => typeof v === 'object' && v?._id)?._id ?? null,
            ip: ctx.ip, requestId: ctx.requestId, details: { params: req.params, body: req.body },
          });
        }
        if (!res.headersSent) res.status(200).json(result ?? { success: true });
      } catch (err) {
        sendRestError(res, err, ctx?.log ?? (req as unknown as { log?: Context['log'] }).log);
      }
    });
  };
}

export function sendRestError(res: Response, err: unknown, log?: Context['log']): void {
  const appError = toAppError(err);
  if (!appError) log?.error({ err }, 'unexpected error in REST handler');
  else if (appError.code === 'SERVICE_UNAVAILABLE') log?.warn({ err }, 'service unavailable');
  const e = appError ?? new AppError('INTERNAL_SERVER_ERROR', MASKED_MESSAGE, 'INTERNAL');
  if (res.headersSent) return;
  if (e.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', '5');
  if (e.retryAfterSeconds) res.setHeader('Retry-After', String(e.retryAfterSeconds));
  res.status(HTTP_STATUS[e.code]).json({ success: false, message: e.message, code: e.code, reason: e.reason, fields: e.fields });
}

export interface UploadedFile {
  field: string;
  data: Buffer;
  mimeType: string;
}

/**
 * Reads a multipart body: fields as strings (repeated fields become arrays), files size-limited.
 * The first refusal (a file over the limit, too many files, a broken form) answers at once; the rest
 * of the body is drained (busboy discards what is past a limit), so one oversized upload never
 * leaves a rejected promise behind it or a stalled connection.
 */
export function readMultipart(req: Request, limits: { maxBytes: number; maxFiles: number }): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    return Promise.resolve({ fields: (req.body ?? {}) as Record<string, unknown>, files: [] });
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, unknown> = {};
    const files: UploadedFile[] = [];
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    let bb: Busboy.Busboy;
    try {
      bb = Busboy({ headers: req.headers, limits: { files: limits.maxFiles, fileSize: limits.maxBytes, fields: 100, fieldSize: 100_000 } });
    } catch {
      reject(badInput('The form could not be read'));
      return;
    }
    bb.on('field', (name, value) => {
      if (name in fields) {
        const prev = fields[name];
        fields[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
      } else fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      // busboy stops passing bytes at the limit and emits 'limit'; the stream still ends normally.
      stream.on('data', (chunk: Buffer) => { if (!settled) chunks.push(chunk); });
      stream.on('limit', () => fail(new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`, 'FILE_TOO_LARGE')));
      stream.on('end', () => {
        if (!settled) files.push({ field: name, data: Buffer.concat(chunks), mimeType: info.mimeType });
      });
    });
    bb.on('filesLimit', () => fail(badInput(`At most ${limits.maxFiles} files`, undefined, 'TOO_MANY_FILES')));
    bb.on('error', () => fail(badInput('The form could not be read')));
    bb.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ fields, files });
    });
    req.on('error', () => fail(badInput('The form could not be read')));
    req.pipe(bb);
  });
}
