import { ApolloLink, CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';
import { getSession } from './session';
import {
  clearSavedCopies, connectionState, noteSavedCopy, reportNetworkFailure, reportReachable, setResending, setUnsent, subscribeConnection, whenOnline, type UnsentWrite,
} from './connection';
import { INTENTS_KEY, OFFLINE_READS, PDFS_KEPT, keepFiles, readCopy, saveCopy, shortHash, wipeWhenSessionEnds } from './offline-copies';
import { IDEMPOTENT_MUTATIONS, PAYMENT_MUTATIONS } from './idempotentWrites';
import { appApolloClient } from './apollo';

/**
 * What a bad connection needs from the Apollo client, installed by the screens that write or read a
 * patient's records (`installResilience`, below), so that no visitor's first screen carries it:
 *
 * - **One key per intent.** A write the server declares idempotent (lib/idempotentWrites.ts) carries
 *   an `Idempotency-Key`: the same for the same write with the same values (a second tap, a resend
 *   after a reload: kept in sessionStorage), a new one for the next write or once the form changes.
 *   The server then does it once however often it arrives (backend common/idempotency.ts).
 * - **Sent again when its answer is lost.** No answer (the connection dropped, 30 s of silence, a
 *   proxy's 502-504, the database away, the same key still being carried out): sent again with the
 *   same key after 1, 2, 4 and 8 s, the banner saying so. Other writes are never sent again by the app.
 * - **Never silently queued.** Offline, or still without an answer after those tries, the write
 *   waits for the patient's choice (the banner's offer): send it when the connection is back, or
 *   give up (the screen shows the failure and its form keeps what was typed). A payment is never sent
 *   by itself later: Try again, once back online.
 * - **Readable offline.** The patient's own lists and prescriptions (lib/offline-copies.ts OFFLINE_READS)
 *   are saved on each answer and answered from the device when Nirog cannot be reached, the banner
 *   saying when they were saved; the newest prescriptions' PDFs are fetched ahead.
 */
const RETRY_AFTER_MS = [1000, 2000, 4000, 8000];
const SILENCE_MS = 30_000;
/** An intent's key is forgotten after this (the server keeps keys 24 hours). */
const INTENT_HOURS = 12;

/** What the server answered for want of a moment: the same key is carried out right now, or the database is away. */
const BUSY = new Set(['IDEMPOTENCY_KEY_IN_USE', 'DATABASE_UNAVAILABLE']);

/** The write was given up before the server had it: worded as NETWORK by lib/errors.ts. */
export class NotSentError extends Error {
  constructor() {
    super('network: not sent');
    this.name = 'NotSentError';
  }
}

type Result = ApolloLink.Result;
type Operation = ApolloLink.Operation;
type Forward = ApolloLink.ForwardFunction;

/** No answer at all: nothing from the network, or a proxy's 502-504. A server's refusal is an answer. */
export function lostInFlight(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return false;
  if (ServerError.is(error) || ServerParseError.is(error)) return [502, 503, 504].includes(error.statusCode);
  return error instanceof Error && (error.name === 'TypeError' || error.name === 'AbortError' || /network|fetch|load failed/i.test(error.message));
}

/** No network at all (the phone says so): nothing is tried. A dead connection the phone calls online is found by trying. */
const adapterOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

const busy = (result: Result) => result.errors?.some((e) => BUSY.has(String(e.extensions?.reason))) ?? false;

function rootFields(operation: Operation): string[] {
  const names: string[] = [];
  for (const d of operation.query.definitions) {
    if (d.kind !== 'OperationDefinition') continue;
    for (const s of d.selectionSet.selections) if (s.kind === 'Field') names.push(s.name.value);
  }
  return names;
}

const isFile = (v: unknown): v is File => typeof Blob !== 'undefined' && v instanceof Blob;

/** The write as the server will fingerprint it: its name and values, a file by its name, size, type and date. */
export function intentOf(operationName: string, variables: unknown): string {
  return `${operationName}:${JSON.stringify(variables ?? {}, (_k, v: unknown) => (isFile(v)
    ? { file: (v as File).name ?? '', size: v.size, type: v.type, modified: (v as File).lastModified ?? 0 }
    : v))}`;
}

const hasFile = (v: unknown): boolean => isFile(v) || (Array.isArray(v) ? v.some(hasFile) : !!v && typeof v === 'object' && Object.values(v).some(hasFile));

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

type Intents = Record<string, { key: string; at: number }>;

function readIntents(): Intents {
  try {
    const all = JSON.parse(sessionStorage.getItem(INTENTS_KEY) ?? '{}') as Intents;
    const oldest = Date.now() - INTENT_HOURS * 3600_000;
    return Object.fromEntries(Object.entries(all).filter(([, i]) => i.at > oldest));
  } catch {
    return {};
  }
}

function writeIntents(all: Intents): void {
  try {
    sessionStorage.setItem(INTENTS_KEY, JSON.stringify(all));
  } catch {
    /* private mode: the key lives as long as the page */
  }
}

/** The key of this intent: the one it was sent with before, or a new one. Stored by a hash of the intent, never its values. */
export function intentKey(intent: string): string {
  const all = readIntents();
  const found = all[shortHash(intent)];
  if (found) return found.key;
  const key = newKey();
  writeIntents({ ...all, [shortHash(intent)]: { key, at: Date.now() } });
  return key;
}

/** The intent has its answer: the next one, even with the same values, is another. */
export function forgetIntent(intent: string): void {
  const all = readIntents();
  delete all[shortHash(intent)];
  writeIntents(all);
}

function sendIdempotent(operation: Operation, forward: Forward, payment: boolean): Observable<Result> {
  const intent = intentOf(operation.operationName ?? '', operation.variables);
  const key = intentKey(intent);
  operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({ headers: { ...headers, 'Idempotency-Key': key } }));
  // An upload on a slow connection may take long: it is never cut short.
  const upload = hasFile(operation.variables);
  return new Observable<Result>((observer) => {
    let current: Subscription | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    let closed = false;
    let shown: UnsentWrite | null = null;
    const show = (offer: UnsentWrite | null) => {
      shown = offer;
      setUnsent(offer);
    };

    const settle = () => {
      closed = true;
      clearTimeout(timer);
      current?.unsubscribe();
      if (tries > 1) setResending(null);
      if (shown && connectionState().unsent === shown) setUnsent(null);
    };
    const answer = (result: Result) => {
      forgetIntent(intent);
      settle();
      observer.next(result);
      observer.complete();
    };
    const fail = (error: unknown) => {
      settle();
      observer.error(error);
    };
    const again = () => {
      if (closed) return;
      tries = 0;
      show(null);
      attempt();
    };

    // Offline, or still no answer after every try: the patient decides (one write at a time).
    const hold = () => {
      if (closed) return;
      setResending(null);
      const other = connectionState().unsent;
      if (other && other !== shown) return fail(new NotSentError());
      const offer: UnsentWrite = {
        payment,
        armed: false,
        send: () => {
          if (payment) return again();
          show({ ...offer, armed: true });
          void whenOnline().then(again);
        },
        cancel: () => fail(new NotSentError()),
      };
      show(offer);
    };
    const later = () => {
      if (closed) return;
      if (tries > RETRY_AFTER_MS.length || adapterOffline()) return hold();
      timer = setTimeout(attempt, RETRY_AFTER_MS[tries - 1]);
    };

    // A try is also how the link learns that Nirog answers again: only a phone with no network at all waits.
    function attempt() {
      if (closed) return;
      if (adapterOffline()) return hold();
      tries += 1;
      if (tries > 1) setResending({ attempt: tries - 1, of: RETRY_AFTER_MS.length });
      let over = false;
      // eslint-disable-next-line prefer-const -- declared first: `lost` may run (a synchronous error) before the assignment
      let sub: Subscription | undefined;
      const lost = () => {
        if (over) return;
        over = true;
        clearTimeout(timer);
        sub?.unsubscribe();
        later();
      };
      sub = forward(operation).subscribe({
        next(result) {
          if (over) return;
          reportReachable();
          if (busy(result)) return lost();
          over = true;
          answer(result);
        },
        error(error: unknown) {
          if (over) return;
          if (!lostInFlight(error)) {
            over = true;
            forgetIntent(intent);
            return fail(error);
          }
          if (!ServerError.is(error) && !ServerParseError.is(error)) reportNetworkFailure();
          lost();
        },
      });
      if (over) sub.unsubscribe();
      current = sub;
      if (!upload && !over) {
        timer = setTimeout(() => {
          reportNetworkFailure();
          lost();
        }, SILENCE_MS);
      }
    }

    attempt();
    return () => {
      if (!closed) settle();
    };
  });
}

/** The PDFs of the newest prescriptions in an answer, fetched ahead once the browser is idle. */
function keepPdfs(data: unknown): void {
  const d = data as { myPrescriptions?: { items?: { pdfPath?: string }[] }; prescription?: { pdfPath?: string } };
  const paths = [...(d.myPrescriptions?.items ?? []), ...(d.prescription ? [d.prescription] : [])].map((p) => p.pdfPath).filter((p): p is string => !!p).slice(0, PDFS_KEPT);
  if (!paths.length) return;
  const idle = (window.requestIdleCallback as Window['requestIdleCallback'] | undefined) ?? ((fn: () => void) => window.setTimeout(fn, 2000));
  idle(() => void keepFiles(paths));
}

function readWithCopy(operation: Operation, forward: Forward, userId: string): Observable<Result> {
  const name = operation.operationName ?? '';
  return new Observable<Result>((observer) => {
    let closed = false;
    let sub: Subscription | undefined;
    const fromDevice = async (error: unknown) => {
      const copy = await readCopy(userId, name, operation.variables);
      if (closed) return;
      if (!copy) return observer.error(error);
      noteSavedCopy(copy.savedAt);
      observer.next({ data: copy.data as Result['data'] });
      observer.complete();
    };
    if (adapterOffline()) void fromDevice(new NotSentError());
    else {
      sub = forward(operation).subscribe({
        next(result) {
          reportReachable();
          if (result.errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) return void fromDevice(new CombinedGraphQLErrors(result));
          if (result.data && !result.errors?.length) {
            clearSavedCopies();
            void saveCopy(userId, name, operation.variables, result.data);
            keepPdfs(result.data);
          }
          observer.next(result);
        },
        error(error: unknown) {
          if (!lostInFlight(error)) return observer.error(error);
          if (!ServerError.is(error) && !ServerParseError.is(error)) reportNetworkFailure();
          void fromDevice(error);
        },
        complete() {
          observer.complete();
        },
      });
    }
    return () => {
      closed = true;
      sub?.unsubscribe();
    };
  });
}

const idempotent = new Set(IDEMPOTENT_MUTATIONS);
const payments = new Set(PAYMENT_MUTATIONS);
const offlineReads = new Set(OFFLINE_READS);

export const resilienceLink = new ApolloLink((operation, forward) => {
  if (operation.operationType === 'mutation') {
    const roots = rootFields(operation);
    if (roots.some((r) => idempotent.has(r))) return sendIdempotent(operation, forward, roots.some((r) => payments.has(r)));
    return forward(operation);
  }
  const userId = getSession()?.user.id;
  if (operation.operationType === 'query' && userId && offlineReads.has(operation.operationName ?? '')) return readWithCopy(operation, forward, userId);
  return forward(operation);
});


let installed = false;

/**
 * Puts the link in front of the app's Apollo client, once, in the browser. Called by the screens that
 * send writes or read a patient's records (antd's screens, app/AntdProvider.tsx) before their first
 * request; the light catalogues a visitor opens first never load it. What this device keeps of an
 * account goes when its session does, the Apollo client's memory with it.
 */
export function installResilience(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const client = appApolloClient();
  client.setLink(resilienceLink.concat(client.link));
  wipeWhenSessionEnds(() => void client.clearStore());
  // Back online: the screens ask again, and fresh answers replace the saved records.
  let online = connectionState().online;
  subscribeConnection(() => {
    const now = connectionState().online;
    if (now && !online) void client.refetchQueries({ include: 'active' }).catch(() => undefined);
    online = now;
  });
}
