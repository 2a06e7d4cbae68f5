import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import type { TestApp } from './app.js';

/** What a subscription heard: `next` payloads, an `error` (the server's errors, or the socket's close), its end. */
export interface Heard {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, any> }[];
}

export interface CloseInfo {
  code: number;
  reason: string;
}

/** One subscription of a test: what it heard, in order, and ways to wait for more. */
export class TestSubscription {
  readonly heard: Heard[] = [];
  error?: Heard['errors'] | CloseInfo;
  completed = false;
  private waiters: (() => void)[] = [];
  private taken = 0;
  stop: () => void = () => undefined;

  push(h: Heard): void {
    this.heard.push(h);
    this.wake();
  }

  fail(e: Heard['errors'] | CloseInfo): void {
    this.error = e;
    this.completed = true;
    this.wake();
  }

  end(): void {
    this.completed = true;
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private waitForChange(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** The next payload not taken yet; throws after `ms` without one (or when the subscription ended). */
  async next(ms = 5000): Promise<Heard> {
    const until = Date.now() + ms;
    while (this.taken >= this.heard.length) {
      if (this.completed) throw new Error(`subscription ended without more: ${JSON.stringify(this.error ?? 'completed')}`);
      const left = until - Date.now();
      if (left <= 0 || !(await this.waitForChange(left))) {
        if (this.taken < this.heard.length) break;
        throw new Error(`nothing heard within ${ms} ms (heard so far: ${JSON.stringify(this.heard).slice(0, 500)})`);
      }
    }
    return this.heard[this.taken++]!;
  }

  /** The next payload whose event matches `ok`, skipping others (a SYNC after a reconnect, a change of another field). */
  async nextWhere(ok: (h: Heard) => boolean, ms = 5000): Promise<Heard> {
    const until = Date.now() + ms;
    for (;;) {
      const h = await this.next(Math.max(1, until - Date.now()));
      if (ok(h)) return h;
    }
  }

  /** True when nothing more is heard for `ms`. */
  async quiet(ms: number): Promise<boolean> {
    if (this.taken < this.heard.length) return false;
    return !(await this.waitForChange(ms)) || this.taken >= this.heard.length;
  }

  /** The first thing the subscription says: its SYNC payload, or its refusal (errors or a close). */
  async first(ms = 10_000): Promise<Heard> {
    try {
      return await this.next(ms);
    } catch (err) {
      if (this.error) return Array.isArray(this.error) ? { errors: this.error } : { errors: [{ message: `closed ${(this.error as CloseInfo).code} ${(this.error as CloseInfo).reason}`, extensions: { closeCode: (this.error as CloseInfo).code, reason: (this.error as CloseInfo).reason } }] };
      throw err;
    }
  }
}

/** A graphql-ws client of a test: one socket, connected at once, never retried (a test says what it expects). */
export class LiveTestClient {
  readonly client: Client;
  readonly closes: CloseInfo[] = [];
  connected = false;
  private closedWaiters: ((c: CloseInfo) => void)[] = [];

  constructor(url: string, params: Record<string, unknown> = {}, opts: { headers?: Record<string, string> } = {}) {
    const Impl = class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers: opts.headers });
      }
    };
    this.client = createClient({
      url,
      webSocketImpl: Impl,
      connectionParams: params,
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: () => undefined,
      on: {
        connected: () => { this.connected = true; },
        closed: (e) => {
          const c = { code: (e as { code: number }).code, reason: String((e as { reason?: string }).reason ?? '') };
          this.connected = false;
          this.closes.push(c);
          for (const w of this.closedWaiters.splice(0)) w(c);
        },
      },
    });
  }

  subscribe(query: string, variables: Record<string, unknown> = {}): TestSubscription {
    return this.subscribeRaw({ query, variables });
  }

  /** A subscribe message as given (the web app's: no text, its registered hash in extensions). */
  subscribeRaw(payload: { query: string; variables?: Record<string, unknown>; extensions?: Record<string, unknown> }): TestSubscription {
    const sub = new TestSubscription();
    sub.stop = this.client.subscribe(payload, {
      next: (value) => sub.push(value as Heard),
      error: (err) => sub.fail(Array.isArray(err) ? (err as Heard['errors']) : { code: (err as { code?: number }).code ?? 0, reason: String((err as { reason?: string }).reason ?? err) }),
      complete: () => sub.end(),
    });
    return sub;
  }

  /** The socket's close (the next one, or the last one already seen when `seen` is true). */
  closed(ms = 10_000, seen = true): Promise<CloseInfo> {
    if (seen && this.closes.length) return Promise.resolve(this.closes[this.closes.length - 1]!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the socket stayed open for ${ms} ms`)), ms);
      this.closedWaiters.push((c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
  }

  async dispose(): Promise<void> {
    await this.client.dispose();
  }
}

/** A live client of `t` as the holder of a token (people) or a key (apps), or a visitor. */
export async function liveAs(t: TestApp, credential?: string, opts: { headers?: Record<string, string>; params?: Record<string, unknown> } = {}): Promise<LiveTestClient> {
  const url = await t.liveUrl();
  return new LiveTestClient(url, opts.params ?? (credential ? { Authorization: `Bearer ${credential}` } : {}), { headers: opts.headers });
}

export const APPOINTMENT_EVENTS = `subscription ($id: ID) { appointmentEvents(id: $id) { type at appointment { id status startedAt paymentStatus cancelReason noShowRefundAt meetingUrl canStart doctor { id isOnline } } } }`;
export const ORDER_EVENTS = `subscription ($id: ID) { orderEvents(id: $id) { type at order { id status paymentStatus } } }`;
export const DASHBOARD_EVENTS = `subscription { dashboardEvents { type at dashboard { generatedAt pendingDoctors consultations { today } } } }`;
