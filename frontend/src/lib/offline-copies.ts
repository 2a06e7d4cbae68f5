import { getSession, subscribeSession } from './session';

/**
 * The patient's own recent records kept on this device, to read without a connection: the answers of
 * the reads in OFFLINE_READS (prescriptions, appointments, orders, family members) and the
 * prescriptions' PDFs, each with when it was saved. They live in the browser's Cache Storage under
 * 'nirog-personal', apart from the service worker's caches (which hold the app's code and nothing
 * personal), and are keyed by the account: another account on the same browser never reads them.
 * They are wiped as soon as the session ends or changes hands (logout, an expired session, another
 * login), and at start when no one is logged in (a tab closed before its wipe). The server's answers
 * stay `Cache-Control: private, no-store`: no browser or proxy cache keeps them; this app keeps what
 * it chose, where it can wipe it.
 */
export const OFFLINE_READS = ['MyPrescriptions', 'Prescription', 'MyAppointments', 'MyOrders', 'MyFamilyMembers'];

/** The newest prescriptions whose PDFs are fetched ahead, so that they open offline too. */
export const PDFS_KEPT = 5;

const CACHE = 'nirog-personal';
const PREFIX = '/__nirog-offline/';
/** The keys of the intents being sent (lib/resilience.ts), wiped with the rest. */
export const INTENTS_KEY = 'nirog.intents';

export interface CopyStore {
  put(key: string, res: Response): Promise<void>;
  match(key: string): Promise<Response | undefined>;
  wipe(): Promise<void>;
}

const cacheStorage: CopyStore = {
  async put(key, res) {
    await (await caches.open(CACHE)).put(key, res);
  },
  async match(key) {
    if (!(await caches.has(CACHE))) return undefined;
    return (await caches.open(CACHE)).match(key);
  },
  async wipe() {
    await caches.delete(CACHE);
  },
};

// Cache Storage exists on https and localhost; elsewhere nothing is kept.
let store: CopyStore | null = typeof caches === 'undefined' ? null : cacheStorage;

/** Tests (jsdom has no Cache Storage) give their own. */
export function setCopyStore(next: CopyStore | null): void {
  store = next;
}

/**
 * A short, stable name for a text (two FNV-1a hashes of 32 bits, 64 in all): what is stored names a
 * read's variables or a write's values without holding them (a password, an address).
 */
export function shortHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5 | 1) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}`;
}

export const variablesKey = (variables: unknown): string => shortHash(JSON.stringify(variables ?? {}));

const readKey = (userId: string, operation: string, variables: unknown) => `${PREFIX}${encodeURIComponent(userId)}/read/${operation}?${variablesKey(variables)}`;
const fileKey = (userId: string, path: string) => `${PREFIX}${encodeURIComponent(userId)}/file${path}`;

export interface SavedCopy<T = unknown> {
  data: T;
  /** ms since the epoch. */
  savedAt: number;
}

/** Only a patient's own records are kept: a doctor's or an admin's screens read other people's. */
const keeps = (role: string | undefined) => role === 'user';

export async function saveCopy(userId: string, operation: string, variables: unknown, data: unknown): Promise<void> {
  const session = getSession();
  if (!store || session?.user.id !== userId || !keeps(session.user.role)) return;
  const copy: SavedCopy = { data, savedAt: Date.now() };
  await store.put(readKey(userId, operation, variables), new Response(JSON.stringify(copy), { headers: { 'Content-Type': 'application/json' } })).catch(() => undefined);
}

export async function readCopy<T = unknown>(userId: string, operation: string, variables: unknown): Promise<SavedCopy<T> | null> {
  const res = await store?.match(readKey(userId, operation, variables)).catch(() => undefined);
  return res ? ((await res.json()) as SavedCopy<T>) : null;
}

/**
 * A file of the signed-in account's (a prescription's PDF), fetched with its token. A fetched file is
 * kept; without a connection (or with the server away) the kept one is answered, if there is one.
 */
export async function personalFile(path: string): Promise<Blob> {
  const session = getSession();
  const kept = async () => {
    const res = session && (await store?.match(fileKey(session.user.id, path)).catch(() => undefined));
    return res ? new Blob([await res.arrayBuffer()], { type: res.headers.get('Content-Type') ?? '' }) : null;
  };
  let res: Response;
  try {
    res = await fetch(path, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
  } catch (err) {
    const copy = await kept();
    if (copy) return copy;
    throw err;
  }
  if (!res.ok) {
    const copy = res.status >= 502 ? await kept() : null;
    if (copy) return copy;
    throw new Error(`HTTP ${res.status}`);
  }
  const type = res.headers.get('Content-Type') ?? 'application/octet-stream';
  const bytes = await res.arrayBuffer();
  if (store && session && keeps(session.user.role) && getSession()?.user.id === session.user.id) {
    await store.put(fileKey(session.user.id, path), new Response(bytes.slice(0), { headers: { 'Content-Type': type } })).catch(() => undefined);
  }
  return new Blob([bytes], { type });
}

/** Fetches ahead, one at a time, the files not kept yet (never on a connection that asks to save data). */
export async function keepFiles(paths: string[]): Promise<void> {
  const session = getSession();
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (!store || !session || !keeps(session.user.role) || saveData) return;
  for (const path of paths) {
    if (getSession()?.user.id !== session.user.id) return;
    if (await store.match(fileKey(session.user.id, path)).catch(() => undefined)) continue;
    await personalFile(path).catch(() => undefined);
  }
}

/** Forgets everything personal this device keeps: the saved copies and files, and the intents' keys. */
export async function wipePersonalCopies(): Promise<void> {
  try {
    sessionStorage.removeItem(INTENTS_KEY);
  } catch {
    /* private mode */
  }
  await store?.wipe().catch(() => undefined);
}

let watchedUser: string | null | undefined;
const onEnd = new Set<() => void>();

/**
 * Wipes the copies when the session ends or another account logs in (and at once when no one is
 * logged in); `also` runs then too (the Apollo client's memory). Safe to call from every chunk that
 * needs it: one watcher.
 */
export function wipeWhenSessionEnds(also?: () => void): void {
  if (also) onEnd.add(also);
  if (watchedUser !== undefined) return;
  watchedUser = getSession()?.user.id ?? null;
  if (!watchedUser) void wipePersonalCopies();
  subscribeSession(() => {
    const now = getSession()?.user.id ?? null;
    if (now === watchedUser) return;
    const ended = watchedUser !== null;
    watchedUser = now;
    if (!ended) return;
    void wipePersonalCopies();
    onEnd.forEach((fn) => fn());
  });
}
