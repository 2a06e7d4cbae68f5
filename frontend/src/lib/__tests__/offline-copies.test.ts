import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFiles, personalFile, readCopy, saveCopy, setCopyStore, wipeWhenSessionEnds, INTENTS_KEY, type CopyStore } from '../offline-copies';
import { setSession, type Session } from '../session';

/** What this device keeps of a patient (lib/offline-copies.ts), and that it goes with the session. */
function memoryStore() {
  const m = new Map<string, Response>();
  const store: CopyStore = {
    put: async (k, r) => void m.set(k, r),
    match: async (k) => m.get(k)?.clone(),
    wipe: async () => m.clear(),
  };
  return { store, keys: () => [...m.keys()] };
}

const as = (id: string, role: Session['user']['role'] = 'user'): Session => ({ token: `t-${id}`, refreshToken: 'r', user: { id, name: id, email: `${id}@x`, role } });
const pdf = () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });

let memory: ReturnType<typeof memoryStore>;
beforeEach(() => {
  memory = memoryStore();
  setCopyStore(memory.store);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the copies kept on this device', () => {
  it('are the signed-in patient\'s alone: another account reads none of them, and a doctor\'s screens keep nothing', async () => {
    setSession(as('rahima'));
    await saveCopy('rahima', 'MyOrders', { page: 1 }, { myOrders: { items: [] } });
    expect(await readCopy('rahima', 'MyOrders', { page: 1 })).toMatchObject({ data: { myOrders: { items: [] } }, savedAt: expect.any(Number) });
    expect(await readCopy('karim', 'MyOrders', { page: 1 })).toBeNull();
    setSession(as('dr', 'doctor'));
    await saveCopy('dr', 'Prescription', { id: 'p' }, { prescription: {} });
    expect(await readCopy('dr', 'Prescription', { id: 'p' })).toBeNull();
  });

  it('keep a prescription\'s PDF once fetched, and answer it without a connection', async () => {
    setSession(as('rahima'));
    const fetch = vi.fn().mockResolvedValueOnce(pdf()).mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetch);
    await keepFiles(['/api/prescription/p1/pdf']);
    expect(fetch).toHaveBeenCalledWith('/api/prescription/p1/pdf', { headers: { Authorization: 'Bearer t-rahima' } });
    const offline = await personalFile('/api/prescription/p1/pdf');
    expect(new TextDecoder().decode(await offline.arrayBuffer())).toBe('%PDF-1.7');
    await expect(personalFile('/api/prescription/p2/pdf')).rejects.toThrow('Failed to fetch');
  });

  it('are wiped when the session ends or another account logs in, the intents\' keys with them', async () => {
    setSession(as('rahima'));
    const also = vi.fn();
    wipeWhenSessionEnds(also);
    await saveCopy('rahima', 'MyFamilyMembers', {}, { myFamilyMembers: [] });
    sessionStorage.setItem(INTENTS_KEY, '{}');
    expect(memory.keys()).toHaveLength(1);
    setSession(null);
    await vi.waitFor(() => expect(memory.keys()).toEqual([]));
    expect(sessionStorage.getItem(INTENTS_KEY)).toBeNull();
    expect(also).toHaveBeenCalledTimes(1);
    setSession(as('karim'));
    await saveCopy('karim', 'MyOrders', { page: 1 }, { myOrders: { items: [] } });
    setSession(as('nusrat'));
    await vi.waitFor(() => expect(memory.keys()).toEqual([]));
    expect(also).toHaveBeenCalledTimes(2);
  });
});
