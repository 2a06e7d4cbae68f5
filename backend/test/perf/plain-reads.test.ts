import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asPatient, asVisitor, countQueries, createTestApp, type Client, type TestApp } from '../app.js';
import { newMedicine, placeOrder } from '../fixtures.js';

/**
 * Doctors, medicines and orders are read through their read models (doctor.read.ts, medicine.read.ts,
 * order.read.ts): a list and a single record come from different statements (a filtered, sorted page;
 * one id) through the same mapper. Both must publish the same thing: every field of every list item
 * equals what the one-record read gives, through GraphQL and REST, for a visitor, a patient and an
 * admin (who also sees private fields).
 */
let t: TestApp;
let patient: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  [patient, admin] = await Promise.all([asPatient(t), asAdmin(t)]);
  // An order still awaiting payment (paymentUrl shown to its patient) beside the demo history.
  const m = await newMedicine(t, 20, 4550);
  const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 3 }], 'Nagad');
  expect(placed.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const DOCTOR_FIELDS = `id name email phone gender avatarUrl title degree specialities work experienceYears feePoisha fees location description
  bmdcNo type isOnline status reviewCount rating hospitalSlotCapacity createdAt nidNo meetingUrl`;
const MEDICINE_FIELDS = 'id name genericName company strength form unit pricePoisha price stock inStock imageUrl description isActive createdAt';
const ORDER_FIELDS = `id status paymentStatus paymentMethod paymentTranId paymentUrl itemsPoisha shippingPoisha totalPoisha shippingName shippingPhone
  shippingAddress shippingCity paidAt confirmedAt deliveredAt cancelledAt cancelReason createdAt customerName customerEmail
  items { id name unit imageUrl unitPricePoisha quantity lineTotalPoisha createdAt }`;

describe('GraphQL: a list item is the same as the one-record read', () => {
  it.each([['a visitor', () => asVisitor(t)], ['an admin', () => admin]])('doctors, for %s', async (_who, as) => {
    const client = as();
    const list = await client.gql(`{ doctors(pageSize: 50) { total items { ${DOCTOR_FIELDS} } } }`);
    expect(list.errors).toBeUndefined();
    const items = list.data!.doctors.items as Record<string, unknown>[];
    expect(items.length).toBeGreaterThan(5);
    expect(items.some((d) => (d.rating as number) > 0 && d.reviewCount !== 0)).toBe(true);
    for (const item of items) {
      const one = await client.gql(`query($id: ID!) { doctor(id: $id) { ${DOCTOR_FIELDS} } }`, { id: item.id });
      expect(item).toEqual(one.data!.doctor);
    }
    // Private fields: the admin sees them, a visitor never does.
    const privateSeen = items.some((d) => d.nidNo !== null);
    expect(privateSeen).toBe(client === admin);
  });

  it('medicines: the catalogue, a keyword search and an admin low-stock search', async () => {
    for (const [client, args] of [[asVisitor(t), 'pageSize: 50'], [asVisitor(t), 'keyword: "na", pageSize: 50'], [admin, 'lowStock: true, includeInactive: true']] as const) {
      const list = await client.gql(`{ medicines(${args}) { total items { ${MEDICINE_FIELDS} } } }`);
      expect(list.errors).toBeUndefined();
      const items = list.data!.medicines.items as Record<string, unknown>[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        const one = await client.gql(`query($id: ID!) { medicine(id: $id) { ${MEDICINE_FIELDS} } }`, { id: item.id });
        expect(item).toEqual(one.data!.medicine);
      }
    }
  });

  it('a keyword search by an admin keeps the low-stock filter', async () => {
    // A company's name (a word of one letter begins nothing: docs/search.md).
    const low = await admin.gql('{ medicines(keyword: "square", lowStock: true, pageSize: 100) { total items { stock } } }');
    const all = await admin.gql('{ medicines(keyword: "square", pageSize: 100) { total } }');
    const stocks = (low.data!.medicines.items as { stock: number }[]).map((m) => m.stock);
    expect(stocks.length).toBeGreaterThan(0);
    expect(Math.max(...stocks)).toBeLessThanOrEqual(10);
    expect(low.data!.medicines.total).toBeLessThan(all.data!.medicines.total);
  });

  it("myOrders: each order with its lines, customer and payment link", async () => {
    const list = await patient.gql(`{ myOrders(pageSize: 50) { total items { ${ORDER_FIELDS} } } }`);
    expect(list.errors).toBeUndefined();
    const items = list.data!.myOrders.items as Record<string, any>[];
    expect(items.length).toBe(list.data!.myOrders.total);
    expect(items.some((o) => o.paymentUrl)).toBe(true);
    expect(items.every((o) => o.items.length > 0 && o.customerEmail === 'patient@nirog.test')).toBe(true);
    for (const item of items) {
      const one = await patient.gql(`query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, { id: item.id });
      expect({ ...item, items: sortById(item.items) }).toEqual({ ...one.data!.order, items: sortById(one.data!.order.items) });
    }
  });
});

describe('REST: a list item is the same as the one-record read', () => {
  it('/api/doctors and /api/doctor/:id', async () => {
    const list = await asVisitor(t).get('/doctors?pageSize=50');
    expect(list.status).toBe(200);
    for (const item of list.body.doctors) {
      const one = await asVisitor(t).get(`/doctor/${item.id}`);
      const { reviews: _reviews, ...doctor } = one.body.doctor;
      expect(item).toEqual(doctor);
    }
  });

  it('/api/get/medicine and /api/medicine/:id', async () => {
    const list = await asVisitor(t).get('/get/medicine?keyword=na&pageSize=50');
    expect(list.status).toBe(200);
    expect(list.body.medicines.length).toBeGreaterThan(0);
    for (const item of list.body.medicines) expect(item).toEqual((await asVisitor(t).get(`/medicine/${item.id}`)).body.medicine);
  });

  /**
   * A prescription photo's signed link (medical-file.link.ts) names the file, the viewer and the record;
   * its expiry is rounded up to the minute, so two reads either side of a minute's turn differ there and
   * in the signature only. Compared by what the link grants, without its expiry.
   */
  const withFileGrant = (order: { prescriptionImage?: { url?: string } | null }) => {
    const url = order.prescriptionImage?.url;
    if (!url) return order;
    const body = url.slice(url.lastIndexOf('/') + 1).split('.')[0]!;
    const { e: _expiry, ...grant } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    return { ...order, prescriptionImage: { grant } };
  };

  it('/api/orders/myorders and /api/order/:id', async () => {
    const list = await patient.get('/orders/myorders?pageSize=50');
    expect(list.status).toBe(200);
    expect(list.body.orders.length).toBeGreaterThan(1);
    for (const item of list.body.orders) {
      const one = (await patient.get(`/order/${item.id}`)).body.order;
      expect(withFileGrant({ ...item, orderItems: sortById(item.orderItems, '_id') })).toEqual(withFileGrant({ ...one, orderItems: sortById(one.orderItems, '_id') }));
    }
  });
});

it('the plain reads stay at two statements (three with a keyword), whatever the page size', async () => {
  // A keyword is read against the vocabulary first (docs/search.md): its meaning, its ranked matches, the page's rows.
  for (const [query, statements] of [['{ doctors(pageSize: PS) { items { id name } } }', 2], ['{ medicines(keyword: "na", pageSize: PS) { items { id inStock } } }', 3]] as const) {
    const [five, fifty] = [await countQueries(() => asVisitor(t).gql(query.replace('PS', '5'))), await countQueries(() => asVisitor(t).gql(query.replace('PS', '50')))];
    expect([five.count, fifty.count]).toEqual([statements, statements]);
  }
});

function sortById<T extends Record<string, unknown>>(rows: T[], key = 'id'): T[] {
  return [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));
}

describe('public list totals with LIST_COUNT_CACHE_SECONDS (production keeps them 10 s)', () => {
  let cached: TestApp;
  afterAll(async () => {
    await cached?.close();
  });

  it('a repeated filter reads only its page; admins and other filters count exactly', async () => {
    cached = await createTestApp({ env: { LIST_COUNT_CACHE_SECONDS: '60' } });
    const visitor = asVisitor(cached);
    const query = '{ medicines(keyword: "na", pageSize: 5) { total items { id } } }';
    const first = await countQueries(() => visitor.gql(query));
    const again = await countQueries(() => visitor.gql(query));
    // The keyword's meaning and its ranked matches are both kept: a repeat reads the page's rows alone.
    expect([first.count, again.count]).toEqual([3, 1]);
    expect(again.result.data!.medicines.total).toBe(first.result.data!.medicines.total);
    // A kept keyword search: a new match joins it when the entry expires, while an uncached search
    // (another filter) finds it at once; the rows themselves are always read fresh.
    const fixtures = '{ medicines(keyword: "fixture", pageSize: 100) { total items { id stock } } }';
    await newMedicine(cached, 5);
    const before = await visitor.gql(fixtures);
    expect(before.data!.medicines.total).toBeGreaterThan(0);
    const m = await newMedicine(cached, 5);
    const kept = await countQueries(() => visitor.gql(fixtures));
    expect(kept.count).toBe(1);
    expect(kept.result.data!.medicines.total).toBe(before.data!.medicines.total);
    expect((kept.result.data!.medicines.items as { id: string }[]).map((i) => i.id)).not.toContain(m.id);
    const fresh = await visitor.gql('{ medicines(keyword: "fixture", form: Tablet, pageSize: 100) { items { id } } }');
    expect((fresh.data!.medicines.items as { id: string }[]).map((i) => i.id)).toContain(m.id);
    // A kept result still shows today's stock, and a medicine taken off the catalogue leaves at once.
    const keptFirst = (kept.result.data!.medicines.items as { id: string }[])[0]!;
    await cached.sql('update medicines set stock = 77 where id = ?', [keptFirst.id]);
    const restocked = await visitor.gql(fixtures);
    expect((restocked.data!.medicines.items as { id: string; stock: number }[]).find((i) => i.id === keptFirst.id)!.stock).toBe(77);
    await cached.sql('update medicines set is_active = false where id = ?', [keptFirst.id]);
    const hidden = await visitor.gql(fixtures);
    expect((hidden.data!.medicines.items as { id: string }[]).map((i) => i.id)).not.toContain(keptFirst.id);
    const adminClient = await asAdmin(cached);
    const exact = await countQueries(() => adminClient.gql(query));
    expect(exact.count).toBe(4); // session, the keyword's meaning, its ranked matches with their total, the page's rows
    const doctors = await countQueries(() => visitor.gql('{ doctors(online: true) { total } }'));
    const doctorsAgain = await countQueries(() => visitor.gql('{ doctors(online: true) { total } }'));
    expect([doctors.count, doctorsAgain.count]).toEqual([2, 1]);
  });
});

/**
 * A request forks the ORM's EntityManager when it first needs one (app.ts requestDatabase): a fork
 * costs about 5 µs and a dozen maps and sets, and a visitor's public list reads through plain SQL
 * only (`ctx.reads`). A signed-in caller's request still gets exactly one (the session check).
 */
describe('the EntityManager of a request is forked when first needed', () => {
  async function forksDuring(send: () => Promise<{ status: number }>): Promise<number> {
    const em = t.orm.em;
    const fork = em.fork;
    let forks = 0;
    em.fork = function counted(this: typeof em, ...args: Parameters<typeof em.fork>) {
      forks += 1;
      return fork.apply(this, args);
    } as typeof em.fork;
    try {
      expect((await send()).status).toBe(200);
    } finally {
      em.fork = fork;
    }
    return forks;
  }

  it.each([
    ['REST /api/doctors', () => asVisitor(t).get('/doctors?expert=Medicine&pageSize=5')],
    ['REST /api/get/medicine', () => asVisitor(t).get('/get/medicine?keyword=na')],
    ['GraphQL doctors', () => asVisitor(t).gql('{ doctors(pageSize: 5, online: true) { total items { id name } } }')],
    ['GraphQL medicines', () => asVisitor(t).gql('{ medicines(pageSize: 5) { total items { id name } } }')],
  ])("a visitor's public list (%s) forks none", async (_list, send) => {
    expect(await forksDuring(send)).toBe(0);
  });

  it("a signed-in caller's request forks one, shared by the session check and the resolvers; the list is the visitor's", async () => {
    const query = '{ doctors(pageSize: 5) { total items { id name } } }';
    let answer: Record<string, any> | undefined;
    expect(await forksDuring(async () => {
      const res = await patient.gql(`{ me { id } ${query.slice(1)}`);
      answer = res.data;
      return res;
    })).toBe(1);
    expect(answer!.me.id).toBe(patient.user!.id);
    expect(answer!.doctors).toEqual((await asVisitor(t).gql(query)).data!.doctors);
  });
});
