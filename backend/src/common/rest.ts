import express, { type Request, type Response, type Router } from 'express';
import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import type { AccessRule } from './access.js';
import type { Context } from './context.js';
import { AppError, HTTP_STATUS, MASKED_MESSAGE, badInput, forbidden, notFound, toAppError, tooLarge, unauthenticated } from './errors.js';
import { Role } from './roles.js';
import { isUuid } from './ids.js';
import { noteOperation, type LimitRule } from './limits.js';
import type { LimitName } from './rate-limit.js';
import { allowedOrigin } from './cors.js';
import { withPictureBase } from './rest-images.js';
import { beginRest, IDEMPOTENCY_HEADER, REPLAYED_HEADER, type IdempotencyClaim } from './idempotency.js';

/**
 * The REST compatibility layer: the spec's paths and JSON wrappers, mapped onto the same services
 * as GraphQL. Every route declares its access rule (the same vocabulary as @Public/@Allow), and the
 * list of routes is kept so that the authorization matrix test can check every one of them.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';
export type RestHandler = (ctx: Context, req: Request, res: Response) => Promise<unknown>;
export interface RestRouteInfo {
  method: HttpMethod;
  path: string;
  access: AccessRule;
  /** The route takes pictures: it reads its own body (readMultipart), after the access check. */
  pictures?: boolean;
  /** Its declared abuse limit (common/limits.ts). */
  limit?: LimitRule;
  /** It honours an Idempotency-Key (common/idempotency.ts). */
  idempotent?: true;
}
export interface RouteOptions {
  /** A per-address window limit counted before the route runs (common/limits.ts). */
  throttle?: LimitName;
  /** How the route is limited otherwise (its service's rule), for a reader (common/limits.ts). */
  limitedIn?: string;
  /**
   * The body may carry pictures (multipart files, or data URLs in JSON as the earlier client sends
   * them): the API's 1 MB JSON parser leaves it alone and readMultipart reads it after the access
   * check and the throttle, up to the upload limits.
   */
  pictures?: boolean;
  /**
   * A public read whose answer to a visitor is the same for every visitor and whose every change
   * sends NOTIFY nirog_cache (migration CacheNotify): the answer cache may keep it a few seconds
   * (common/answer-cache.ts).
   */
  shareable?: boolean;
  /**
   * A write that creates or moves money, stock or a booking: an Idempotency-Key sent with it makes a
   * repeat answer the first result instead of doing it again (common/idempotency.ts).
   */
  idempotent?: boolean;
}
export type RouteFn = (method: HttpMethod, path: string, access: AccessRule, handler: RestHandler, opts?: RouteOptions) => void;

/** '/doctor/:id' → a regular expression matching the request path as express does (case aside, an optional trailing slash). */
function pathPattern(path: string): RegExp {
  const source = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * For the API's JSON parser (its `type` test): true when the API parses this body itself, false for
 * a route that takes pictures (it reads its own, see RouteOptions).
 */
export function parsedByApi(registry: readonly RestRouteInfo[]): (incoming: IncomingMessage) => boolean {
  let patterns: { method: string; re: RegExp; pictures: boolean }[] | null = null;
  return (incoming) => {
    const req = incoming as Request;
    if (!req.is(['application/json', '+json'])) return false;
    patterns ??= registry.map((r) => ({ method: r.method.toUpperCase(), re: pathPattern(r.path), pictures: !!r.pictures }));
    // The route express will run is the first one registered that matches (PUT /doctor/updatePassword
    // before PUT /doctor/:id), as in the router.
    const route = patterns.find((p) => p.method === req.method && p.re.test(req.path));
    return !route?.pictures;
  };
}

export function restRouteRegistrar(router: Router, contextFor: (req: Request) => Promise<Context>, registry: RestRouteInfo[]): RouteFn {
  return (method, path, access, handler, opts = {}) => {
    const limit: LimitRule | undefined = opts.throttle ? { throttle: opts.throttle } : opts.limitedIn ? { limitedIn: opts.limitedIn } : undefined;
    registry.push({ method, path, access, ...(opts.pictures ? { pictures: true } : {}), ...(limit ? { limit } : {}), ...(opts.idempotent ? { idempotent: true as const } : {}) });
    router[method](path, async (req, res) => {
      let ctx: Context | undefined;
      let claim: IdempotencyClaim | undefined;
      try {
        // Every record id is a UUID: anything else names no record (and never reaches SQL as a uuid).
        if (typeof req.params.id === 'string' && !isUuid(req.params.id)) throw notFound('Record');
        ctx = await contextFor(req);
        noteOperation(`${method.toUpperCase()} ${path}`, limit, ctx.user?.role ?? null);
        if (limit && 'throttle' in limit) await ctx.services.limiter.hit(ctx.em, limit.throttle, ctx.ip);
        if (access !== 'public') {
          if (!ctx.user) throw unauthenticated();
          if (Array.isArray(access) && !access.includes(ctx.user.role)) throw forbidden();
        }
        if (opts.idempotent && req.headers[IDEMPOTENCY_HEADER] !== undefined) {
          // A form with pictures is read here, whole, so that its files are part of the request's fingerprint.
          const form = opts.pictures ? keepMultipart(req, await readMultipart(req, ctx.services.config.uploads)) : null;
          const begun = await beginRest(ctx, req, `${method.toUpperCase()} ${path}`, form ? { body: form.fields, files: form.files } : { body: req.body });
          if (begun && 'replay' in begun) {
            res.status(begun.replay.status).setHeader(REPLAYED_HEADER, 'true');
            res.type('json').send(begun.replay.body);
            return;
          }
          claim = begun?.claim;
        }
        // Picture URLs: absolute on PUBLIC_URL for a caller on another allowed origin (common/rest-images.ts).
        const base = allowedOrigin(req, ctx.services.config.cors.origins) ? ctx.services.config.publicUrl : '';
        const c = ctx;
        const result = await withPictureBase(base, () => handler(c, req, res));
        if (ctx.user?.role === Role.Admin && method !== 'get') {
          // Every admin action through REST is audited, as the GraphQL door does in audit.hooks.ts.
          const returnedId = (result as { [k: string]: { _id?: string } | undefined } | undefined);
          await ctx.services.audit.record(ctx.em, {
            actor: ctx.user, action: `${method.toUpperCase()} ${path}`,
            entityId: (req.params.id as string | undefined) ?? Object.values(returnedId ?? {}).find((v) => typeof v === 'object' && v?._id)?._id ?? null,
            ip: ctx.ip, requestId: ctx.requestId, details: { params: req.params, body: req.body },
          });
        }
        if (opts.shareable && !ctx.user && !ctx.integrator) res.locals.shareableAnswer = true;
        if (claim) {
          // Kept before it is sent: whoever asks again with the key from now on gets these bytes.
          const text = res.headersSent ? null : JSON.stringify(result ?? { success: true });
          const done = claim;
          claim = undefined;
          await done.finish(text === null ? null : { status: 200, body: text }, true);
          if (text !== null) res.status(200).type('json').send(text);
          return;
        }
        if (!res.headersSent) res.status(200).json(result ?? { success: true });
      } catch (err) {
        const log = ctx?.log ?? (req as unknown as { log?: Context['log'] }).log;
        if (!claim) {
          sendRestError(res, err, log);
          return;
        }
        const answer = restErrorAnswer(err, log);
        await claim.finish({ status: answer.status, body: JSON.stringify(answer.body) }, false);
        writeRestError(res, answer);
      }
    });
  };
}

/**
 * A phone as the earlier client prints it. Its screens put a 0 in front of `phone` themselves (the
 * earlier server kept phones as numbers, which lose the leading 0): +8801712345678 → 1712345678, so
 * that "0{phone}" reads 01712345678. Only for the keys those screens prefix (users, doctors,
 * consultations, nurse hires); keys shown as they are (a nurse's phone, shipping) keep the 0.
 */
export function prefixedPhone(stored: string | null | undefined): string | null {
  if (!stored) return null;
  const m = /^(?:\+?88)?0(1\d{9})$/.exec(stored);
  return m ? m[1]! : stored;
}

/**
 * The earlier client's PUT that means "edit mine, or write it if I have none" (its reviews): the edit
 * first; when there is nothing to edit (NOT_FOUND), the write, whose own rules then answer.
 */
export async function upsert<T>(edit: () => Promise<T>, write: () => Promise<T>): Promise<T> {
  try {
    return await edit();
  } catch (err) {
    if (toAppError(err)?.code !== 'NOT_FOUND') throw err;
    return write();
  }
}

interface RestErrorAnswer {
  status: number;
  retryAfter?: string;
  body: Record<string, unknown>;
}

/** A refusal as the REST door answers it (logged when it is a bug or an outage). */
function restErrorAnswer(err: unknown, log?: Context['log']): RestErrorAnswer {
  const appError = toAppError(err);
  if (!appError) log?.error({ err }, 'unexpected error in REST handler');
  else if (appError.code === 'SERVICE_UNAVAILABLE') log?.warn({ err }, 'service unavailable');
  const e = appError ?? new AppError('INTERNAL', MASKED_MESSAGE);
  const retryAfter = e.retryAfterSeconds ? String(e.retryAfterSeconds) : e.code === 'SERVICE_UNAVAILABLE' ? '5' : undefined;
  return { status: HTTP_STATUS[e.code], retryAfter, body: { success: false, message: e.message, code: e.code, reason: e.reason, params: e.params, fields: e.fields, fieldRules: e.fieldRules } };
}

function writeRestError(res: Response, answer: RestErrorAnswer): void {
  if (res.headersSent) return;
  if (answer.retryAfter) res.setHeader('Retry-After', answer.retryAfter);
  res.status(answer.status).json(answer.body);
}

export function sendRestError(res: Response, err: unknown, log?: Context['log']): void {
  writeRestError(res, restErrorAnswer(err, log));
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
type ReadForm = { fields: Record<string, unknown>; files: UploadedFile[] };
const KEPT_FORM = Symbol('nirog.readForm');

/** A form read before its handler (an idempotent route's fingerprint): the handler's readMultipart gets it again. */
function keepMultipart(req: Request, form: ReadForm): ReadForm {
  (req as Request & { [KEPT_FORM]?: ReadForm })[KEPT_FORM] = form;
  return form;
}

export async function readMultipart(req: Request, limits: { maxBytes: number; maxFiles: number }): Promise<ReadForm> {
  const kept = (req as Request & { [KEPT_FORM]?: ReadForm })[KEPT_FORM];
  if (kept) {
    // Read with the API's own limits; the route's may be tighter.
    if (kept.files.length > limits.maxFiles) throw badInput(`At most ${limits.maxFiles} files`, undefined, 'TOO_MANY_FILES', { max: limits.maxFiles });
    if (kept.files.some((f) => f.data.length > limits.maxBytes)) throw tooLarge(limits.maxBytes);
    return kept;
  }
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) {
    if (req.body === undefined && req.is(['application/json', '+json'])) await readJsonBody(req, limits);
    const fields = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>;
    return { fields, files: picturesIn(fields, limits) };
  }
  return readMultipartForm(req, limits);
}

/**
 * A JSON body left by the API's parser to a route that takes pictures (RouteOptions.pictures): as
 * large as its pictures may be in base64 (a third more than the bytes), plus 100 kB of fields.
 */
async function readJsonBody(req: Request, limits: { maxBytes: number; maxFiles: number }): Promise<void> {
  const limit = Math.ceil(limits.maxBytes * 4 / 3) * limits.maxFiles + 100_000;
  const parse = express.json({ limit });
  await new Promise<void>((resolve, reject) => {
    parse(req, {} as Response, (err?: unknown) => (err ? reject(toAppError(err) ?? badInput('The request could not be read')) : resolve()));
  });
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,/i;
/** The fields in which the earlier client's forms send their pictures (FileReader data URLs). */
const PICTURE_FIELDS = ['avatar', 'images', 'image'];

/**
 * The earlier client's pictures: its forms read files with FileReader and send data URLs
 * (`data:image/png;base64,…`) in JSON (axios turns its FormData into JSON), one or a list. Decoded
 * here, each at most the upload limit (judged from the base64's length before decoding) and at most
 * the upload count; the ImageService then checks the content and re-encodes it to WebP. A value that
 * is not a data URL (the forms' placeholder "/Profile.png", a link) is no picture. The fields are
 * removed from the body, so that no input ever sees them.
 */
export function picturesIn(fields: Record<string, unknown>, limits: { maxBytes: number; maxFiles: number }): UploadedFile[] {
  const files: UploadedFile[] = [];
  for (const field of PICTURE_FIELDS) {
    if (!(field in fields)) continue;
    const values = (Array.isArray(fields[field]) ? fields[field] as unknown[] : [fields[field]]);
    delete fields[field];
    for (const v of values) {
      if (typeof v !== 'string' || !DATA_URL.test(v)) continue;
      const base64 = v.slice(v.indexOf(',') + 1).replace(/\s/g, '');
      if (Math.floor(base64.length * 3 / 4) > limits.maxBytes + 2) {
        throw tooLarge(limits.maxBytes);
      }
      if (files.length >= limits.maxFiles) throw badInput(`At most ${limits.maxFiles} files`, undefined, 'TOO_MANY_FILES', { max: limits.maxFiles });
      files.push({ field, data: Buffer.from(base64, 'base64'), mimeType: v.slice(5, v.indexOf(';')) });
    }
  }
  return files;
}

function readMultipartForm(req: Request, limits: { maxBytes: number; maxFiles: number }): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
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
      stream.on('limit', () => fail(tooLarge(limits.maxBytes)));
      stream.on('end', () => {
        if (!settled) files.push({ field: name, data: Buffer.concat(chunks), mimeType: info.mimeType });
      });
    });
    bb.on('filesLimit', () => fail(badInput(`At most ${limits.maxFiles} files`, undefined, 'TOO_MANY_FILES', { max: limits.maxFiles })));
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
