import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, pngImage, type Client, type TestApp } from '../../../../test/app.js';
import { orderWithPhoto, placeOrder } from '../../../../test/fixtures.js';
import { startS3StandIn, type S3StandIn } from '../../../../test/s3.js';
import { Medicine, MedicineForm, MedicineUnit } from '../../medicines/index.js';
import { Order } from '../../orders/index.js';
import { User } from '../../accounts/index.js';
import { Role } from '../../../common/roles.js';
import { FileLinks } from '../medical-file.link.js';

/**
 * Medical files are private (issue 42): a prescription photo is stored apart from public pictures,
 * reached only through a short-lived link signed for its patient, a pharmacist or an admin, never
 * cached, every read audited; a made-up, expired or altered link answers like a missing file; a
 * refused order leaves no file behind, on disk and on S3.
 */
let serial = 0;
async function rxMedicine(t: TestApp, stock = 10, active = true): Promise<Medicine> {
  const e = t.orm.em.fork();
  const m = e.create(Medicine, {
    name: `Rxfile ${++serial}`, genericName: 'Azithromycin', company: 'Square Pharmaceuticals', strength: '500 mg', form: MedicineForm.Tablet,
    unit: MedicineUnit.Strip, pricePoisha: 10500, stock, prescriptionRequired: true, dosesPerUnit: 6, isActive: active,
  });
  await e.flush();
  return m;
}

const ORDER = 'query($id: ID!) { order(id: $id) { id prescriptionImageUrl prescriptionImageExpiresAt } }';
const filesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name) : []);

describe('on disk', () => {
  let t: TestApp;
  let patient: Client;
  let karim: Client;
  let pharmacist: Client;
  let admin: Client;
  let doctor: Client;
  let appKey: string;
  let orderId: string;
  let photo: Buffer;

  const asApp = async (query: string, variables: Record<string, unknown>) => {
    const res = await t.http().post('/graphql').set('Authorization', `Bearer ${appKey}`).set('Content-Type', 'application/json').send({ query, variables });
    return res.body as { data?: Record<string, any>; errors?: { extensions: { code: string } }[] };
  };
  const linkOf = async (client: Client) => (await client.gql(ORDER, { id: orderId })).data!.order as { prescriptionImageUrl: string; prescriptionImageExpiresAt: string };
  const privateFiles = () => filesIn(path.join(t.config.uploads.privateDir, 'prescriptions'));
  const publicFiles = () => filesIn(t.config.uploads.dir).filter((f) => !f.includes('generated'));

  beforeAll(async () => {
    t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
    [patient, karim, pharmacist, admin, doctor] = await Promise.all([
      asPatient(t), asPatient(t, 'karim@nirog.test'), login(t, 'pharmacist@nirog.test'), asAdmin(t), asDoctor(t),
    ]);
    const app = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
      input: { name: 'order reader', contactEmail: 'dev@apps.example', scopes: ['ORDERS_READ'], quotaSize: 1_000_000, quotaRestoreRate: 100_000 },
    });
    appKey = app.data!.createIntegratorApp.key;
    photo = await pngImage(120, 160);
    const placed = await orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t)).id, quantity: 1 }], photo);
    expect(placed.errors).toBeUndefined();
    orderId = placed.data!.createOrder.order.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the photo in the private folder, outside the one /uploads serves, and the order names it by key', async () => {
    const stored = (await t.orm.em.fork().findOneOrFail(Order, orderId)).prescriptionImageUrl!;
    expect(stored).toMatch(/^prescriptions\/[0-9a-f-]{36}\.webp$/);
    expect(privateFiles()).toContain(path.basename(stored));
    expect(publicFiles().some((f) => f === path.basename(stored))).toBe(false);
    expect((await t.http().get(`/uploads/${stored}`)).status).toBe(404);
    expect((await t.http().get(`/uploads/../medical-files/${stored}`)).status).toBe(404);
    // A photo left in the public folder by an earlier version (a refused order's) is not served either:
    // /uploads serves the public pictures' folders only.
    mkdirSync(path.join(t.config.uploads.dir, 'prescriptions'), { recursive: true });
    writeFileSync(path.join(t.config.uploads.dir, 'prescriptions', 'left-behind.webp'), await sharp(photo).webp().toBuffer());
    expect((await t.http().get('/uploads/prescriptions/left-behind.webp')).status).toBe(404);
    const avatar = filesIn(path.join(t.config.uploads.dir, 'generated'))[0]!;
    expect((await t.http().get(`/uploads/generated/${avatar}`)).status).toBe(200);
  });

  it('gives a link to the patient, pharmacists and admins through GraphQL, and nothing to another patient, a doctor, a visitor or an app', async () => {
    const now = Date.now();
    for (const who of [patient, pharmacist, admin]) {
      const o = await linkOf(who);
      expect(o.prescriptionImageUrl).toMatch(/^\/api\/medical-files\/[\w-]+\.[\w-]+$/);
      // Minutes, not longer: PRIVATE_FILE_LINK_SECONDS (300), rounded up to the minute.
      const expires = new Date(o.prescriptionImageExpiresAt).getTime();
      expect(expires).toBeGreaterThanOrEqual(now + 299_000);
      expect(expires).toBeLessThanOrEqual(now + 361_000);
    }
    // One link per viewer: the patient's is not the pharmacist's.
    expect((await linkOf(patient)).prescriptionImageUrl).not.toBe((await linkOf(pharmacist)).prescriptionImageUrl);
    for (const who of [karim, doctor]) expect((await who.gql(ORDER, { id: orderId })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    expect((await asVisitor(t).gql(ORDER, { id: orderId })).errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    // An app with orders:read reads the order (its shipping, its lines) but never the photo.
    const byApp = await asApp(ORDER, { id: orderId });
    expect(byApp.errors).toBeUndefined();
    expect(byApp.data!.order).toEqual({ id: orderId, prescriptionImageUrl: null, prescriptionImageExpiresAt: null });
    const appList = await asApp('{ adminOrders(pageSize: 100) { items { id prescriptionImageUrl } } }', {});
    expect(appList.data!.adminOrders.items.find((o: { id: string }) => o.id === orderId)).toEqual({ id: orderId, prescriptionImageUrl: null });
    // The lists carry it for the same viewers.
    const mine = (await patient.gql('{ myOrders(pageSize: 50) { items { id prescriptionImageUrl } } }')).data!.myOrders.items;
    expect(mine.find((o: { id: string }) => o.id === orderId).prescriptionImageUrl).toMatch(/^\/api\/medical-files\//);
    const queue = (await pharmacist.gql('{ prescriptionOrders(pageSize: 50) { items { id prescriptionImageUrl } } }')).data!.prescriptionOrders.items;
    expect(queue.find((o: { id: string }) => o.id === orderId).prescriptionImageUrl).toMatch(/^\/api\/medical-files\//);
  });

  it('gives the same link, and only it, through REST', async () => {
    for (const who of [patient, pharmacist, admin]) {
      const res = await who.get(`/order/${orderId}`);
      expect(res.status).toBe(200);
      expect(res.body.order.prescriptionImage).toEqual({ url: expect.stringMatching(/^\/api\/medical-files\/[\w-]+\.[\w-]+$/), expiresAt: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/prescriptions\/[0-9a-f-]{36}/);
    }
    expect((await karim.get(`/order/${orderId}`)).status).toBe(404);
    expect((await doctor.get(`/order/${orderId}`)).status).toBe(404);
    expect((await asVisitor(t).get(`/order/${orderId}`)).status).toBe(401);
    const mine = (await patient.get('/orders/myorders?pageSize=50')).body.orders.find((o: { _id: string }) => o._id === orderId);
    expect(mine.prescriptionImage.url).toMatch(/^\/api\/medical-files\//);
    const all = (await admin.get('/admin/allorder?pageSize=100')).body.orders.find((o: { _id: string }) => o._id === orderId);
    expect(all.prescriptionImage.url).toMatch(/^\/api\/medical-files\//);
    // Karim's own orders carry no photo of anyone's.
    const karims = (await karim.get('/orders/myorders?pageSize=50')).body.orders as { prescriptionImage: unknown }[];
    expect(karims.every((o) => o.prescriptionImage === null)).toBe(true);
  });

  it('serves the photo to whoever holds a live link, never cacheable, each read audited under the viewer it was given to', async () => {
    for (const [who, role] of [[patient, 'user'], [pharmacist, 'pharmacist'], [admin, 'admin']] as const) {
      const { prescriptionImageUrl: url } = await linkOf(who);
      // An <img> sends no Authorization header.
      const res = await t.http().get(url).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers.etag).toBeUndefined();
      const meta = await sharp(res.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 120, 160]);
      const audit = await t.sql<{ actor_id: string; actor_role: string; details: string }>(
        `select actor_id, actor_role, details from audit_log where action = 'read:medicalfile' and actor_id = ? order by created_at desc limit 1`, [who.user!._id ?? who.user!.id]);
      expect(audit[0]).toMatchObject({ actor_role: role });
      expect(JSON.parse(audit[0]!.details)).toMatchObject({ record: 'Order', id: orderId });
    }
  });

  it('answers a made-up, expired or altered link exactly as a missing file: 404, not cacheable, nothing audited', async () => {
    const { prescriptionImageUrl: url } = await linkOf(patient);
    const [body, mac] = url.slice('/api/medical-files/'.length).split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const reencoded = (p: Record<string, unknown>) => Buffer.from(JSON.stringify(p)).toString('base64url');
    const key = (await t.orm.em.fork().findOneOrFail(Order, orderId)).prescriptionImageUrl!;
    const patientUser = await t.orm.em.fork().findOneOrFail(User, { email: 'patient@nirog.test' });
    const owner = { type: 'Order' as const, id: orderId, patientId: patientUser.id };
    const files = t.services.medicalFiles;
    const bad = {
      madeUp: '/api/medical-files/not-a-link',
      madeUpShaped: `/api/medical-files/${reencoded({ ...payload })}.${'A'.repeat(43)}`,
      expired: files.linkFor(key, { id: patientUser.id, role: Role.User }, owner, Date.now() - 7 * 60_000).url,
      signatureChanged: `/api/medical-files/${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BA' : 'AA'}`,
      expiryExtended: `/api/medical-files/${reencoded({ ...payload, e: (payload.e as number) + 86_400 })}.${mac}`,
      otherFile: `/api/medical-files/${reencoded({ ...payload, k: 'prescriptions/00000000-0000-4000-8000-000000000000.webp' })}.${mac}`,
      otherSecret: new FileLinks('another-server-secret-of-32-characters!!', 300).sign({ key, viewer: { id: patientUser.id, role: Role.User }, record: owner }).url,
      fileGone: files.linkFor('prescriptions/00000000-0000-4000-8000-000000000000.webp', { id: patientUser.id, role: Role.User }, owner).url,
      slashes: `/api/medical-files/${body}.${mac}/..%2f..%2fprescriptions`,
    };
    const before = await t.sql<{ n: string }>(`select count(*) as n from audit_log where action = 'read:medicalfile'`);
    const answers = new Set<string>();
    for (const [name, link] of Object.entries(bad)) {
      const res = await t.http().get(link);
      expect([name, res.status]).toEqual([name, 404]);
      expect([name, res.headers['content-type']]).toEqual([name, expect.stringMatching(/^application\/json/)]);
      if (name !== 'slashes') {
        expect([name, res.headers['cache-control']]).toEqual([name, 'private, no-store']);
        answers.add(JSON.stringify({ code: res.body.code, reason: res.body.reason, message: res.body.message }));
      }
    }
    // One answer for all of them: nothing tells an expired link from a forged one or a deleted file.
    expect([...answers]).toEqual([JSON.stringify({ code: 'NOT_FOUND', reason: 'NOT_FOUND', message: 'File not found' })]);
    expect(await t.sql(`select count(*) as n from audit_log where action = 'read:medicalfile'`)).toEqual(before);
    // The good one still works.
    expect((await t.http().get(url)).status).toBe(200);
  });

  it('leaves no file behind when the order is refused', async () => {
    const before = privateFiles().sort();
    const publicBefore = publicFiles().sort();
    const png = await pngImage(40, 40);
    const refusals: [string, () => Promise<{ errors?: { extensions: { reason: string } }[] }>][] = [
      ['OUT_OF_STOCK', async () => orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t, 0)).id, quantity: 1 }], png)],
      ['MEDICINE_NOT_FOUND', async () => orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t, 5, false)).id, quantity: 1 }], png)],
      ['QUANTITY_LIMIT', async () => {
        const m = await rxMedicine(t, 500);
        return orderWithPhoto(t, patient, [{ medicineId: m.id, quantity: 60 }, { medicineId: m.id, quantity: 60 }], png);
      }],
      ['NOT_FOUND', async () => orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t)).id, quantity: 1 }], png, { familyMemberId: '00000000-0000-4000-8000-000000000000' })],
      ['NOT_AN_IMAGE', async () => orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t)).id, quantity: 1 }], Buffer.from('%PDF-1.4 not a picture'))],
    ];
    for (const [reason, attempt] of refusals) {
      const res = await attempt();
      expect([reason, res.errors?.[0]?.extensions.reason]).toEqual([reason, reason]);
      expect([reason, privateFiles().sort()]).toEqual([reason, before]);
    }
    expect(publicFiles().sort()).toEqual(publicBefore);
  });

  it('leaves no file behind when the patient has reached the cap of unpaid orders', async () => {
    const capped = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1' } });
    try {
      const who = await asPatient(capped, 'nusrat@nirog.test');
      const m = await rxMedicine(capped);
      const dir = path.join(capped.config.uploads.privateDir, 'prescriptions');
      const first = await orderWithPhoto(capped, who, [{ medicineId: m.id, quantity: 1 }], await pngImage(30, 30));
      expect(first.errors).toBeUndefined();
      const kept = filesIn(dir).sort();
      const second = await orderWithPhoto(capped, who, [{ medicineId: m.id, quantity: 1 }], await pngImage(31, 31));
      expect(second.errors![0]!.extensions.reason).toBe('TOO_MANY_UNPAID_ORDERS');
      expect(filesIn(dir).sort()).toEqual(kept);
    } finally {
      await capped.close();
    }
  });

  it('stores no photo for an order refused before it is looked at, or for a cart that needs none', async () => {
    const before = privateFiles().sort();
    const napa = await t.orm.em.fork().findOneOrFail(Medicine, { name: 'Napa' });
    const plain = await orderWithPhoto(t, patient, [{ medicineId: napa.id, quantity: 1 }], await pngImage());
    expect(plain.data!.createOrder.order.status).toBe('Processing');
    // A cart that names a prescription not listing the medicine: the photo is not its proof, and not kept.
    const m = await rxMedicine(t);
    const rest = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    expect(rest.body.reason).toBe('PRESCRIPTION_REQUIRED');
    expect(privateFiles().sort()).toEqual(before);
  });
});

describe('on S3', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let patient: Client;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    t = await createTestApp({ env: { ...s3.env, OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
    patient = await asPatient(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const privateKeys = () => [...s3.objects.keys()].filter((k) => k.startsWith('private/')).sort();

  it('keeps the photo under the private prefix, which the bucket policy never lets anyone read or list; the link reads it', async () => {
    const placed = await orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t)).id, quantity: 1 }], await pngImage(50, 70));
    expect(placed.errors).toBeUndefined();
    const id = placed.data!.createOrder.order.id;
    const key = (await t.orm.em.fork().findOneOrFail(Order, id)).prescriptionImageUrl!;
    expect(s3.objects.has(`private/${key}`)).toBe(true);
    expect(s3.objects.has(key)).toBe(false);
    // Anonymous: the public pictures by name, yes; the private prefix, a listing of it or of anything, no.
    const avatar = [...s3.objects.keys()].find((k) => k.startsWith('generated/'))!;
    expect((await s3.anonymous(`/nirog-uploads/${avatar}`)).status).toBe(200);
    expect((await s3.anonymous(`/nirog-uploads/private/${key}`)).status).toBe(403);
    for (const listing of ['/nirog-uploads/?prefix=private/', '/nirog-uploads/?list-type=2&prefix=prescriptions/', '/nirog-uploads/', '/nirog-uploads/avatars/?delimiter=/']) {
      const res = await s3.anonymous(listing);
      expect([listing, res.status]).toEqual([listing, 403]);
      expect(res.body).not.toContain('private/');
    }
    const { prescriptionImageUrl: url } = (await patient.gql(ORDER, { id })).data!.order;
    const res = await t.http().get(url);
    expect([res.status, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, 'image/webp', 'private, no-store']);
    // The demo's photo order too: its drawn prescription is a private object.
    const demo = await t.sql<{ prescription_image_url: string }>(`select prescription_image_url from orders where prescription_image_url is not null and prescription_image_url not like ?`, [key]);
    for (const row of demo) expect(s3.objects.has(`private/${row.prescription_image_url}`)).toBe(true);
  });

  it('leaves no object behind when the order is refused', async () => {
    const before = privateKeys();
    const out = await orderWithPhoto(t, patient, [{ medicineId: (await rxMedicine(t, 0)).id, quantity: 1 }], await pngImage(44, 44));
    expect(out.errors![0]!.extensions.reason).toBe('OUT_OF_STOCK');
    expect(privateKeys()).toEqual(before);
  });

  it('answers 503 with a code, never 500, when the storage is away, and stores nothing', async () => {
    const m = await rxMedicine(t, 5);
    const id = (await orderWithPhoto(t, patient, [{ medicineId: m.id, quantity: 1 }], await pngImage(20, 20))).data!.createOrder.order.id;
    const { prescriptionImageUrl: url } = (await patient.gql(ORDER, { id })).data!.order;
    await s3.close();
    try {
      const read = await t.http().get(url);
      expect([read.status, read.body.reason]).toEqual([503, 'FILE_STORAGE_UNAVAILABLE']);
      const placed = await orderWithPhoto(t, patient, [{ medicineId: m.id, quantity: 1 }], await pngImage(21, 21));
      expect(placed.errors![0]!.extensions.reason).toBe('FILE_STORAGE_UNAVAILABLE');
      expect((await t.orm.em.fork().findOneOrFail(Medicine, m.id)).stock).toBe(4);
    } finally {
      s3 = await startS3StandIn();
    }
  });
});
