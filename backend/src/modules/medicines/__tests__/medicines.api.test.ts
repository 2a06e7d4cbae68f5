import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, pngImage, type TestApp } from '../../../../test/app.js';
import { expectGeneratedPicture, GENERATED_URL, pathOf } from '../../../../test/pictures.js';
import { PACK_SIZE, generatedKey, packSvg } from '../../../common/generated-images.js';
import { DEMO_MEDICINES } from '../../../seeders/demo-medicines.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const names = (res: { body: { medicines: { name: string }[] } }) => res.body.medicines.map((m) => m.name);

describe('the medicine catalogue', () => {
  it('holds at least a hundred medicines common in Bangladesh', async () => {
    const res = await asVisitor(t).gql('{ medicines(pageSize: 5) { total items { name genericName company strength form unit pricePoisha price stock inStock } } }');
    expect(res.data!.medicines.total).toBeGreaterThanOrEqual(100);
    expect(res.data!.medicines.items[0]).toMatchObject({ name: expect.any(String), pricePoisha: expect.any(Number), inStock: expect.any(Boolean) });
  });

  it('finds medicines by brand, generic and company over REST (GET /get/medicine/?keyword=)', async () => {
    const visitor = asVisitor(t);
    const byBrand = await visitor.get('/get/medicine/?keyword=napa');
    expect(byBrand.status).toBe(200);
    expect(names(byBrand)).toEqual(expect.arrayContaining(['Napa', 'Napa Extra', 'Napa Syrup']));
    expect(byBrand.body.medicines[0]).toMatchObject({ _id: expect.any(String), type: expect.any(String), price: expect.any(Number), image: { url: expect.stringMatching(GENERATED_URL) } });
    expect(names(await visitor.get('/get/medicine/?keyword=omeprazole'))).toEqual(expect.arrayContaining(['Seclo', 'Losectil']));
    const beximco = await visitor.get('/get/medicine/?keyword=beximco&pageSize=100');
    expect(beximco.body.medicines.every((m: { company: string }) => m.company.includes('Beximco'))).toBe(true);
    // The brand named exactly first; then other brands of its generic (paracetamol and caffeine).
    expect(names(await visitor.get('/get/medicine/?keyword=napa%20extra'))).toEqual(['Napa Extra', 'Ace Plus']);
  });

  it("answers a search that matches nothing with an empty list (the screen says 'No Medicine Found')", async () => {
    const res = await asVisitor(t).get('/get/medicine/?keyword=zzzxqq');
    expect(res.body).toMatchObject({ success: true, medicines: [], medicineCount: 0 });
  });

  it('answers a keyword with nothing to search by (an emoji, punctuation) with nothing, not the whole catalogue (both doors)', async () => {
    for (const keyword of ['😀', '💊🤒', "')|!"]) {
      const res = await asVisitor(t).get(`/get/medicine/?keyword=${encodeURIComponent(keyword)}`);
      expect({ keyword, body: res.body }).toMatchObject({ keyword, body: { success: true, medicines: [], medicineCount: 0 } });
    }
    const gql = await asVisitor(t).gql('{ medicines(keyword: "😀", page: 1) { total items { id } } }');
    expect(gql.data).toEqual({ medicines: { total: 0, items: [] } });
    // no keyword at all is the whole catalogue, as before
    expect((await asVisitor(t).get('/get/medicine/?keyword=')).body.medicineCount).toBeGreaterThan(10);
  });

  it('survives keywords full of operators', async () => {
    expect(names(await asVisitor(t).get(`/get/medicine/?keyword=${encodeURIComponent("napa & | ! ( ) ' :*")}`))[0]).toBe('Napa');
    expect((await asVisitor(t).get('/get/medicine/?keyword=%27%29%7C%21')).status).toBe(200);
  });

  it('filters by form and pages on the server with a constant number of queries', async () => {
    const res = await asVisitor(t).gql('{ medicines(form: Syrup, pageSize: 100) { items { form } } }');
    expect(res.data!.medicines.items.length).toBeGreaterThan(3);
    expect(res.data!.medicines.items.every((m: { form: string }) => m.form === 'Syrup')).toBe(true);
    const small = await countQueries(() => asVisitor(t).gql('{ medicines(pageSize: 2) { items { id name } } }'));
    const large = await countQueries(() => asVisitor(t).gql('{ medicines(pageSize: 100) { items { id name } } }'));
    expect(large.count).toBe(small.count);
  });

  it('shows one medicine by id, and 404 for an unknown one', async () => {
    const first = (await asVisitor(t).get('/get/medicine/?keyword=seclo')).body.medicines[0];
    const res = await asVisitor(t).get(`/medicine/${first._id}`);
    expect(res.body.medicine).toMatchObject({ name: first.name, genericName: 'Omeprazole' });
    expect((await asVisitor(t).get('/medicine/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });
});

describe('medicine management', () => {
  it('lets an admin create a medicine with an image, price and stock, and update them', async () => {
    const admin = await asAdmin(t);
    const req = admin.multipart('post', '/admin/medicine')
      .field('name', 'Sergel 40').field('genericName', 'Esomeprazole').field('company', 'Healthcare Pharmaceuticals')
      .field('strength', '40 mg').field('type', 'Capsule').field('unit', 'strip').field('price', '105.50').field('stock', '40')
      .attach('image', await pngImage(), 'sergel.png');
    const created = await req;
    expect(created.status).toBe(200);
    expect(created.body.medicine).toMatchObject({ name: 'Sergel 40', price: 105.5, pricePoisha: 10550, stock: 40, type: 'Capsule' });
    expect(created.body.medicine.image.url).toMatch(/^\/uploads\/medicines\/.+\.webp$/);

    const id = created.body.medicine._id;
    const updated = await admin.gql('mutation($id: ID!) { updateMedicine(id: $id, input: { pricePoisha: 11000, stock: 12 }) { pricePoisha stock name } }', { id });
    expect(updated.data!.updateMedicine).toEqual({ pricePoisha: 11000, stock: 12, name: 'Sergel 40' });
    const hidden = await admin.put(`/admin/medicine/${id}`, { isActive: false });
    expect(hidden.body.medicine.isActive).toBe(false);
    expect((await asVisitor(t).get(`/medicine/${id}`)).status).toBe(404);
  });

  it("answers a create with a missing field with 'Enter all Fields'", async () => {
    const res = await (await asAdmin(t)).post('/admin/medicine', { name: 'Half', price: 10, stock: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter all Fields');
  });

  it('refuses a negative stock or price', async () => {
    const admin = await asAdmin(t);
    const id = (await asVisitor(t).get('/get/medicine/?keyword=ace')).body.medicines[0]._id;
    expect((await admin.put(`/admin/medicine/${id}`, { stock: -1 })).status).toBe(400);
    expect((await admin.put(`/admin/medicine/${id}`, { pricePoisha: 0 })).status).toBe(400);
  });

  it.each([
    ['a visitor', () => Promise.resolve(asVisitor(t)), 401, 'UNAUTHENTICATED'],
    ['a patient', () => asPatient(t), 403, 'FORBIDDEN'],
    ['a doctor', () => asDoctor(t), 403, 'FORBIDDEN'],
  ])('refuses medicine management to %s', async (_who, client, status, code) => {
    const c = await client();
    expect((await c.post('/admin/medicine', { name: 'X' })).status).toBe(status);
    expect((await c.put('/admin/medicine/00000000-0000-0000-0000-000000000000', { stock: 1 })).status).toBe(status);
    const g = await c.gql('mutation { createMedicine(input: { name: "X", genericName: "Y", company: "Z", strength: "1 mg", form: Tablet, unit: Strip, pricePoisha: 100, stock: 1 }) { id } }');
    expect(g.code).toBe(code);
  });
});

describe('medicine pictures', () => {
  const packUrl = (name: string, strength: string, form: string) => `/uploads/${generatedKey(packSvg({ name, strength, form }))}`;

  it('gives every demo medicine its own drawn pack in the storage, and seeded order lines copy its URL', async () => {
    const conn = t.orm.em.fork().getConnection();
    const demo = new Set(DEMO_MEDICINES.map((m) => m[0]));
    const rows = (await conn.execute<{ name: string; strength: string; form: string; image_url: string }[]>('select name, strength, form, image_url from medicines'))
      .filter((r) => demo.has(r.name));
    expect(rows).toHaveLength(DEMO_MEDICINES.length);
    expect(new Set(rows.map((r) => r.image_url)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r.image_url).toBe(packUrl(r.name, r.strength, r.form));
      await expectGeneratedPicture(t, r.image_url, PACK_SIZE);
    }
    await expectGeneratedPicture(t, rows.find((r) => r.name === 'Napa')!.image_url, PACK_SIZE, { http: true });
    const lines = await conn.execute<{ line: string | null; medicine: string }[]>(
      `select i.image_url as line, m.image_url as medicine from order_items i join medicines m on m.id = i.medicine_id join orders o on o.id = i.order_id
        where o.payment_tran_id like '%DEMO%' or o.payment_tran_id like 'NRGHIST%'`);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.line !== l.medicine)).toEqual([]);
  });

  it('draws a pack for a medicine created without an image (REST and GraphQL), redraws it for a new strength, and an upload replaces it', async () => {
    const admin = await asAdmin(t);
    const rest = await admin.post('/admin/medicine', {
      name: 'Drawn Syrup', genericName: 'Paracetamol', company: 'Nirog Labs', strength: '120 mg/5 ml', type: 'Syrup', unit: 'bottle', price: 40, stock: 5,
    });
    expect(rest.status).toBe(200);
    expect(pathOf(rest.body.medicine.image.url)).toBe(packUrl('Drawn Syrup', '120 mg/5 ml', 'Syrup'));
    await expectGeneratedPicture(t, rest.body.medicine.image.url, PACK_SIZE, { http: true });

    const created = await admin.gql('mutation($input: MedicineInput!) { createMedicine(input: $input) { id imageUrl } }', { input: {
      name: 'Drawn Tablet', genericName: 'Cetirizine', company: 'Nirog Labs', strength: '10 mg', form: 'Tablet', unit: 'Strip', pricePoisha: 3000, stock: 9,
    } });
    expect(created.errors).toBeUndefined();
    const { id, imageUrl } = created.data!.createMedicine;
    expect(imageUrl).toBe(packUrl('Drawn Tablet', '10 mg', 'Tablet'));
    await expectGeneratedPicture(t, imageUrl, PACK_SIZE);

    const stronger = await admin.gql('mutation($id: ID!) { updateMedicine(id: $id, input: { strength: "20 mg" }) { imageUrl } }', { id });
    expect(stronger.data!.updateMedicine.imageUrl).toBe(packUrl('Drawn Tablet', '20 mg', 'Tablet'));
    await expectGeneratedPicture(t, stronger.data!.updateMedicine.imageUrl, PACK_SIZE);

    const uploaded = await admin.multipart('put', `/admin/medicine/${id}`).attach('image', await pngImage(), 'pack.png');
    expect(uploaded.status).toBe(200);
    expect(pathOf(uploaded.body.medicine.image.url)).toMatch(/^\/uploads\/medicines\/.+\.webp$/);
    // An uploaded image stays when the medicine changes.
    const renamed = await admin.put(`/admin/medicine/${id}`, { name: 'Drawn Tablet Plus' });
    expect(renamed.body.medicine.image.url).toBe(uploaded.body.medicine.image.url);
  });
});
