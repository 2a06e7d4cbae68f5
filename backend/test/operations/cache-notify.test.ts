import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asVisitor, countQueries, createTestApp, type TestApp } from '../app.js';
import { newMedicine } from '../fixtures.js';

/**
 * What the replicas' caches hear (issue 21): the CacheNotify triggers send NOTIFY nirog_cache for a
 * change that can move a public list's total or a medicine search's matches, whoever writes it, and
 * not for a change of price or stock alone (the page's rows are read fresh). The coordinator of this
 * process hears its own notifications as the other replicas do (on PGlite through its listen()); the
 * reliability suite's 'replicas' step checks the same across two API processes on PostgreSQL.
 */
let t: TestApp;
/** The tables named by the notifications heard, in order. */
const heard: (string | undefined)[] = [];
let markerEmail: string;

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 250 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
}

/**
 * A write to `marker` that is always heard; answers the position in `heard` right after its
 * notification (notifications arrive in commit order, so everything committed before is in).
 */
async function barrier(marker: 'medicines' | 'users'): Promise<number> {
  const from = heard.length;
  if (marker === 'users') await t.sql(`update users set name = name || '.' where email = ?`, [markerEmail]);
  else await t.sql(`update medicines set name = name || '.' where id = (select id from medicines order by created_at limit 1)`);
  await until(() => heard.slice(from).includes(marker));
  expect(heard.slice(from)).toContain(marker);
  return from + heard.slice(from).indexOf(marker) + 1;
}

/** How many notifications naming `table` the writes (to `table`) send, between two barriers on another table. */
async function notificationsFor(table: 'medicines' | 'users', ...writes: [string, unknown[]][]): Promise<number> {
  const marker = table === 'medicines' ? 'users' : 'medicines';
  const from = await barrier(marker);
  for (const [query, params] of writes) await t.sql(query, params);
  const to = await barrier(marker);
  return heard.slice(from, to).filter((x) => x === table).length;
}

async function signup(email: string): Promise<void> {
  const res = await t.http().post('/api/register').send({ name: 'Notify Test', email, password: 'Very-long-password-1' });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  t.coordinator.onCacheChange((table) => { heard.push(table); });
  await t.coordinator.start();
  await newMedicine(t, 10);
  markerEmail = `marker-${Date.now()}@example.com`;
  await signup(markerEmail);
});
afterAll(async () => {
  await t?.coordinator.stop();
  await t?.close();
});

describe('NOTIFY nirog_cache', () => {
  it('is sent for a medicine hidden, renamed or added, and not for its price or stock', async () => {
    const m = await newMedicine(t, 10);
    expect(await notificationsFor('medicines', [`update medicines set is_active = false where id = ?`, [m.id]])).toBe(1);
    expect(await notificationsFor('medicines', [`update medicines set generic_name = 'Napa' where id = ?`, [m.id]])).toBe(1);
    expect(await notificationsFor('medicines', [`update medicines set stock = stock + 5, price_poisha = price_poisha + 100 where id = ?`, [m.id]])).toBe(0);
    const from = heard.length;
    await newMedicine(t, 3);
    await until(() => heard.slice(from).includes('medicines'));
    expect(heard.slice(from)).toContain('medicines');
  });

  it("is sent for a user's name, photo or removal (a doctor's card shows them), and not for a phone number", async () => {
    const email = `notify-${Date.now()}@example.com`;
    await signup(email);
    expect(await notificationsFor('users', [`update users set name = 'Notify Renamed' where email = ?`, [email]])).toBe(1);
    expect(await notificationsFor('users', [`update users set avatar_url = '/uploads/new.webp' where email = ?`, [email]])).toBe(1);
    expect(await notificationsFor('users', [`update users set phone_e164 = '+8801712345678' where email = ?`, [email]])).toBe(0);
    expect(await notificationsFor('users', [`update users set deleted_at = now() where email = ?`, [email]])).toBe(1);
  });

  it('one statement changing many rows sends one', async () => {
    await newMedicine(t, 1);
    await newMedicine(t, 2);
    expect(await notificationsFor('medicines', [`update medicines set company = company || ' Ltd'`, []])).toBe(1);
  });
});

describe('kept searches (LIST_COUNT_CACHE_SECONDS on, as in production)', () => {
  let kept: TestApp;
  beforeAll(async () => {
    kept = await createTestApp({ env: { LIST_COUNT_CACHE_SECONDS: '600' } });
    await kept.coordinator.start();
  });
  afterAll(async () => {
    await kept?.coordinator.stop();
    await kept?.close();
  });

  it("forget what a text means when a speciality term is added, whoever adds it", async () => {
    const changes: string[] = [];
    kept.coordinator.onCacheChange((table) => { changes.push(table ?? ''); });
    const query = '{ doctors(search: "zorbokta", pageSize: 5) { total items { specialities } } }';
    const before = await asVisitor(kept).gql(query);
    expect(before.data!.doctors.total).toBe(0);
    // The meaning of "zorbokta" (no word, no speciality) is kept now; a term written by plain SQL must clear it.
    await kept.sql(`insert into speciality_terms (id, term, kind, specialities) values (gen_random_uuid(), 'zorbokta', 'word', '{Cardiology}')`);
    await until(() => changes.includes('speciality_terms'));
    const after = await asVisitor(kept).gql(query);
    expect(after.data!.doctors.total).toBeGreaterThan(0);
    expect((after.data!.doctors.items as { specialities: string[] }[]).every((d) => d.specialities.includes('Cardiology'))).toBe(true);
  });

  it("keep a search's page, read once, and read it again when a doctor on it changes, whoever changes it", async () => {
    const changes: string[] = [];
    kept.coordinator.onCacheChange((table) => { changes.push(table ?? ''); });
    const query = '{ doctors(search: "cardiology", pageSize: 3) { total items { id name isOnline } } }';
    type Page = { total: number; items: { id: string; name: string; isOnline: boolean }[] };
    const first = await asVisitor(kept).gql(query);
    const page = first.data!.doctors as Page;
    expect(page.items.length).toBeGreaterThan(0);
    // Asked again: nothing read (what the text means, the total and the page are all kept).
    const again = await countQueries(() => asVisitor(kept).gql(query));
    expect(again.result.data!.doctors).toEqual(page);
    expect(again.sql.filter((s) => /from doctors/i.test(s))).toEqual([]);
    // The first doctor of the page renamed by plain SQL (the account's name, which the card copies): every
    // replica forgets the page, and reads it again.
    const [top] = page.items;
    const from = changes.length;
    await kept.sql(`update users set name = 'Renamed Kept' where id = (select user_id from doctors where id = ?)`, [top!.id]);
    await until(() => changes.slice(from).includes('users'));
    const after = await countQueries(() => asVisitor(kept).gql(query));
    expect(after.sql.some((s) => /from doctors/i.test(s))).toBe(true);
    expect((after.result.data!.doctors as Page).items[0]).toEqual({ ...top, name: 'Renamed Kept' });
  });
});
