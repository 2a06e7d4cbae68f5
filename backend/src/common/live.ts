import type { EntityManager } from '@mikro-orm/sql';
import { registerEnumType } from 'type-graphql';
import type { Context } from './context.js';
import type { DomainEvent, DomainEvents, DomainEventType, EventOf } from './events.js';
import type { Logger } from './logger.js';
import { AppError } from './errors.js';

/**
 * Live updates (GraphQL subscriptions, common/live-socket.ts carries them): what changed reaches every
 * replica through PostgreSQL, and each subscriber hears it as the queries would show it to them.
 *
 * 1. Every domain event (common/events.ts), published inside the transaction of its change, also
 *    writes `pg_notify('nirog_live', <signal>)` there. PostgreSQL delivers a notification only when
 *    its transaction commits, to every connection listening, once per distinct payload of a
 *    transaction: a change that rolled back is never heard, and the events of one change that name
 *    the same record (a consultation paid and confirmed) arrive as one.
 * 2. A signal carries ids only (which record, whose), never content: each process's coordinator
 *    connection LISTENs (common/coordination.ts) and hands it to the bus below.
 * 3. Each subscription decides with the ids whether the signal may concern its subscriber, then reads
 *    the record through its module's service, read model and policy, with a fresh context, exactly as
 *    the query would for that caller. A record the subscriber may not see is never sent.
 *
 * A subscription hears SYNC first (with the record's state when it follows one record), then CHANGE
 * for each change. SYNC comes again whenever the server may have missed something (its listening
 * connection was lost and came back, or the subscriber fell too far behind): the client refetches what
 * it shows. A client that reconnects subscribes again and so starts with SYNC too: never a stale screen.
 */
export const LIVE_CHANNEL = 'nirog_live';

/** How every subscription is limited (its declared limit, common/limits.ts); common/live-socket.ts enforces it. */
export const LIVE_LIMIT = 'the live socket: connections per account or app and per address (LIVE_CONNECTIONS_PER_USER, LIVE_CONNECTIONS_PER_IP), '
  + 'subscriptions per connection (LIVE_SUBSCRIPTIONS_PER_CONNECTION), a cost per operation (LIVE_MAX_COST), an app\'s cost budget charged per event; '
  + 'each record read once per burst of changes';

/** What a live notification says: the kind of record and the ids that decide who may care. */
export type LiveSignal =
  | { kind: 'appointment'; id: string; patientId: string; doctorId?: string }
  | { kind: 'order'; id: string; userId: string }
  | { kind: 'doctor'; id: string }
  /** A change only counts show (accounts, doctor registrations, blood requests, stock, nurse hires). */
  | { kind: 'other' };

/** Each domain event's signal; a new event type must be given one here (the compiler asks). */
const SIGNAL_OF: { [T in DomainEventType]: (e: EventOf<T>) => LiveSignal } = {
  'user.registered': () => ({ kind: 'other' }),
  'doctor.registered': () => ({ kind: 'other' }),
  'doctor.reviewed': (e) => ({ kind: 'doctor', id: e.doctorId }),
  'doctor.onlineChanged': (e) => ({ kind: 'doctor', id: e.doctorId }),
  'appointment.booked': (e) => ({ kind: 'appointment', id: e.appointmentId, patientId: e.patientId, doctorId: e.doctorId }),
  'appointment.statusChanged': (e) => ({ kind: 'appointment', id: e.appointmentId, patientId: e.patientId, doctorId: e.doctorId }),
  'appointment.paid': (e) => ({ kind: 'appointment', id: e.appointmentId, patientId: e.patientId, doctorId: e.doctorId }),
  'appointment.started': (e) => ({ kind: 'appointment', id: e.appointmentId, patientId: e.patientId, doctorId: e.doctorId }),
  'prescription.written': (e) => ({ kind: 'appointment', id: e.appointmentId, patientId: e.patientId, doctorId: e.doctorId }),
  'order.placed': (e) => ({ kind: 'order', id: e.orderId, userId: e.userId }),
  'order.paid': (e) => ({ kind: 'order', id: e.orderId, userId: e.userId }),
  'order.statusChanged': (e) => ({ kind: 'order', id: e.orderId, userId: e.userId }),
  'nurseHire.created': () => ({ kind: 'other' }),
  'nurseHire.statusChanged': () => ({ kind: 'other' }),
  'bloodRequest.created': () => ({ kind: 'other' }),
  'medicine.stockLow': () => ({ kind: 'other' }),
  'payment.refunded': (e) => (e.purpose === 'order'
    ? { kind: 'order', id: e.purposeId, userId: e.userId }
    : { kind: 'appointment', id: e.purposeId, patientId: e.userId }),
};

export const liveSignalOf = (event: DomainEvent): LiveSignal => (SIGNAL_OF[event.type] as (e: DomainEvent) => LiveSignal)(event);

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;

/** A notification's payload as a signal, or null when it is not one (a notification is data from the database: checked, not trusted). */
export function parseLiveSignal(payload: string | undefined): LiveSignal | null {
  let s: Record<string, unknown>;
  try {
    s = JSON.parse(payload ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!s || typeof s !== 'object') return null;
  switch (s.kind) {
    case 'appointment':
      return isId(s.id) && isId(s.patientId) && (s.doctorId === undefined || isId(s.doctorId))
        ? { kind: 'appointment', id: s.id, patientId: s.patientId, ...(s.doctorId ? { doctorId: s.doctorId as string } : {}) } : null;
    case 'order':
      return isId(s.id) && isId(s.userId) ? { kind: 'order', id: s.id, userId: s.userId } : null;
    case 'doctor':
      return isId(s.id) ? { kind: 'doctor', id: s.id } : null;
    case 'other':
      return { kind: 'other' };
    default:
      return null;
  }
}

/** What a subscriber hears: SYNC first and after anything may have been missed, then CHANGE. */
export enum LiveEventType {
  SYNC = 'SYNC',
  CHANGE = 'CHANGE',
}
registerEnumType(LiveEventType, {
  name: 'LiveEventType',
  description: 'What a subscription event says',
  valuesConfig: {
    SYNC: { description: 'Sent first, and again whenever changes may have been missed: carries the current state of a record followed by id; for a list, refetch it' },
    CHANGE: { description: 'The record changed: here it is as the subscriber may see it now' },
  },
});

/** One update on its way to a subscriber; `context` is the fresh one its selection is resolved with. */
export interface LiveUpdate<T> {
  type: LiveEventType;
  record: T | null;
  at: Date;
  context: Context;
}

/** What one subscription follows, written by the module that owns the records. */
export interface LiveFeed<T> {
  /**
   * The state sent with SYNC: the record of a subscription that follows one (read as its query reads
   * it: a record the caller may not see throws NOT_FOUND, which refuses the subscription), or null.
   */
  current(ctx: Context): Promise<T | null>;
  /** From the ids alone: may this signal concern the subscriber? Cheap; `read` decides. */
  concerns(signal: LiveSignal): boolean;
  /** The record the signal names, as the subscriber may see it now, or null (then nothing is sent). */
  read(signal: LiveSignal, ctx: Context): Promise<T | null>;
  /** Signals that mean the same read (default: kind and id): a burst of them is read once. */
  keyOf?(signal: LiveSignal): string;
  /** At most one read per this many ms (the dashboard's figures); signals meanwhile are folded into it. */
  foldMs?: number;
}

type Heard = LiveSignal | 'resync';
type Listener = (heard: Heard) => void;

/** Signals a slow subscriber may have waiting; beyond this its queue becomes one SYNC (it refetches). */
export const LIVE_QUEUE_MAX = 100;

/**
 * This process's end of the live channel: writes signals into the transaction of their change, hears
 * every replica's (through the coordinator's LISTEN) and hands them to the subscriptions of this process.
 */
export class LiveBus {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly log?: Logger) {}

  /** Every domain event also becomes a live signal, written in its transaction. */
  subscribe(events: DomainEvents): void {
    for (const type of Object.keys(SIGNAL_OF) as DomainEventType[]) {
      events.on(type, (em, e) => this.publish(em, liveSignalOf(e)));
    }
  }

  /** Inside the change's transaction: sent to every replica when (and only if) it commits. */
  async publish(em: EntityManager, signal: LiveSignal): Promise<void> {
    await em.execute('select pg_notify(?, ?)', [LIVE_CHANNEL, JSON.stringify(signal)]);
  }

  /** A notification heard on the channel (from any replica, this one included). */
  receive(payload: string | undefined): void {
    const signal = parseLiveSignal(payload);
    if (!signal) {
      this.log?.warn({ payload: String(payload).slice(0, 200) }, 'live: a notification that is no signal, ignored');
      return;
    }
    for (const fn of this.listeners) fn(signal);
  }

  /** The listening connection was (re)opened: anything may have been missed, every subscriber syncs. */
  resync(): void {
    for (const fn of this.listeners) fn('resync');
  }

  listen(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  get subscribers(): number {
    return this.listeners.size;
  }

  /**
   * A subscription's stream of updates. The listener is in place before the current state is read,
   * so a change committed meanwhile is heard (at worst twice, never lost); a current state the caller
   * may not see throws here, before the subscription starts.
   */
  async follow<T>(ctx: Context, feed: LiveFeed<T>): Promise<AsyncGenerator<LiveUpdate<T>>> {
    const stream = new LiveStream<T>(this, ctx, feed);
    try {
      const first = ctx.renewed();
      const record = await feed.current(first);
      stream.start({ type: LiveEventType.SYNC, record, at: new Date(), context: first });
      return stream;
    } catch (err) {
      await stream.return();
      throw err;
    }
  }
}

/**
 * A record read again for a subscriber who may no longer see it (NOT_FOUND, FORBIDDEN): nothing is
 * sent. Anything else (the database away) is an error of the subscription.
 */
export function unlessHidden<T>(read: Promise<T>): Promise<T | null> {
  return read.catch((err: unknown) => {
    if (err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'FORBIDDEN')) return null;
    throw err;
  });
}

const DONE = { done: true, value: undefined } as const;

/**
 * The updates of one subscription, as an async iterator written out (not an async generator function):
 * `return()` (the client completes, the socket closes) must end it at once, also while it waits for
 * the next signal, which an async generator function would only do after that signal.
 */
class LiveStream<T> implements AsyncGenerator<LiveUpdate<T>> {
  private readonly queue: Heard[] = [];
  private first?: LiveUpdate<T>;
  private wake?: () => void;
  private finished = false;
  private lastRead = 0;
  private readonly off: () => void;

  constructor(bus: LiveBus, private readonly ctx: Context, private readonly feed: LiveFeed<T>) {
    this.off = bus.listen((heard) => this.hear(heard));
  }

  start(first: LiveUpdate<T>): void {
    this.first = first;
  }

  private key(heard: Heard): string {
    if (heard === 'resync') return 'resync';
    return this.feed.keyOf?.(heard) ?? `${heard.kind}:${'id' in heard ? heard.id : ''}`;
  }

  private hear(heard: Heard): void {
    if (this.finished || (heard !== 'resync' && !this.feed.concerns(heard))) return;
    // A SYNC already due covers whatever comes before it is sent.
    if (this.queue[0] === 'resync') return;
    if (heard === 'resync' || this.queue.length >= LIVE_QUEUE_MAX) {
      this.queue.length = 0;
      this.queue.push('resync');
    } else {
      const key = this.key(heard);
      if (!this.queue.some((q) => this.key(q) === key)) this.queue.push(heard);
    }
    this.wake?.();
  }

  private take(): Promise<Heard | undefined> {
    if (this.queue.length || this.finished) return Promise.resolve(this.queue.shift());
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve(this.queue.shift());
      };
    });
  }

  /** Waits `ms`, or less when the stream ends meanwhile. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve();
      }, ms);
      this.wake = () => {
        // A signal arriving meanwhile is folded into the read after the pause; only the end stops it.
        if (!this.finished) return;
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
    });
  }

  async next(): Promise<IteratorResult<LiveUpdate<T>>> {
    if (this.first) {
      const first = this.first;
      this.first = undefined;
      this.lastRead = Date.now();
      return { done: false, value: first };
    }
    for (;;) {
      if (this.finished) return DONE;
      let heard = await this.take();
      if (this.finished || heard === undefined) return DONE;
      const wait = this.feed.foldMs ? this.lastRead + this.feed.foldMs - Date.now() : 0;
      if (wait > 0) {
        // What arrives during the pause is this same read.
        await this.pause(wait);
        if (this.finished) return DONE;
        if (this.queue.includes('resync')) heard = 'resync';
        this.queue.length = 0;
      }
      const context = this.ctx.renewed();
      this.lastRead = Date.now();
      if (heard === 'resync') {
        const record = await this.feed.current(context);
        if (this.finished) return DONE;
        return { done: false, value: { type: LiveEventType.SYNC, record, at: new Date(), context } };
      }
      const record = await this.feed.read(heard, context);
      if (this.finished) return DONE;
      if (record) return { done: false, value: { type: LiveEventType.CHANGE, record, at: new Date(), context } };
    }
  }

  async return(): Promise<IteratorResult<LiveUpdate<T>>> {
    if (!this.finished) {
      this.finished = true;
      this.off();
      this.queue.length = 0;
      this.wake?.();
    }
    return DONE;
  }

  async throw(err: unknown): Promise<IteratorResult<LiveUpdate<T>>> {
    await this.return();
    throw err;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }
}
