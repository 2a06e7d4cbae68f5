import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request } from 'express';
import { HeaderMap, type ApolloServerPlugin, type GraphQLResponse } from '@apollo/server';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { Extensions } from 'type-graphql';
import type { GraphQLField, GraphQLSchema } from 'graphql';
import Upload from 'graphql-upload/Upload.mjs';
import { AppError, badInput, graphqlErrorOf, toAppError } from './errors.js';
import { executedRootFields } from './limits.js';
import { requestContext } from './request-context.js';
import type { Context } from './context.js';
import type { Logger } from './logger.js';

/**
 * Idempotent writes, declared on each operation like its access rule and its limits: `@Idempotent()`
 * on a GraphQL mutation, `{ idempotent: true }` on a REST route. A caller that sends an
 * `Idempotency-Key` header (IETF draft-ietf-httpapi-idempotency-key-header, as Stripe takes it) gets,
 * for the same key and the same request, the first answer again without the work being done again,
 * on any replica and however many repeats arrive at once:
 *
 * - the first request claims the key in PostgreSQL (table idempotency_keys, one row per caller and
 *   key, with a fingerprint of the request) and runs; its answer is kept, sealed, before it is sent;
 * - a repeat while it runs waits for that answer (IDEMPOTENCY_WAIT_SECONDS), then is told 409
 *   IDEMPOTENCY_KEY_IN_USE with Retry-After; a repeat after it is answered the kept answer, with
 *   `Idempotent-Replayed: true`;
 * - the same key with another request is 422 IDEMPOTENCY_KEY_REUSED;
 * - a key is kept IDEMPOTENCY_KEY_HOURS (24), then purged by the hourly retention purge.
 *
 * A crash is settled by the database, not by timing. The claim is a lease renewed while the request
 * runs, and every transaction the request commits marks the key "committed" inside itself, only
 * while its claim is still the key's owner (idempotencyFence). So a repeat may take over a claim
 * whose process died (its lease ran out) only when none of its work committed: then it runs the
 * request itself. When some of it committed but no answer was kept, the repeat is told 409
 * IDEMPOTENT_ANSWER_LOST (the work is done: find it in its list), never done twice; and a request
 * whose claim was taken over cannot commit anything any more (its transaction rolls back).
 *
 * A refusal that changed nothing (a validation error, out of stock, the database away) is not kept:
 * the same key may try again. Anything answered after work committed is kept, refusals included.
 * The key is optional: the earlier app's client and integrators that send none are served as before.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

export function Idempotent(): MethodDecorator {
  return Extensions({ idempotent: true }) as MethodDecorator;
}

export const isIdempotent = (field: GraphQLField<unknown, unknown> | undefined): boolean => field?.extensions?.idempotent === true;

const NOTE = 'Idempotent: send an Idempotency-Key header (a new UUID per intent) and a repeat of the same request answers the first result.';

/** Says so in each declared mutation's description (integrators read it in schema.graphql); only mutations may declare it. */
export function describeIdempotency(schema: GraphQLSchema): void {
  const queries = Object.entries(schema.getQueryType()?.getFields() ?? {}).filter(([, f]) => isIdempotent(f)).map(([name]) => `Query.${name}`);
  if (queries.length) throw new Error(`Only mutations are idempotent by key (reads are by nature): ${queries.join(', ')}`);
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    if (!isIdempotent(field) || field.description?.includes(NOTE)) continue;
    field.description = field.description ? `${field.description}\n\n${NOTE}` : NOTE;
  }
}

/**
 * The key as sent: a structured-field string ("…", as the draft writes it) or the bare value most
 * clients send; 1 to 255 visible ASCII characters. undefined when no key was sent.
 */
export function idempotencyKeyOf(raw: string | string[] | null | undefined): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  const key = /^"(.*)"$/.exec(value)?.[1] ?? value;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badInput('The Idempotency-Key header must be 1 to 255 visible ASCII characters', undefined, 'IDEMPOTENCY_KEY_INVALID');
  return key;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** JSON with object keys in order: the same request in any spelling of its key order has one fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
  }
  return value;
}

export const fingerprintOf = (parts: unknown[]) => sha256(JSON.stringify(canonical(parts)));

/** GraphQL variables with each uploaded file replaced by the SHA-256 of its content (read from graphql-upload's temporary copy). */
async function withFileHashes(value: unknown): Promise<unknown> {
  if (value instanceof Upload) {
    const file = await value.promise;
    const hash = createHash('sha256');
    for await (const chunk of file.createReadStream()) hash.update(chunk as Buffer);
    return { file: hash.digest('hex') };
  }
  if (Array.isArray(value)) return Promise.all(value.map(withFileHashes));
  if (value && typeof value === 'object') {
    return Object.fromEntries(await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await withFileHashes(v)] as const)));
  }
  return value;
}

export interface StoredAnswer {
  status: number;
  /** The answer's JSON text, as it was sent the first time. */
  body: string;
}

/** What a transaction of the request checks before it commits (idempotencyFence). */
export interface IdempotencyFence {
  id: string;
  owner: string;
  /** False once the request has answered: work after that (a background task it started) is not its own. */
  open: boolean;
}

/** A running request's hold on its key. */
export class IdempotencyClaim {
  readonly fence: IdempotencyFence;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly store: IdempotencyStore, private readonly em: EntityManager, id: string, owner: string, private readonly seal: Buffer) {
    this.fence = { id, owner, open: true };
    // Renewed while the request runs, so a repeat waits for it rather than taking it over.
    this.timer = setInterval(() => {
      void store.renew(em, this.fence).catch(() => undefined);
    }, Math.max(250, Math.floor(store.leaseMs / 3)));
    this.timer.unref();
  }

  /**
   * The request has its answer. A success is kept. A refusal is forgotten when none of its work
   * committed (the same key may try again), and kept otherwise. `answer` null: nothing to keep.
   */
  async finish(answer: StoredAnswer | null, succeeded: boolean): Promise<void> {
    clearInterval(this.timer);
    this.fence.open = false;
    await this.store.finish(this.em, this.fence, this.seal, answer, succeeded);
  }
}

export type Begun = { replay: StoredAnswer } | { claim: IdempotencyClaim };

export interface IdempotentRequest {
  /** "user:<id>", "app:<id>" or "visitor". */
  caller: string;
  key: string;
  operation: string;
  fingerprint: string;
}

type KeyRow = { id: string; fingerprint: string; status: number | null; answer: Buffer | Uint8Array | null; committed: boolean; leased: boolean; live: boolean };

const inUse = () => new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being carried out; ask again in a moment', { retryAfterSeconds: 1 });
const answerLost = () => new AppError('IDEMPOTENT_ANSWER_LOST', 'This request was carried out, but its answer was lost when the server stopped; it is not done again');
const reused = () => new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request');

/** How often a repeat looks whether the request it waits for has answered. */
const POLL_MS = 150;

export class IdempotencyStore {
  readonly leaseMs: number;
  private readonly keyHours: number;
  private readonly waitMs: number;
  private readonly secret: Buffer;

  constructor(config: { idempotency: { keyHours: number; waitMs: number; leaseMs: number }; auth: { jwtSecret: string } }, private readonly log?: Logger) {
    ({ keyHours: this.keyHours, waitMs: this.waitMs, leaseMs: this.leaseMs } = config.idempotency);
    this.secret = Buffer.from(config.auth.jwtSecret);
  }

  /** The answer is sealed under a key derived from the Idempotency-Key and the server's secret: the table alone reads nothing. */
  private sealKeyFor(key: string): Buffer {
    return Buffer.from(hkdfSync('sha256', Buffer.from(key), this.secret, 'nirog idempotent answer', 32));
  }

  private sealed(seal: Buffer, text: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', seal, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  private opened(seal: Buffer, data: Buffer | Uint8Array): string {
    const bytes = Buffer.from(data);
    const decipher = createDecipheriv('aes-256-gcm', seal, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  /**
   * Claims the key for this request, or answers what the first request with it answered. Waits for
   * a request with the key still running; throws IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_USE or
   * IDEMPOTENT_ANSWER_LOST (see above).
   */
  async begin(em: EntityManager, req: IdempotentRequest): Promise<Begun> {
    const connection = em.getConnection();
    const keyHash = sha256(req.key);
    const seal = this.sealKeyFor(req.key);
    const deadline = Date.now() + this.waitMs;
    for (let round = 0; ; round++) {
      const owner = randomUUID();
      // A new key, an expired one, or one whose claim died before any of its work committed is taken.
      const claimed = await connection.execute<{ id: string; owner: string }[]>(`
        insert into idempotency_keys as k (id, caller, key_hash, operation, fingerprint, owner, lease_until, created_at, expires_at)
        values (?, ?, ?, ?, ?, ?, now() + make_interval(secs => ?), now(), now() + make_interval(hours => ?))
        on conflict (caller, key_hash) do update set
          operation = excluded.operation, fingerprint = excluded.fingerprint, owner = excluded.owner, lease_until = excluded.lease_until,
          committed_at = null, status = null, answer = null,
          created_at = case when k.expires_at <= now() then excluded.created_at else k.created_at end,
          expires_at = case when k.expires_at <= now() then excluded.expires_at else k.expires_at end
        where k.expires_at <= now()
          or (k.status is null and k.committed_at is null and k.lease_until <= now() and k.fingerprint = excluded.fingerprint)
        returning id, owner`,
      [randomUUID(), req.caller, keyHash, req.operation.slice(0, 200), req.fingerprint, owner, this.leaseMs / 1000, this.keyHours], 'all');
      if (claimed[0]?.owner === owner) return { claim: new IdempotencyClaim(this, em, claimed[0].id, owner, seal) };

      const [row] = await connection.execute<KeyRow[]>(`
        select id, fingerprint, status, answer, committed_at is not null as committed, lease_until > now() as leased, expires_at > now() as live
        from idempotency_keys where caller = ? and key_hash = ?`, [req.caller, keyHash], 'all');
      if (row && row.live) {
        if (row.fingerprint !== req.fingerprint) throw reused();
        if (row.status !== null && row.answer) {
          try {
            return { replay: { status: row.status, body: this.opened(seal, row.answer) } };
          } catch {
            // Sealed under another server secret (JWT_SECRET rotated): the work is done, its answer unreadable.
            throw answerLost();
          }
        }
        if (!row.leased && row.committed) throw answerLost();
        if (row.leased && Date.now() >= deadline) throw inUse();
      }
      // Gone (purged), expired or abandoned: the next round claims it. Running: wait for its answer.
      if (round > 0 || row?.leased) await sleep(POLL_MS);
      if (round > 1000) throw inUse();
    }
  }

  /** Keeps a running claim's lease (see IdempotencyClaim). */
  async renew(em: EntityManager, fence: IdempotencyFence): Promise<void> {
    if (!fence.open) return;
    await em.getConnection().execute(`update idempotency_keys set lease_until = now() + make_interval(secs => ?) where id = ? and owner = ? and status is null`,
      [this.leaseMs / 1000, fence.id, fence.owner], 'run');
  }

  async finish(em: EntityManager, fence: IdempotencyFence, seal: Buffer, answer: StoredAnswer | null, succeeded: boolean): Promise<void> {
    const connection = em.getConnection();
    try {
      if (!succeeded) {
        const released = await connection.execute(`delete from idempotency_keys where id = ? and owner = ? and committed_at is null`, [fence.id, fence.owner], 'run');
        if ((released as { affectedRows?: number }).affectedRows) return;
      }
      if (answer) {
        await connection.execute(`update idempotency_keys set status = ?, answer = ?, lease_until = now() where id = ? and owner = ?`,
          [answer.status, this.sealed(seal, answer.body), fence.id, fence.owner], 'run');
      } else {
        // Work committed and nothing to keep: a repeat is told at once that its answer is lost.
        await connection.execute(`update idempotency_keys set lease_until = now() where id = ? and owner = ?`, [fence.id, fence.owner], 'run');
      }
    } catch (err) {
      // The answer still goes out; a repeat then finds the claim's lease running out (see begin).
      this.log?.warn({ err, key: fence.id }, 'idempotency key not settled');
    }
  }

  /** Retention: keys past their time (the mail worker's hourly purge runs this). */
  readonly purgeExpired = async (em: EntityManager): Promise<Record<string, number>> => {
    const done = await em.execute(`delete from idempotency_keys where expires_at < now()`, [], 'run');
    return { idempotencyKeys: (done as { affectedRows?: number }).affectedRows ?? 0 };
  };
}

/**
 * The fence (see the top): before any transaction of a request holding a claim commits, the key is
 * marked committed inside that transaction, on condition that the claim still owns it. A claim taken
 * over by a repeat (its lease ran out) makes the transaction roll back instead.
 */
export const idempotencyFence: EventSubscriber = {
  async beforeTransactionCommit(args: TransactionEventArgs) {
    const fence = requestContext.getStore()?.idempotency;
    if (!fence?.open) return;
    const rows = await (args.em as unknown as EntityManager).getConnection().execute<unknown[]>(
      `update idempotency_keys set committed_at = coalesce(committed_at, now()) where id = ? and owner = ? returning id`,
      [fence.id, fence.owner], 'all', args.transaction);
    if (!rows.length) throw inUse();
  },
};

/** Whose key it is: keys of different callers never meet. */
export function callerOf(ctx: Pick<Context, 'user' | 'integrator'>): string {
  if (ctx.user) return `user:${ctx.user.id}`;
  if (ctx.integrator) return `app:${ctx.integrator.appId}`;
  return 'visitor';
}

function holdFence(claim: IdempotencyClaim): void {
  const store = requestContext.getStore();
  if (store) store.idempotency = claim.fence;
}

/**
 * The GraphQL side: a mutation operation executing a declared root field, sent with a key, is
 * claimed once it is resolved (after the throttles and the integrator checks), answered from the key
 * when it was answered before, and its answer kept before it is sent.
 */
export const idempotencyPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    let claim: IdempotencyClaim | undefined;
    let replay: StoredAnswer | undefined;
    return {
      async didResolveOperation({ operation, document, request, schema, contextValue, queryHash }) {
        if (operation?.operation !== 'mutation') return;
        const fields = schema.getMutationType()?.getFields() ?? {};
        const declared = executedRootFields(operation.selectionSet, document, request.variables).filter((name) => isIdempotent(fields[name]));
        if (!declared.length) return;
        try {
          const key = idempotencyKeyOf(request.http?.headers.get(IDEMPOTENCY_HEADER));
          if (key === undefined) return;
          const fingerprint = fingerprintOf(['graphql', queryHash, request.operationName ?? null, await withFileHashes(request.variables ?? {})]);
          const begun = await contextValue.services.idempotency.begin(contextValue.em, {
            caller: callerOf(contextValue), key, operation: `Mutation.${[...new Set(declared)].join('+')}`, fingerprint,
          });
          if ('replay' in begun) replay = begun.replay;
          else {
            holdFence(begun.claim);
            claim = begun.claim;
          }
        } catch (err) {
          const e = toAppError(err);
          if (!e) throw err;
          throw graphqlErrorOf(e);
        }
      },
      async responseForOperation(): Promise<GraphQLResponse | null> {
        if (!replay) return null;
        return {
          http: { status: replay.status, headers: new HeaderMap([[REPLAYED_HEADER.toLowerCase(), 'true']]) },
          body: { kind: 'single', singleResult: JSON.parse(replay.body) },
        };
      },
      async willSendResponse({ response }) {
        if (!claim) return;
        const done = claim;
        claim = undefined;
        const body = response.body;
        if (body.kind !== 'single') {
          await done.finish(null, false);
          return;
        }
        const succeeded = !body.singleResult.errors?.length;
        await done.finish({ status: response.http.status ?? 200, body: JSON.stringify(body.singleResult) }, succeeded);
      },
    };
  },
};

/** What a REST route declared idempotent reads of its request: the method and path, the query, the body and its files. */
export interface RestRequestParts {
  body: unknown;
  files?: { field: string; data: Buffer }[];
}

/** The REST side of begin (the route registrar, common/rest.ts, calls it after the access check and the throttle). */
export async function beginRest(ctx: Context, req: Request, operation: string, parts: RestRequestParts): Promise<Begun | null> {
  const key = idempotencyKeyOf(req.headers[IDEMPOTENCY_HEADER]);
  if (key === undefined) return null;
  const fingerprint = fingerprintOf(['rest', req.method, req.baseUrl + req.path, req.query, parts.body ?? null,
    (parts.files ?? []).map((f) => ({ field: f.field, file: sha256(f.data) }))]);
  const begun = await ctx.services.idempotency.begin(ctx.em, { caller: callerOf(ctx), key, operation, fingerprint });
  if ('claim' in begun) holdFence(begun.claim);
  return begun;
}
