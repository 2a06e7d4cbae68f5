import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { followCallback, payInSandbox } from '../../../../test/payments.js';
import { Medicine, MedicineForm, MedicineUnit } from '../../medicines/index.js';
import { Payment, PaymentStatus, Refund, RefundStatus } from '../../payments/index.js';
import { Order, OrderPaymentStatus, OrderStatus } from '../order.entity.js';

let t: TestApp;
let patient: Client;
let admin: Client;
const events: { type: string; orderId: string; to?: string }[] = [];

beforeAll(async () => {
  // One patient places many orders here: the per-patient cap on unpaid orders is tested in holds.test.ts.
  t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  for (const type of ['order.placed', 'order.paid', 'order.statusChanged'] as const) {
    t.services.events.on(type, (_em, e) => void events.push({ type: e.type, orderId: e.orderId, to: 'to' in e ? e.to : undefined }));
  }
  patient = await asPatient(t);
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();
const shipping = { name: 'Rahima Akter', phone: '01712345678', address: 'House 12, Road 5, Sector 7', city: 'Dhaka' };

let serial = 0;
async function newMedicine(stock: number, pricePoisha = 1250): Promise<Medicine> {
  const e = em();
  const m = e.create(Medicine, {
    name: `Testmed ${++serial}`, genericName: 'Paracetamol', company: 'Beximco Pharmaceuticals', strength: '500 mg',
    form: MedicineForm.Tablet, unit: MedicineUnit.Strip, pricePoisha, stock,
  });
  await e.flush();
  return m;
}

const stockOf = async (id: string) => (await em().findOneOrFail(Medicine, id)).stock;
const orderOf = (id: string) => em().findOneOrFail(Order, id);

async function placeOrder(lines: { medicineId: string; quantity: number }[], paymentMethod = 'Bkash', client = patient) {
  const res = await client.post('/create/order', { shippingInfo: shipping, orderItems: lines.map((l) => ({ _id: l.medicineId, cartQuantity: l.quantity })), paymentMethod });
  return res;
}

describe('checkout', () => {
  it('prices the order from the catalogue, adds 60 BDT shipping and ignores tampered prices and totals', async () => {
    const a = await newMedicine(10, 1200);
    const b = await newMedicine(10, 4550);
    const res = await patient.post('/create/order', {
      shippingInfo: shipping,
      orderItems: [{ _id: a.id, name: 'Cheap', price: 0.01, cartQuantity: 2 }, { _id: b.id, price: 1, cartQuantity: 1 }],
      itemsPrice: 1, shippingPrice: 0, totalPrice: 1, paymentInfo: { method: 'Bkash' },
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/sandbox\/bkash\/checkout\//);
    expect(res.body.order).toMatchObject({ itemsPrice: 69.5, shippingPrice: 60, totalPrice: 129.5, orderStatus: 'Processing' });
    expect(res.body.order.orderItems).toEqual(expect.arrayContaining([
      expect.objectContaining({ product: a.id, price: 12, quantity: 2, totalPrice: 24 }),
      expect.objectContaining({ product: b.id, price: 45.5, quantity: 1, totalPrice: 45.5 }),
    ]));
    const payment = await em().findOneOrFail(Payment, { tranId: res.body.tranId });
    expect(payment).toMatchObject({ amountPoisha: 12950, currency: 'BDT', status: PaymentStatus.Initiated });
    expect(await stockOf(a.id)).toBe(8);
    expect(events).toContainEqual({ type: 'order.placed', orderId: res.body.order._id, to: undefined });
  });

  it("orders the cart's quantity when the earlier client's line also carries the medicine's stock as `quantity`", async () => {
    const m = await newMedicine(90, 4570);
    // The earlier client's cart line: the medicine object as listed (with `quantity` = its stock) plus cartQuantity.
    const line = { _id: m.id, name: m.name, price: 45.7, quantity: 90, stock: 90, image: { url: '/x.webp' }, cartQuantity: 1 };
    const res = await patient.post('/create/order', { shippingInfo: shipping, orderItems: [line], paymentMethod: 'Bkash' });
    expect(res.status).toBe(200);
    expect(res.body.order.orderItems[0]).toMatchObject({ product: m.id, quantity: 1, price: 45.7, totalPrice: 45.7 });
    expect(res.body.order.totalPrice).toBe(105.7);
    expect(await stockOf(m.id)).toBe(89);
    const quote = await asVisitor(t).post('/cart/quote', { orderItems: [line] });
    expect(quote.body.lines[0]).toMatchObject({ quantity: 1, lineTotal: 45.7 });
  });

  it('takes the same order over GraphQL with poisha amounts and a payment URL', async () => {
    const m = await newMedicine(5, 3000);
    const res = await patient.gql(`mutation($input: CreateOrderInput!) { createOrder(input: $input) {
      paymentUrl tranId order { itemsPoisha shippingPoisha totalPoisha status paymentStatus items { name quantity unitPricePoisha lineTotalPoisha } } } }`,
    { input: { shippingInfo: shipping, orderItems: [{ medicineId: m.id, quantity: 3 }], paymentMethod: 'Nagad' } });
    expect(res.data!.createOrder.order).toMatchObject({ itemsPoisha: 9000, shippingPoisha: 6000, totalPoisha: 15000, status: 'Processing', paymentStatus: 'Pending' });
    expect(res.data!.createOrder.paymentUrl).toContain('/sandbox/nagad/checkout/');
  });

  it("refuses missing shipping details with 'Please enter your details' and reserves nothing", async () => {
    const m = await newMedicine(5);
    const res = await patient.post('/create/order', { shippingInfo: { ...shipping, city: '' }, orderItems: [{ _id: m.id, cartQuantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your details');
    expect(await stockOf(m.id)).toBe(5);
  });

  it('takes a phone typed on a Bangla keyboard (০১৭১২৩৪৫৬৭৮) and keeps it as +8801712345678; refuses one that is not a mobile number', async () => {
    const m = await newMedicine(5);
    const res = await patient.post('/create/order', { shippingInfo: { ...shipping, phone: '০১৮১৯-৮৭৬৫৪৩' }, orderItems: [{ _id: m.id, cartQuantity: 1 }], paymentMethod: 'Bkash' });
    expect(res.status).toBe(200);
    expect((await orderOf(res.body.order._id)).shippingPhoneE164).toBe('+8801819876543');
    const bad = await patient.post('/create/order', { shippingInfo: { ...shipping, phone: '০২৯৫৫১২৩৪' }, orderItems: [{ _id: m.id, cartQuantity: 1 }], paymentMethod: 'Bkash' });
    expect(bad.status).toBe(400);
    expect(bad.body.reason).toBe('INVALID_PHONE');
  });

  it("refuses an empty cart with 'Your Cart is Currently Empty'", async () => {
    const res = await patient.post('/create/order', { shippingInfo: shipping, orderItems: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your Cart is Currently Empty');
  });

  it('refuses more than the stock and reserves nothing of the other lines', async () => {
    const plenty = await newMedicine(10);
    const scarce = await newMedicine(1);
    const res = await placeOrder([{ medicineId: plenty.id, quantity: 2 }, { medicineId: scarce.id, quantity: 2 }]);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('OUT_OF_STOCK');
    expect(await stockOf(plenty.id)).toBe(10);
    expect(await stockOf(scarce.id)).toBe(1);
  });

  it('sells exactly 30 of a stock of 30 to 100 orders at once, never below zero', async () => {
    const m = await newMedicine(30);
    const results = await Promise.all(Array.from({ length: 100 }, () => placeOrder([{ medicineId: m.id, quantity: 1 }])));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 409)).toHaveLength(70);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.reason === 'OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(m.id)).toBe(0);
    expect(new Set(results.filter((r) => r.status === 200).map((r) => r.body.tranId)).size).toBe(30);
  });

  it('quotes a cart with today’s prices, merges repeated lines and flags what cannot be delivered', async () => {
    const m = await newMedicine(3, 1000);
    const gone = await newMedicine(0, 500);
    const res = await asVisitor(t).gql(`query($items: [OrderLineInput!]!) { quoteCart(items: $items) {
      itemsPoisha shippingPoisha totalPoisha lines { medicineId quantity unitPricePoisha lineTotalPoisha available } } }`,
    { items: [{ medicineId: m.id, quantity: 1 }, { medicineId: m.id, quantity: 1 }, { medicineId: gone.id, quantity: 1 }] });
    expect(res.data!.quoteCart).toMatchObject({ itemsPoisha: 2000, shippingPoisha: 6000, totalPoisha: 8000 });
    expect(res.data!.quoteCart.lines).toEqual([
      { medicineId: m.id, quantity: 2, unitPricePoisha: 1000, lineTotalPoisha: 2000, available: true },
      { medicineId: gone.id, quantity: 1, unitPricePoisha: 500, lineTotalPoisha: 500, available: false },
    ]);
  });
});

describe('paying for an order', () => {
  it('keeps the payment page for its patient while the order awaits payment, and drops it once paid', async () => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 1 }]);
    const q = 'query($id: ID!) { order(id: $id) { paymentUrl paymentStatus } }';
    expect((await patient.gql(q, { id: placed.body.order._id })).data!.order).toEqual({ paymentUrl: placed.body.url, paymentStatus: 'Pending' });
    expect((await admin.gql(q, { id: placed.body.order._id })).data!.order.paymentUrl).toBeNull();
    await payInSandbox(t, placed.body.url, 'approve');
    expect((await patient.gql(q, { id: placed.body.order._id })).data!.order).toEqual({ paymentUrl: null, paymentStatus: 'Paid' });
  });

  it('marks the order paid after bKash confirms and lands on the order success page', async () => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 1 }]);
    const landing = await payInSandbox(t, placed.body.url, 'approve');
    expect(landing).toBe(`${t.config.payments.publicUrl}/order/payment/successfull/${placed.body.tranId}`);
    const order = await orderOf(placed.body.order._id);
    expect(order).toMatchObject({ paymentStatus: OrderPaymentStatus.Paid, status: OrderStatus.Processing });
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(events.filter((e) => e.type === 'order.paid' && e.orderId === order.id)).toHaveLength(1);
  });

  it('records a callback replayed ten times, also at once, as one payment', async () => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 1 }]);
    const { decideInSandbox } = await import('../../../../test/payments.js');
    const callback = await decideInSandbox(t, placed.body.url, 'approve');
    await Promise.all(Array.from({ length: 10 }, () => followCallback(t, callback)));
    for (let i = 0; i < 10; i++) await followCallback(t, callback);
    expect(events.filter((e) => e.type === 'order.paid' && e.orderId === placed.body.order._id)).toHaveLength(1);
    expect(await em().count(Payment, { purposeId: placed.body.order._id, status: PaymentStatus.Completed })).toBe(1);
  });

  it('refuses a forged success callback: the order stays unpaid and keeps its stock reserved', async () => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 2 }]);
    const payment = await em().findOneOrFail(Payment, { tranId: placed.body.tranId });
    await followCallback(t, `/api/payments/bkash/callback?paymentID=${payment.providerPaymentId}&status=success`);
    expect(await orderOf(placed.body.order._id)).toMatchObject({ paymentStatus: OrderPaymentStatus.Pending, status: OrderStatus.Processing });
    expect(await stockOf(m.id)).toBe(3);
  });

  it.each([['cancel'], ['fail']] as const)('cancels the order and gives the stock back once when the payer chooses %s', async (decision) => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 2 }], 'Nagad');
    expect(await stockOf(m.id)).toBe(3);
    const { decideInSandbox } = await import('../../../../test/payments.js');
    const callback = await decideInSandbox(t, placed.body.url, decision);
    const landings = await Promise.all(Array.from({ length: 5 }, () => followCallback(t, callback)));
    expect(landings[0]).toContain(`/order/payment/failed/${placed.body.tranId}`);
    expect(await stockOf(m.id)).toBe(5);
    expect(await orderOf(placed.body.order._id)).toMatchObject({ status: OrderStatus.Cancelled, paymentStatus: OrderPaymentStatus.Failed, stockReleased: true });
    expect(events.filter((e) => e.type === 'order.statusChanged' && e.orderId === placed.body.order._id)).toEqual([
      { type: 'order.statusChanged', orderId: placed.body.order._id, to: 'Cancelled' },
    ]);
  });

  it('cancels an order whose payment was abandoned, when payments are reconciled', async () => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 1 }]);
    await em().nativeUpdate(Payment, { tranId: placed.body.tranId }, { createdAt: new Date(Date.now() - 2 * 3600_000) });
    await t.services.payments.reconcile(em(), { olderThanMinutes: 60 });
    expect(await orderOf(placed.body.order._id)).toMatchObject({ status: OrderStatus.Cancelled, cancelReason: 'PAYMENT_ABANDONED' });
    expect(await stockOf(m.id)).toBe(5);
  });
});

describe('order status workflow', () => {
  const ALL = Object.values(OrderStatus);
  const pairs = ALL.flatMap((from) => ALL.map((to) => [from, to] as const));

  /** A paid order of one strip, put straight into `status` (stock already reserved). */
  async function paidOrderIn(status: OrderStatus) {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 1 }]);
    await payInSandbox(t, placed.body.url, 'approve');
    if (status !== OrderStatus.Processing) {
      await em().nativeUpdate(Order, { id: placed.body.order._id }, { status, stockReleased: status === OrderStatus.Cancelled });
    }
    return { id: placed.body.order._id as string, medicine: m };
  }

  // Written out by hand (not read from order.policy.ts): the moves an admin may make on a paid order.
  // Out of PrescriptionCheck is the pharmacist's review alone: an admin's move there is refused as such.
  const ALLOWED = new Set(['Processing → Confirmed', 'Processing → Cancelled', 'Confirmed → Delivered', 'Confirmed → Cancelled']);
  const PHARMACISTS = new Set(['PrescriptionCheck → Processing', 'PrescriptionCheck → Cancelled']);

  it.each(pairs)('%s → %s follows the transition map', async (from, to) => {
    const { id, medicine } = await paidOrderIn(from);
    const res = await admin.put(`/admin/order/${id}`, { status: to });
    if (ALLOWED.has(`${from} → ${to}`)) {
      expect(res.status).toBe(200);
      // The earlier client's orderStatus knows no PrescriptionCheck (it reads Processing there).
      expect(res.body.order.orderStatus).toBe(to === OrderStatus.PrescriptionCheck ? OrderStatus.Processing : to);
      const order = await orderOf(id);
      expect(order.status).toBe(to);
      if (to === OrderStatus.Delivered) expect(order.deliveredAt).toBeInstanceOf(Date);
      if (to === OrderStatus.Cancelled) {
        expect(await stockOf(medicine.id)).toBe(5);
        expect(order.cancelReason).toBe('CANCELLED_BY_ADMIN');
        // It was paid: the whole amount went back, once, by itself.
        const refunds = await em().find(Refund, { purposeId: id });
        expect(refunds.map((r) => [r.status, r.amountPoisha])).toEqual([[RefundStatus.Completed, order.totalPoisha]]);
      }
    } else {
      expect(res.status).toBe(409);
      expect(res.body.reason).toBe(PHARMACISTS.has(`${from} → ${to}`) ? 'PRESCRIPTION_CHECK_PENDING' : 'ILLEGAL_TRANSITION');
      expect((await orderOf(id)).status).toBe(from);
    }
  });

  it('refuses to confirm an order that is not paid', async () => {
    const m = await newMedicine(5);
    const placed = await placeOrder([{ medicineId: m.id, quantity: 1 }]);
    const res = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Confirmed) { status } }', { id: placed.body.order._id });
    expect(res.errors![0]!.extensions!.reason).toBe('NOT_PAID');
  });

  it('lets only one of two admins moving the same order at once win', async () => {
    const { id } = await paidOrderIn(OrderStatus.Confirmed);
    const other = await asAdmin(t);
    const [a, b] = await Promise.all([admin.put(`/admin/order/${id}`, { status: 'Delivered' }), other.put(`/admin/order/${id}`, { status: 'Cancelled' })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('walks Processing → Confirmed → Delivered with deliveredAt and an event for each step', async () => {
    const { id } = await paidOrderIn(OrderStatus.Processing);
    await admin.put(`/admin/order/${id}`, { status: 'Confirmed' });
    const done = await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Delivered) { status deliveredAt } }', { id });
    expect(done.data!.updateOrderStatus.status).toBe('Delivered');
    expect(done.data!.updateOrderStatus.deliveredAt).toBeTruthy();
    expect(events.filter((e) => e.type === 'order.statusChanged' && e.orderId === id).map((e) => e.to)).toEqual(['Confirmed', 'Delivered']);
  });

  it('deletes (archives) only finished orders from the admin list', async () => {
    const open = await paidOrderIn(OrderStatus.Processing);
    expect((await admin.delete(`/admin/order/${open.id}`)).body.reason).toBe('ORDER_NOT_FINAL');
    const done = await paidOrderIn(OrderStatus.Delivered);
    expect((await admin.delete(`/admin/order/${done.id}`)).status).toBe(200);
    const list = await admin.get('/admin/allorder?pageSize=100');
    expect(list.body.orders.map((o: { _id: string }) => o._id)).not.toContain(done.id);
  });
});

describe('who sees and does what with orders', () => {
  it("lists a patient's own orders, newest first, with the spec's fields", async () => {
    const res = await patient.get('/orders/myorders?pageSize=100');
    expect(res.status).toBe(200);
    expect(res.body.orders.length).toBeGreaterThanOrEqual(5);
    const statuses = new Set(res.body.orders.map((o: { orderStatus: string }) => o.orderStatus));
    for (const s of ['Processing', 'Confirmed', 'Delivered', 'Cancelled']) expect(statuses).toContain(s);
    expect(res.body.orders[0]).toMatchObject({ orderItems: expect.any(Array), orderStatus: expect.any(String), totalPrice: expect.any(Number) });
    const other = await (await asPatient(t, 'karim@nirog.test')).get('/orders/myorders');
    expect(other.body.orders).toEqual([]);
  });

  it('shows one order to its patient and admins, 404 to another patient', async () => {
    const id = (await patient.get('/orders/myorders')).body.orders[0]._id;
    expect((await patient.get(`/order/${id}`)).status).toBe(200);
    expect((await admin.get(`/order/${id}`)).status).toBe(200);
    expect((await (await asPatient(t, 'karim@nirog.test')).get(`/order/${id}`)).status).toBe(404);
    expect((await (await asPatient(t, 'karim@nirog.test')).gql('query($id: ID!) { order(id: $id) { id } }', { id })).code).toBe('NOT_FOUND');
  });

  it('pages the admin list on the server with customers and a constant number of queries', async () => {
    const page1 = await admin.get('/admin/allorder?page=1&pageSize=2');
    expect(page1.body).toMatchObject({ resultPerPage: 2, page: 1 });
    expect(page1.body.orders).toHaveLength(2);
    expect(page1.body.orderCount).toBeGreaterThan(2);
    expect(page1.body.orders[0].user).toMatchObject({ name: expect.any(String), email: expect.any(String) });
    const q = 'query($n: Int!) { adminOrders(pageSize: $n) { items { id customerName items { name } } } }';
    const small = await countQueries(() => admin.gql(q, { n: 2 }));
    const large = await countQueries(() => admin.gql(q, { n: 50 }));
    expect(large.count).toBe(small.count);
  });

  it.each([
    ['POST /create/order', (c: Client) => c.post('/create/order', { shippingInfo: shipping, orderItems: [] }), { visitor: 401, doctor: 403, admin: 403 }],
    ['GET /orders/myorders', (c: Client) => c.get('/orders/myorders'), { visitor: 401, doctor: 403, admin: 403 }],
    ['GET /admin/allorder', (c: Client) => c.get('/admin/allorder'), { visitor: 401, doctor: 403, patient: 403 }],
    ['PUT /admin/order/:id', (c: Client) => c.put('/admin/order/00000000-0000-0000-0000-000000000000', { status: 'Confirmed' }), { visitor: 401, doctor: 403, patient: 403 }],
    ['DELETE /admin/order/:id', (c: Client) => c.delete('/admin/order/00000000-0000-0000-0000-000000000000'), { visitor: 401, doctor: 403, patient: 403 }],
  ] as const)('%s refuses the wrong callers', async (_path, call, expected) => {
    const clients: Record<string, Client> = { visitor: asVisitor(t), doctor: await asDoctor(t), admin, patient };
    for (const [who, status] of Object.entries(expected)) expect([who, (await call(clients[who]!)).status]).toEqual([who, status]);
  });

  it('refuses checkout and my orders to visitors and doctors over GraphQL', async () => {
    const q = '{ myOrders { total } }';
    expect((await asVisitor(t).gql(q)).code).toBe('UNAUTHENTICATED');
    expect((await (await asDoctor(t)).gql(q)).code).toBe('FORBIDDEN');
    expect((await patient.gql('{ adminOrders { total } }')).code).toBe('FORBIDDEN');
  });
});

describe('when the payment provider cannot be reached', () => {
  it('answers 503, cancels the order and gives the stock back', async () => {
    const down = await createTestApp({ env: { BKASH_BASE_URL: 'http://127.0.0.1:9/v1.2.0-beta/tokenized/checkout', PAYMENT_HTTP_TIMEOUT_MS: '500' } });
    try {
      const e = down.orm.em.fork();
      const m = e.create(Medicine, {
        name: 'Offline test', genericName: 'Paracetamol', company: 'Beximco Pharmaceuticals', strength: '500 mg',
        form: MedicineForm.Tablet, unit: MedicineUnit.Strip, pricePoisha: 1200, stock: 4,
      });
      await e.flush();
      const res = await (await asPatient(down)).post('/create/order', { shippingInfo: shipping, orderItems: [{ _id: m.id, cartQuantity: 2 }], paymentMethod: 'Bkash' });
      expect(res.status).toBe(503);
      expect(res.body.reason).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      const order = await down.orm.em.fork().findOneOrFail(Order, { user: { email: 'patient@nirog.test' }, status: OrderStatus.Cancelled, cancelReason: 'PAYMENT_FAILED' }, { orderBy: { createdAt: 'desc' } });
      expect(order.stockReleased).toBe(true);
      expect((await down.orm.em.fork().findOneOrFail(Medicine, m.id)).stock).toBe(4);
    } finally {
      await down.close();
    }
  });
});
