import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApolloLink } from '@apollo/client';
import { parse } from 'graphql';
import { Observable, firstValueFrom, lastValueFrom } from 'rxjs';
import { NotSentError, intentKey, intentOf, resilienceLink } from '../resilience';
import { connectionState, reportNetworkFailure, reportReachable } from '../connection';
import { setCopyStore, wipePersonalCopies, type CopyStore } from '../offline-copies';
import { IDEMPOTENT_MUTATIONS, PAYMENT_MUTATIONS } from '../idempotentWrites';
import { setSession } from '../session';
import { errorInfo } from '../errors';

/**
 * The Apollo link of a bad connection (lib/resilience.ts), against a stand-in server: keys per
 * intent, writes sent again when their answer is lost, the offer when offline, copies for reading.
 */
type Reply = { data?: Record<string, unknown>; errors?: { message: string; extensions: Record<string, unknown> }[] } | Error | 'silence';

function server(replies: Reply[]) {
  const sent: { key?: string; operation: string }[] = [];
  const forward = (operation: ApolloLink.Operation) => new Observable<ApolloLink.Result>((observer) => {
    sent.push({ key: (operation.getContext().headers as Record<string, string> | undefined)?.['Idempotency-Key'], operation: operation.operationName ?? '' });
    const reply = replies.shift() ?? { data: { ok: true } };
    const timer = setTimeout(() => {
      if (reply === 'silence') return;
      if (reply instanceof Error) observer.error(reply);
      else {
        observer.next(reply as ApolloLink.Result);
        observer.complete();
      }
    }, 10);
    return () => clearTimeout(timer);
  });
  return { sent, forward };
}

const ORDER = parse('mutation CreateOrder($input: CreateOrderInput!) { createOrder(input: $input) { order { id } } }');
const BOOK = parse('mutation BookConsultation($input: BookConsultationInput!) { bookConsultation(input: $input) { id } }');
const PROFILE = parse('mutation UpdateProfile($input: UpdateProfileInput!) { updateProfile(input: $input) { id } }');
const READ = parse('query MyOrders($page: Int!) { myOrders(page: $page) { items { id } } }');

// ApolloLink.execute builds a real operation (context, setContext) around the request.
function execute(document: ReturnType<typeof parse>, variables: Record<string, unknown>, forward: ApolloLink.ForwardFunction) {
  const link = resilienceLink.concat(new ApolloLink((op) => forward(op)));
  return ApolloLink.execute(link, { query: document, variables }, { client: {} as never });
}

const lost = () => new TypeError('Failed to fetch');
const netOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(() => {
  vi.useFakeTimers();
  netOnline(true);
  reportReachable();
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
});
afterEach(() => {
  connectionState().unsent?.cancel();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setSession(null);
});

describe('one key per intent', () => {
  it('sends a write the server declares idempotent with a key, the same for the same values until it is answered', async () => {
    const { sent, forward } = server([{ data: { createOrder: { order: { id: 'o1' } } } }, { data: { createOrder: { order: { id: 'o2' } } } }]);
    const vars = { input: { items: [{ medicineId: 'm', quantity: 1 }] } };
    const key = intentKey(intentOf('CreateOrder', vars));
    const first = lastValueFrom(execute(ORDER, vars, forward));
    await vi.advanceTimersByTimeAsync(20);
    await first;
    expect(sent[0]!.key).toBe(key);
    // answered: the same values again are a new intent, with a new key
    const second = lastValueFrom(execute(ORDER, vars, forward));
    await vi.advanceTimersByTimeAsync(20);
    await second;
    expect(sent[1]!.key).toBeDefined();
    expect(sent[1]!.key).not.toBe(key);
  });

  it('gives changed values another key, and a file its name, size and date', () => {
    const a = intentKey(intentOf('CreateOrder', { input: { quantity: 1 } }));
    expect(intentKey(intentOf('CreateOrder', { input: { quantity: 1 } }))).toBe(a);
    expect(intentKey(intentOf('CreateOrder', { input: { quantity: 2 } }))).not.toBe(a);
    const photo = new File(['x'], 'rx.jpg', { type: 'image/jpeg', lastModified: 1 });
    expect(intentOf('CreateOrder', { photo })).toContain('"file":"rx.jpg","size":1');
  });

  it('keeps no value of a write on the device, only a hash of it beside its key', () => {
    intentKey(intentOf('Signup', { input: { email: 'rahima@example.com', password: 'secret-pass-1' } }));
    const kept = sessionStorage.getItem('nirog.intents')!;
    expect(kept).not.toContain('secret-pass-1');
    expect(kept).not.toContain('rahima@example.com');
  });

  it('leaves every other write alone: no key, sent once, its failure the screen\'s', async () => {
    const { sent, forward } = server([lost()]);
    const result = lastValueFrom(execute(PROFILE, { input: {} }, forward));
    const failed = expect(result).rejects.toThrow('Failed to fetch');
    await vi.advanceTimersByTimeAsync(20_000);
    await failed;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBeUndefined();
  });

  it('lists exactly the mutations schema.graphql says are idempotent; payments among them', () => {
    const schema = readFileSync(resolve(__dirname, '../../../../schema.graphql'), 'utf8');
    const mutation = schema.slice(schema.indexOf('type Mutation {'));
    const declared = [...mutation.slice(0, mutation.indexOf('\n}\n')).matchAll(/"""([^]*?)"""\s*\n\s*(\w+)\(/g)]
      .filter(([, doc]) => doc!.includes('Idempotent: send an Idempotency-Key header')).map(([, , name]) => name);
    expect([...IDEMPOTENT_MUTATIONS].sort()).toEqual(declared.sort());
    expect(PAYMENT_MUTATIONS.every((m) => IDEMPOTENT_MUTATIONS.includes(m))).toBe(true);
  });
});

describe('a write whose answer is lost', () => {
  it('is sent again with the same key, the banner told which try it is, and answered once', async () => {
    const { sent, forward } = server([lost(), lost(), { data: { bookConsultation: { id: 'a1' } } }]);
    const seen: unknown[] = [];
    const result = new Promise((resolve, reject) => execute(BOOK, { input: { doctorId: 'd' } }, forward).subscribe({ next: (r) => seen.push(r), error: reject, complete: () => resolve(seen) }));
    await vi.advanceTimersByTimeAsync(20);
    reportReachable(); // the probe found Nirog again
    await vi.advanceTimersByTimeAsync(1010);
    expect(connectionState().resending).toEqual({ attempt: 1, of: 4 });
    reportReachable();
    await vi.advanceTimersByTimeAsync(2010);
    await expect(result).resolves.toEqual([{ data: { bookConsultation: { id: 'a1' } } }]);
    expect(sent.map((s) => s.key)).toEqual([sent[0]!.key, sent[0]!.key, sent[0]!.key]);
    expect(connectionState().resending).toBeNull();
  });

  it('is sent again while the server says the same key is still being carried out, or the database is away', async () => {
    const busy = (reason: string) => ({ errors: [{ message: 'busy', extensions: { reason } }] });
    const { sent, forward } = server([busy('IDEMPOTENCY_KEY_IN_USE'), busy('DATABASE_UNAVAILABLE'), { data: { bookConsultation: { id: 'a2' } } }]);
    const result = lastValueFrom(execute(BOOK, { input: { doctorId: 'e' } }, forward));
    await vi.advanceTimersByTimeAsync(4000);
    await expect(result).resolves.toEqual({ data: { bookConsultation: { id: 'a2' } } });
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });

  it('after 30 s of silence gives up that try and sends again', async () => {
    const { sent, forward } = server(['silence', { data: { bookConsultation: { id: 'a3' } } }]);
    const result = lastValueFrom(execute(BOOK, { input: { doctorId: 'f' } }, forward));
    await vi.advanceTimersByTimeAsync(30_000);
    reportReachable();
    await vi.advanceTimersByTimeAsync(1100);
    await expect(result).resolves.toEqual({ data: { bookConsultation: { id: 'a3' } } });
    expect(sent).toHaveLength(2);
  });

  it('is not sent again after a refusal, which the screen shows', async () => {
    const { sent, forward } = server([{ errors: [{ message: 'out', extensions: { reason: 'OUT_OF_STOCK', code: 'CONFLICT' } }] }]);
    const result = lastValueFrom(execute(ORDER, { input: { x: 1 } }, forward));
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toMatchObject({ errors: [{ extensions: { reason: 'OUT_OF_STOCK' } }] });
    expect(sent).toHaveLength(1);
  });
});

describe('a write that cannot be sent', () => {
  it('offline: waits for the patient; "send when back online" sends it, with its key, once the connection is back', async () => {
    netOnline(false);
    reportNetworkFailure();
    const { sent, forward } = server([{ data: { bookConsultation: { id: 'b1' } } }]);
    const result = lastValueFrom(execute(BOOK, { input: { doctorId: 'g' } }, forward));
    await vi.advanceTimersByTimeAsync(10);
    const offer = connectionState().unsent!;
    expect(offer).toMatchObject({ payment: false, armed: false });
    expect(sent).toHaveLength(0);
    offer.send();
    expect(connectionState().unsent?.armed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(0);
    netOnline(true);
    reportReachable();
    await vi.advanceTimersByTimeAsync(20);
    await expect(result).resolves.toEqual({ data: { bookConsultation: { id: 'b1' } } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toBeDefined();
    expect(connectionState().unsent).toBeNull();
  });

  it('cancelled: fails as no connection (the screen words it), nothing sent', async () => {
    netOnline(false);
    reportNetworkFailure();
    const { sent, forward } = server([]);
    const result = lastValueFrom(execute(BOOK, { input: { doctorId: 'h' } }, forward));
    await vi.advanceTimersByTimeAsync(10);
    connectionState().unsent!.cancel();
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotSentError);
    expect(errorInfo(error).reason).toBe('NETWORK');
    expect(sent).toHaveLength(0);
  });

  it('a payment is offered as Try again, never armed to go by itself', async () => {
    netOnline(false);
    reportNetworkFailure();
    const { sent, forward } = server([{ data: { createOrder: { order: { id: 'o9' } } } }]);
    const result = lastValueFrom(execute(ORDER, { input: { y: 1 } }, forward));
    await vi.advanceTimersByTimeAsync(10);
    expect(connectionState().unsent).toMatchObject({ payment: true, armed: false });
    netOnline(true);
    reportReachable();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(0);
    connectionState().unsent!.send();
    await vi.advanceTimersByTimeAsync(20);
    await expect(result).resolves.toEqual({ data: { createOrder: { order: { id: 'o9' } } } });
  });

  it('after every try went unanswered, offers to try again with the same key', async () => {
    const { sent, forward } = server([lost(), lost(), lost(), lost(), lost(), { data: { bookConsultation: { id: 'c1' } } }]);
    const result = lastValueFrom(execute(BOOK, { input: { doctorId: 'i' } }, forward));
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(9000);
      reportReachable();
    }
    expect(sent).toHaveLength(5);
    const offer = connectionState().unsent!;
    expect(offer.armed).toBe(false);
    offer.send();
    await vi.advanceTimersByTimeAsync(20);
    await expect(result).resolves.toEqual({ data: { bookConsultation: { id: 'c1' } } });
    expect(new Set(sent.map((s) => s.key)).size).toBe(1);
  });
});

describe('a patient\'s records offline', () => {
  function memoryStore(): CopyStore {
    const m = new Map<string, Response>();
    return {
      put: async (k, r) => void m.set(k, r),
      match: async (k) => m.get(k)?.clone(),
      wipe: async () => m.clear(),
    };
  }

  it('saves each answer of the patient\'s lists and answers from the device when Nirog cannot be reached, saying when it was saved', async () => {
    setCopyStore(memoryStore());
    setSession({ token: 'h.eyJleHAiOjk5OTk5OTk5OTl9.s', refreshToken: 'r', user: { id: 'u1', name: 'Rahima', email: 'r@x', role: 'user' } });
    const online = server([{ data: { myOrders: { items: [{ id: 'o1' }] } } }, lost()]);
    const first = firstValueFrom(execute(READ, { page: 1 }, online.forward));
    await vi.advanceTimersByTimeAsync(20);
    await first;
    await vi.advanceTimersByTimeAsync(10);
    const again = firstValueFrom(execute(READ, { page: 1 }, online.forward));
    await vi.advanceTimersByTimeAsync(20);
    await expect(again).resolves.toEqual({ data: { myOrders: { items: [{ id: 'o1' }] } } });
    expect(connectionState().savedCopyAt).toEqual(expect.any(Number));
    // another page was never saved: the failure is the screen's
    const other = firstValueFrom(execute(READ, { page: 2 }, server([lost()]).forward));
    const failed = expect(other).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(20);
    await failed;
  });

  it('keeps nothing once the session ends', async () => {
    const store = memoryStore();
    setCopyStore(store);
    setSession({ token: 'h.eyJleHAiOjk5OTk5OTk5OTl9.s', refreshToken: 'r', user: { id: 'u2', name: 'Karim', email: 'k@x', role: 'user' } });
    const first = firstValueFrom(execute(READ, { page: 1 }, server([{ data: { myOrders: { items: [] } } }]).forward));
    await vi.advanceTimersByTimeAsync(20);
    await first;
    await vi.advanceTimersByTimeAsync(10);
    await wipePersonalCopies();
    const offline = firstValueFrom(execute(READ, { page: 1 }, server([lost()]).forward));
    const failed = expect(offline).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(20);
    await failed;
  });
});
