import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, login, pngImage, type Client, type TestApp } from '../../../../test/app.js';
import { payInSandbox } from '../../../../test/payments.js';
import { SHIPPING, paperReading, placeOrder, prescriptionFor, rxMedicine } from '../../../../test/fixtures.js';
import { Medicine } from '../../medicines/index.js';
import { Payment, Refund } from '../../payments/index.js';
import { Prescription } from '../../prescriptions/index.js';
import { FRESH_PRESCRIPTION_CODE } from '../../../seeders/RxSeeder.js';
import { Order, OrderStatus } from '../order.entity.js';

/**
 * Issue 20, items 1 and 2: a prescription-only medicine leaves only with a prescription (the
 * server's rule, through both doors), an uploaded one is checked by a pharmacist before the order
 * can be paid, and a prescription's lines become a cart the patient confirms.
 */
let t: TestApp;
let patient: Client;
let karim: Client;
let pharmacist: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  [patient, karim, pharmacist, admin] = await Promise.all([asPatient(t), asPatient(t, 'karim@nirog.test'), login(t, 'pharmacist@nirog.test'), asAdmin(t)]);
});
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();
const CREATE = `mutation($input: CreateOrderInput!, $photo: Upload) {
  createOrder(input: $input, prescriptionImage: $photo) { paymentUrl tranId order { id status prescriptionRequired } } }`;

/** createOrder over GraphQL as a multipart request carrying a photo (the web app's way). */
async function orderWithPhoto(client: Client, medicineId: string, photo: Buffer) {
  const input = { shippingInfo: SHIPPING, orderItems: [{ medicineId, quantity: 1 }], paymentMethod: 'Bkash' };
  const res = await t.http().post('/graphql').set('Authorization', `Bearer ${client.token}`).set('apollo-require-preflight', 'true')
    .field('operations', JSON.stringify({ query: CREATE, variables: { input, photo: null } }))
    .field('map', JSON.stringify({ 0: ['variables.photo'] }))
    .attach('0', photo, 'prescription.png');
  return res.body as { data?: { createOrder: { paymentUrl: string; tranId: string; order: { id: string; status: string; prescriptionRequired: boolean } } }; errors?: { extensions: { reason: string } }[] };
}

const stockOf = async (id: string) => (await em().findOneOrFail(Medicine, id)).stock;
const mailsOf = (userEmail: string, template: string) => em().getConnection().execute<{ dedupe_key: string }[]>(
  'select m.dedupe_key from mail_outbox m join users u on u.id = m.user_id where u.email = ? and m.template = ?', [userEmail, template]);

describe('prescription-only medicines at checkout', () => {
  it('flags them in the catalogue (the demo antibiotics), through both doors', async () => {
    const gql = await asVisitor(t).gql('{ medicines(keyword: "zimax", pageSize: 5) { items { name prescriptionRequired dosesPerUnit } } }');
    expect(gql.data!.medicines.items).toContainEqual({ name: 'Zimax', prescriptionRequired: true, dosesPerUnit: 6 });
    const rest = await asVisitor(t).get('/get/medicine?keyword=napa');
    expect(rest.body.medicines.find((m: { name: string }) => m.name === 'Napa').prescriptionRequired).toBe(false);
  });

  it('refuses one without a prescription, through REST and GraphQL, and reserves nothing', async () => {
    const m = await rxMedicine(t, { stock: 5 });
    const rest = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }]);
    expect(rest.status).toBe(400);
    expect(rest.body).toMatchObject({ reason: 'PRESCRIPTION_REQUIRED', params: { medicine: m.name } });
    const gql = await patient.gql(CREATE, { input: { shippingInfo: SHIPPING, orderItems: [{ medicineId: m.id, quantity: 1 }] } });
    expect(gql.errors![0]!.extensions!.reason).toBe('PRESCRIPTION_REQUIRED');
    expect(await stockOf(m.id)).toBe(5);
    expect(await em().count(Order, { items: { medicine: m.id } })).toBe(0);
  });

  it('takes it with a Nirog prescription of the patient that lists it, by brand or by generic, and goes straight to payment', async () => {
    const byBrand = await rxMedicine(t, { stock: 5 });
    const byGeneric = await rxMedicine(t, { stock: 5, generic: 'Cefixime', strength: '200 mg' });
    const prescriptionId = await prescriptionFor(t, 'patient@nirog.test', [`Tab. ${byBrand.name} 500 mg`, 'Cefixime 200 mg']);
    for (const m of [byBrand, byGeneric]) {
      const res = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId });
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(/\/sandbox\/bkash\/checkout\//);
      expect(res.body.order).toMatchObject({ orderStatus: 'Processing', prescriptionCheck: false, prescriptionRequired: true });
      expect((await em().findOneOrFail(Order, res.body.order._id)).prescriptionId).toBe(prescriptionId);
    }
  });

  it("refuses a prescription that does not list it, and another patient's prescription as if it did not exist", async () => {
    const m = await rxMedicine(t, { stock: 5 });
    const other = await rxMedicine(t, { stock: 5, generic: 'Levofloxacin' });
    const mine = await prescriptionFor(t, 'patient@nirog.test', [`${other.name} 500 mg`]);
    const notListed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: mine });
    expect(notListed.status).toBe(400);
    expect(notListed.body).toMatchObject({ reason: 'PRESCRIPTION_NOT_LISTED', params: { medicine: m.name } });
    const karims = await prescriptionFor(t, 'karim@nirog.test', [`${m.name} 500 mg`]);
    const foreign = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], 'Bkash', { prescriptionId: karims });
    expect(foreign.status).toBe(404);
    expect(await stockOf(m.id)).toBe(5);
  });

  it('needs no prescription for the rest of the cart', async () => {
    const res = await placeOrder(patient, [{ medicineId: (await em().findOneOrFail(Medicine, { name: 'Napa' })).id, quantity: 1 }]);
    expect(res.status).toBe(200);
    expect(res.body.order.prescriptionRequired).toBe(false);
  });
});

describe('an uploaded prescription, checked by a pharmacist', () => {
  it('waits in PrescriptionCheck with nothing to pay, is approved, then paid by the patient from My orders', async () => {
    const m = await rxMedicine(t, { stock: 5 });
    const placed = await orderWithPhoto(patient, m.id, await pngImage(64, 64));
    expect(placed.errors).toBeUndefined();
    const { order, paymentUrl, tranId } = placed.data!.createOrder;
    expect(order).toMatchObject({ status: 'PrescriptionCheck', prescriptionRequired: true });
    expect([paymentUrl, tranId]).toEqual(['', '']);
    expect(await stockOf(m.id)).toBe(4);
    expect(await em().count(Payment, { purposeId: order.id })).toBe(0);

    // The earlier client reads it as Processing, and is told why.
    const rest = await patient.get(`/order/${order.id}`);
    expect(rest.body.order).toMatchObject({ orderStatus: 'Processing', prescriptionCheck: true });

    // Not payable yet.
    const early = await patient.gql('mutation($id: ID!) { payForOrder(id: $id) { paymentUrl } }', { id: order.id });
    expect(early.errors![0]!.extensions!.reason).toBe('NOT_PAYABLE');

    // The pharmacist's queue has it, with the photo; the patient sees the photo too, another patient nothing.
    const queue = await pharmacist.gql('{ prescriptionOrders(pageSize: 50) { items { id status prescriptionImageUrl items { name } } } }');
    const queued = queue.data!.prescriptionOrders.items.find((o: { id: string }) => o.id === order.id);
    // A short-lived link of its own for each viewer (medical-files.api.test.ts has the rest).
    expect(queued.prescriptionImageUrl).toMatch(/^\/api\/medical-files\/[\w-]+\.[\w-]+$/);
    const photo = await t.http().get(queued.prescriptionImageUrl);
    expect(photo.status).toBe(200);
    expect((await patient.gql('query($id: ID!) { order(id: $id) { prescriptionImageUrl canPay } }', { id: order.id })).data!.order)
      .toEqual({ prescriptionImageUrl: expect.stringMatching(/^\/api\/medical-files\//), canPay: false });
    expect((await karim.gql('query($id: ID!) { order(id: $id) { id } }', { id: order.id })).errors![0]!.extensions!.code).toBe('NOT_FOUND');

    const approved = await pharmacist.gql('mutation($input: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $input) { status prescriptionReviewedAt } }',
      { input: { orderId: order.id, approve: true, ...paperReading([{ medicineId: m.id, quantity: 5 }]) } });
    expect(approved.data!.reviewOrderPrescription.status).toBe('Processing');
    expect((await em().findOneOrFail(Order, order.id, { populate: ['prescriptionReviewedBy'] })).prescriptionReviewedBy?.getEntity().email).toBe('pharmacist@nirog.test');
    // The pharmacist's reads of the patient's order and decision are on record, as a doctor's reads are.
    const audit = await em().getConnection().execute<{ action: string }[]>(
      `select action from audit_log where actor_role = 'pharmacist' and (entity_id = ? or action = 'read:order')`, [order.id]);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['read:order', 'reviewOrderPrescription']));
    expect(await mailsOf('patient@nirog.test', 'prescription-approved')).toHaveLength(1);
    // Decided once: a second decision is an illegal move.
    const again = await pharmacist.gql('mutation($input: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $input) { status } }', { input: { orderId: order.id, approve: false, note: 'no' } });
    expect(again.errors![0]!.extensions!.reason).toBe('ILLEGAL_TRANSITION');

    expect((await patient.gql('query($id: ID!) { order(id: $id) { canPay } }', { id: order.id })).data!.order.canPay).toBe(true);
    // Asked twice at once, one payment is opened.
    const pays = await Promise.all([1, 2].map(() => patient.gql('mutation($id: ID!) { payForOrder(id: $id, paymentMethod: Nagad) { paymentUrl tranId } }', { id: order.id })));
    const opened = pays.filter((p) => p.data?.payForOrder);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(await em().count(Payment, { purposeId: order.id, status: 'initiated' as never })).toBe(1);
    const url = opened[0]!.data!.payForOrder.paymentUrl as string;
    expect(url).toMatch(/\/sandbox\/nagad\/checkout\//);
    await payInSandbox(t, url, 'approve');
    expect(await em().findOneOrFail(Order, order.id)).toMatchObject({ status: OrderStatus.Processing, paymentStatus: 'paid' });
  });

  it('is rejected with a note: cancelled, stock back, the patient told, nothing to refund', async () => {
    const m = await rxMedicine(t, { stock: 5 });
    const { order } = (await orderWithPhoto(patient, m.id, await pngImage(32, 32))).data!.createOrder;
    const noNote = await pharmacist.gql('mutation($input: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $input) { status } }',
      { input: { orderId: order.id, approve: false, note: 'The photo is blurred; please send a clear one.' } });
    expect(noNote.data!.reviewOrderPrescription.status).toBe('Cancelled');
    const saved = await em().findOneOrFail(Order, order.id);
    expect(saved).toMatchObject({ cancelReason: 'PRESCRIPTION_REJECTED', prescriptionNote: 'The photo is blurred; please send a clear one.' });
    expect(await stockOf(m.id)).toBe(5);
    expect(await em().count(Refund, { purposeId: order.id })).toBe(0);
    expect((await mailsOf('patient@nirog.test', 'prescription-rejected')).some((r) => r.dedupe_key.includes(order.id))).toBe(true);
  });

  it('refuses a file that is not a picture, and keeps only pictures for carts that need one', async () => {
    const m = await rxMedicine(t, { stock: 5 });
    const bad = await orderWithPhoto(patient, m.id, Buffer.from('%PDF-1.4 not a picture'));
    expect(bad.errors![0]!.extensions!.reason).toBe('NOT_AN_IMAGE');
    expect(await stockOf(m.id)).toBe(5);
    const napa = await em().findOneOrFail(Medicine, { name: 'Napa' });
    const plain = await orderWithPhoto(patient, napa.id, await pngImage());
    expect(plain.data!.createOrder.order.status).toBe('Processing');
    expect((await em().findOneOrFail(Order, plain.data!.createOrder.order.id)).prescriptionImageUrl).toBeNull();
  });

  it('lets pharmacists and admins check, and no one else; pharmacists see no other order', async () => {
    const m = await rxMedicine(t, { stock: 5 });
    const { order } = (await orderWithPhoto(patient, m.id, await pngImage())).data!.createOrder;
    const review = 'mutation($input: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $input) { status } }';
    for (const who of [patient, await asDoctor(t)]) {
      expect((await who.gql(review, { input: { orderId: order.id, approve: true, ...paperReading([{ medicineId: m.id, quantity: 5 }]) } })).errors![0]!.extensions!.code).toBe('FORBIDDEN');
    }
    expect((await pharmacist.gql('{ adminOrders { total } }')).errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const plain = await placeOrder(patient, [{ medicineId: (await em().findOneOrFail(Medicine, { name: 'Ace' })).id, quantity: 1 }]);
    expect((await pharmacist.gql('query($id: ID!) { order(id: $id) { id } }', { id: plain.body.order._id })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    expect((await admin.gql(review, { input: { orderId: order.id, approve: true, ...paperReading([{ medicineId: m.id, quantity: 5 }]) } })).data!.reviewOrderPrescription.status).toBe('Processing');
  });

  it('lists the queue in a constant number of statements', async () => {
    const q = (n: number) => pharmacist.gql(`{ prescriptionOrders(pageSize: ${n}, waiting: false) { items { id items { name } refunds { id } prescriptionImageUrl } } }`);
    const [small, large] = [await countQueries(() => q(1)), await countQueries(() => q(50))];
    expect(small.count).toBe(large.count);
    expect(large.result.data!.prescriptionOrders.items.length).toBeGreaterThan(1);
  });
});

describe('order the medicines of a prescription', () => {
  const CART = `query($id: ID!) { prescriptionCart(prescriptionId: $id) { prescriptionId doctorName
    lines { medname sure choices { quantity medicine { name prescriptionRequired } } } } }`;

  it("matches the demo's fresh prescription: sure lines with units for the course, unsure ones to choose, one not sold", async () => {
    const { id } = await em().findOneOrFail(Prescription, { verificationCode: FRESH_PRESCRIPTION_CODE });
    const res = await patient.gql(CART, { id });
    expect(res.errors).toBeUndefined();
    const lines = res.data!.prescriptionCart.lines as { medname: string; sure: boolean; choices: { quantity: number; medicine: { name: string; prescriptionRequired: boolean } }[] }[];
    const by = (name: string) => lines.find((l) => l.medname.includes(name))!;
    expect(res.data!.prescriptionCart.doctorName).toBe('Ayesha Siddiqua');
    // Zimax: 1+0+0 for 3 days, 6 in a strip: one strip; prescription-only.
    expect(by('Zimax')).toMatchObject({ sure: true, choices: [{ quantity: 1, medicine: { name: 'Zimax', prescriptionRequired: true } }] });
    // Napa Extra: 1+1+1 for 5 days, 10 in a strip: two strips.
    expect(by('Napa Extra')).toMatchObject({ sure: true, choices: [{ quantity: 2, medicine: { name: 'Napa Extra' } }] });
    expect(by('Montelukast').sure).toBe(false);
    expect(by('Montelukast').choices.map((c) => c.medicine.name).sort()).toEqual(['Monas', 'Montene', 'Odmon', 'Provair']);
    expect(by('Montelukast').choices.every((c) => c.quantity === 2)).toBe(true);
    expect(by('Vitamin C')).toMatchObject({ sure: false, choices: [] });
  });

  it('then checks out with it: the prescription covers its prescription-only antibiotic', async () => {
    const { id } = await em().findOneOrFail(Prescription, { verificationCode: FRESH_PRESCRIPTION_CODE });
    const zimax = await em().findOneOrFail(Medicine, { name: 'Zimax' });
    const res = await placeOrder(patient, [{ medicineId: zimax.id, quantity: 1 }], 'Bkash', { prescriptionId: id });
    expect(res.status).toBe(200);
    expect(res.body.order.orderStatus).toBe('Processing');
  });

  it("is only for the patient's own prescriptions (404 otherwise), and only for patients", async () => {
    const { id } = await em().findOneOrFail(Prescription, { verificationCode: FRESH_PRESCRIPTION_CODE });
    expect((await karim.gql(CART, { id })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    expect((await (await asDoctor(t)).gql(CART, { id })).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('reads the catalogue in a fixed number of statements, however many lines', async () => {
    const one = await prescriptionFor(t, 'patient@nirog.test', ['Napa 500 mg']);
    const ten = await prescriptionFor(t, 'patient@nirog.test', ['Napa 500 mg', 'Seclo 20 mg', 'Ace', 'Fexo 120 mg', 'Omeprazole 20 mg', 'Zimax 500 mg',
      'Montelukast 10 mg', 'Cef-3 200 mg', 'Paracetamol 500 mg', 'Something else']);
    const [a, b] = [await countQueries(() => patient.gql(CART, { id: one })), await countQueries(() => patient.gql(CART, { id: ten }))];
    expect(a.count).toBe(b.count);
  });
});
