import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { payInSandbox, pathOf } from '../../../../test/payments.js';
import { newMedicine, placeOrder } from '../../../../test/fixtures.js';
import { registry } from '../../../common/metrics.js';
import { runJobs } from '../../../jobs.js';
import { Appointment, AppointmentStatus } from '../../appointments/index.js';
import { Order } from '../../orders/index.js';
import { Payment } from '../payment.entity.js';
import { Refund, RefundReason, RefundStatus } from '../refund.entity.js';
import { SandboxTransaction } from '../sandbox/sandbox-transaction.entity.js';
import { LOST_ANSWER_AFTER_MS } from '../refund.service.js';

/**
 * Issue 20, item 3: money goes back by itself, exactly once per cause, within what was paid, and is
 * reconciled like a payment: bKash's refund v2 and refund status, Nagad's purchase cancel and verify,
 * both spoken by the sandbox, whose own ledger counts what it paid out.
 */
let t: TestApp;
let patient: Client;
let admin: Client;
let doctor: Client;
const refunded: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { OPEN_UNPAID_ORDERS_PER_PATIENT: '1000' } });
  t.services.events.on('payment.refunded', (_em, e) => void refunded.push(e.paymentId));
  [patient, admin, doctor] = await Promise.all([asPatient(t), asAdmin(t), asDoctor(t)]);
});
afterAll(async () => {
  await t.close();
});

const em = () => t.orm.em.fork();

/** A paid order (one strip), paid in the sandbox by bKash or Nagad, optionally with a sandbox failure to imitate. */
async function paidOrder(method: 'Bkash' | 'Nagad' = 'Bkash', scenario = '') {
  const m = await newMedicine(t, 10, 2500);
  const placed = await placeOrder(patient, [{ medicineId: m.id, quantity: 1 }], method);
  expect(placed.status).toBe(200);
  expect(await payInSandbox(t, placed.body.url, 'approve', scenario)).toContain('/order/payment/successfull/');
  const order = await em().findOneOrFail(Order, placed.body.order._id);
  expect(order.paymentStatus).toBe('paid');
  return { order, tranId: placed.body.tranId as string };
}

/** What the sandbox "provider" says it paid back for one of our payments. */
async function ledger(tranId: string) {
  const res = await t.http().get(`/sandbox/ledger/${tranId}`);
  expect(res.status).toBe(200);
  return res.body as { amount: string; refunded: string; refunds: { refundTrxId: string; amount: string; reference: string }[] };
}

const refundsOf = (purposeId: string) => em().find(Refund, { purposeId }, { orderBy: { createdAt: 'asc' } });
const cancel = (orderId: string) => admin.put(`/admin/order/${orderId}`, { status: 'Cancelled' });
const metric = async (name: string) => (await registry.getSingleMetricAsString(name));

describe('a paid order cancelled by an admin', () => {
  it('is refunded in full by itself, once, and the bKash sandbox records exactly one refund', async () => {
    const { order, tranId } = await paidOrder();
    const res = await cancel(order.id);
    expect(res.status).toBe(200);
    expect(res.body.order.refunds).toEqual([expect.objectContaining({ amount: 85, status: 'completed', reason: 'order_cancelled' })]);
    const [refund, ...more] = await refundsOf(order.id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ status: RefundStatus.Completed, amountPoisha: 8500, reason: RefundReason.OrderCancelled, cause: `order-cancelled:${order.id}` });
    const books = await ledger(tranId);
    expect(books.refunds).toHaveLength(1);
    expect(books.refunds[0]).toMatchObject({ amount: '85.00', refundTrxId: refund!.providerRefundId, reference: refund!.id.replace(/-/g, '') });
    expect((await em().findOneOrFail(Payment, { tranId })).refundedPoisha).toBe(8500);
    expect(refunded.filter((p) => p === refund!.payment.id)).toHaveLength(1);
    // The patient is told in mail and SMS: on its way, then back.
    const queued = await em().getConnection().execute<{ template: string }[]>(
      `select template from mail_outbox where dedupe_key like ? union all select template from sms_outbox where dedupe_key like ?`,
      [`%${order.id}%`, `%${refund!.id}%`]);
    expect(queued.map((q) => q.template).sort()).toEqual(expect.arrayContaining(['order-refund-started', 'refund-completed']));
  });

  it('is refunded once when the cancel is sent twice at once (and ten times), one refund at the provider', async () => {
    for (const times of [2, 10]) {
      const { order, tranId } = await paidOrder();
      const answers = await Promise.all(Array.from({ length: times }, () => cancel(order.id)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) expect(['CHANGED_MEANWHILE', 'ILLEGAL_TRANSITION']).toContain(a.body.reason);
      expect((await refundsOf(order.id)).map((r) => r.status)).toEqual([RefundStatus.Completed]);
      expect((await ledger(tranId)).refunds).toHaveLength(1);
    }
  });

  it('is refunded through Nagad too (purchase cancel), once', async () => {
    const { order, tranId } = await paidOrder('Nagad');
    expect((await cancel(order.id)).status).toBe(200);
    const [refund] = await refundsOf(order.id);
    expect(refund).toMatchObject({ status: RefundStatus.Completed, provider: 'nagad' });
    expect((await ledger(tranId)).refunds.map((r) => r.refundTrxId)).toEqual([refund!.providerRefundId]);
  });
});

describe('a refund whose answer is lost', () => {
  it.each(['Bkash', 'Nagad'] as const)('(%s) stays being sent, then the refund status settles it: completed, never sent twice', async (method) => {
    const { order, tranId } = await paidOrder(method, 'refund-lost');
    expect((await cancel(order.id)).status).toBe(200);
    const [refund] = await refundsOf(order.id);
    expect(refund!.status).toBe(RefundStatus.Sending);
    expect((await ledger(tranId)).refunds).toHaveLength(1);
    // Too early to ask: nothing changes, nothing is sent again.
    await t.services.payments.refunds.reconcile(em());
    expect((await refundsOf(order.id))[0]!.status).toBe(RefundStatus.Sending);
    const later = new Date(Date.now() + LOST_ANSWER_AFTER_MS + 60_000);
    const summary = await t.services.payments.refunds.reconcile(em(), later);
    expect(summary).toMatchObject({ checked: 1, completed: 1 });
    const [settled] = await refundsOf(order.id);
    const books = await ledger(tranId);
    expect(settled).toMatchObject({ status: RefundStatus.Completed, providerRefundId: books.refunds[0]!.refundTrxId });
    expect(books.refunds).toHaveLength(1);
    expect(refunded.filter((p) => p === settled!.payment.id)).toHaveLength(1);
  });
});

describe('refunds are settled by the database', () => {
  it('records one refund per cause when the same cause asks twenty times at once', async () => {
    const { order } = await paidOrder();
    const payment = await em().findOneOrFail(Payment, { purposeId: order.id });
    const asks = Array.from({ length: 20 }, () => em().transactional((tx) =>
      t.services.payments.refunds.request(tx as never, { paymentId: payment.id, cause: `test-same:${order.id}`, reason: RefundReason.OrderCancelled, amountPoisha: 1000 })));
    const results = await Promise.allSettled(asks);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await em().count(Refund, { cause: `test-same:${order.id}` })).toBe(1);
    expect((await em().findOneOrFail(Payment, payment.id)).refundedPoisha).toBe(1000);
    // The key itself is the database's: a second row of the cause is refused, whoever writes it.
    await expect(em().getConnection().execute(
      `insert into payment_refunds (id, payment_id, purpose, purpose_id, user_id, provider, cause, reason, amount_poisha, next_attempt_at)
       select gen_random_uuid(), payment_id, purpose, purpose_id, user_id, provider, cause, reason, 1, now() from payment_refunds where cause = ?`, [`test-same:${order.id}`]))
      .rejects.toThrow(/payment_refunds_cause_unique/);
  });

  it('never lets partial refunds add up to more than was paid, however they race', async () => {
    const { order } = await paidOrder(); // 8500 poisha
    const payment = await em().findOneOrFail(Payment, { purposeId: order.id });
    const asks = Array.from({ length: 6 }, (_, i) => em().transactional((tx) =>
      t.services.payments.refunds.request(tx as never, { paymentId: payment.id, cause: `test-part:${order.id}:${i}`, reason: RefundReason.OrderCancelled, amountPoisha: 3000 })));
    const results = await Promise.allSettled(asks);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    for (const r of results.filter((x) => x.status === 'rejected')) expect((r as PromiseRejectedResult).reason.reason).toBe('AMOUNT_MISMATCH');
    const rows = await em().find(Refund, { payment: payment.id });
    expect(rows.reduce((s, r) => s + r.amountPoisha, 0)).toBe(6000);
    expect((await em().findOneOrFail(Payment, payment.id)).refundedPoisha).toBe(6000);
    // The rest, asked without an amount, is what is left; then nothing is left.
    const rest = await em().transactional((tx) => t.services.payments.refunds.request(tx as never, { paymentId: payment.id, cause: `test-rest:${order.id}`, reason: RefundReason.OrderCancelled }));
    expect(rest!.amountPoisha).toBe(2500);
    expect(await em().transactional((tx) => t.services.payments.refunds.request(tx as never, { paymentId: payment.id, cause: `test-none:${order.id}`, reason: RefundReason.OrderCancelled }))).toBeNull();
    // And the table itself refuses more, whoever writes it.
    await expect(em().getConnection().execute('update payments set refunded_poisha = amount_poisha + 1 where id = ?', [payment.id])).rejects.toThrow(/payments_refunded_within_amount/);
    // Sent one after the other (never two of one payment at once), each reaches the sandbox once.
    expect(await t.services.payments.refunds.sendDue(em(), { paymentId: payment.id })).toBeGreaterThan(0);
    await t.services.payments.refunds.sendDue(em(), { paymentId: payment.id });
    await t.services.payments.refunds.sendDue(em(), { paymentId: payment.id });
    expect((await ledger(payment.tranId)).refunded).toBe('85.00');
  });

  it('sends a refund once when two replicas claim it at the same moment', async () => {
    const { order } = await paidOrder();
    const payment = await em().findOneOrFail(Payment, { purposeId: order.id });
    const refund = await em().transactional((tx) => t.services.payments.refunds.request(tx as never, { paymentId: payment.id, cause: `test-claim:${order.id}`, reason: RefundReason.OrderCancelled }));
    const sent = await Promise.all(Array.from({ length: 5 }, () => t.services.payments.refunds.send(em(), refund!.id)));
    expect(sent.filter(Boolean)).toHaveLength(1);
    expect((await ledger(payment.tranId)).refunds).toHaveLength(1);
  });

  it('marks a refund the provider refuses as failed, left to the accounts team (counted for the alert)', async () => {
    const { order, tranId } = await paidOrder();
    // The sandbox's books say less was paid than we asked to return: bKash answers 2072.
    await em().nativeUpdate(SandboxTransaction, { merchantOrderId: tranId }, { amount: '1.00' });
    const before = await metric('nirog_payment_refunds_due_total');
    expect((await cancel(order.id)).status).toBe(200);
    expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ status: RefundStatus.Failed, failureReason: 'BKASH_2072' })]);
    expect(await metric('nirog_payment_refunds_due_total')).not.toBe(before);
    expect((await admin.gql('{ adminRefunds(status: Failed) { items { purposeId status failureReason customerEmail } } }')).data!.adminRefunds.items)
      .toContainEqual({ purposeId: order.id, status: 'Failed', failureReason: 'BKASH_2072', customerEmail: 'patient@nirog.test' });
  });
});

describe('paid consultations', () => {
  async function paidConsultation(doctorName = 'Ayesha') {
    const found = await t.http().get(`/api/doctors?keyword=${doctorName}`);
    const booked = await patient.post('/new/appointment', {
      doctorId: found.body.doctors[0].id, name: 'Rahima Akter', age: 34, weight: '58 kg', height: `5'2"`, gender: 'Female', problem: 'Headache',
    });
    expect(booked.status).toBe(200);
    await payInSandbox(t, booked.body.url, 'approve');
    const a = await em().findOneOrFail(Appointment, booked.body.appointment._id);
    expect(a).toMatchObject({ status: AppointmentStatus.Confirmed, paymentStatus: 'paid' });
    return a;
  }

  it('are refunded when their doctor or an admin cancels them', async () => {
    const byDoctor = await paidConsultation();
    expect((await doctor.put(`/appointment/${byDoctor.id}/status`, { status: 'Cancelled' })).status).toBe(200);
    const byAdmin = await paidConsultation();
    expect((await admin.put(`/admin/appointment/${byAdmin.id}`, { bookingStatus: 'Cancelled' })).status).toBe(200);
    for (const a of [byDoctor, byAdmin]) {
      expect(await refundsOf(a.id)).toEqual([expect.objectContaining({ status: RefundStatus.Completed, amountPoisha: a.feePoisha, reason: RefundReason.ConsultationCancelled })]);
    }
    const mine = await patient.gql('{ myAppointments(pageSize: 50) { items { id refunds { status amountPoisha } } } }');
    expect(mine.data!.myAppointments.items.find((x: { id: string }) => x.id === byDoctor.id).refunds).toEqual([{ status: 'Completed', amountPoisha: byDoctor.feePoisha }]);
  });

  it('are cancelled and refunded by themselves when the doctor has not started them 15 minutes after payment, once', async () => {
    const late = await paidConsultation();
    const started = await paidConsultation();
    const start = await doctor.gql('mutation($id: ID!) { startConsultation(id: $id) { startedAt canStart } }', { id: started.id });
    expect(start.data!.startConsultation.canStart).toBe(false);
    // Fourteen minutes on: nothing yet.
    expect((await runJobs(t.orm, t.services, new Date(Date.now() + 14 * 60_000))).noShows).toBe(0);
    const done = await runJobs(t.orm, t.services, new Date(Date.now() + 16 * 60_000));
    expect(done.noShows).toBeGreaterThanOrEqual(1);
    expect(await em().findOneOrFail(Appointment, late.id)).toMatchObject({ status: AppointmentStatus.Cancelled, cancelReason: 'DOCTOR_NO_SHOW' });
    expect(await em().findOneOrFail(Appointment, started.id)).toMatchObject({ status: AppointmentStatus.Confirmed });
    expect(await refundsOf(late.id)).toEqual([expect.objectContaining({ status: RefundStatus.Completed, reason: RefundReason.DoctorNoShow })]);
    expect(await refundsOf(started.id)).toEqual([]);
    // Told by mail and SMS, with a way to book again; a second run changes nothing.
    const told = await em().getConnection().execute<{ template: string; text: string }[]>(
      `select template, text from mail_outbox where dedupe_key like ? and template = 'consultation-refund-started'`, [`%${late.id}%`]);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/did not start consultation/);
    expect(told[0]!.text).toContain('/doctor/');
    expect(await em().getConnection().execute(`select 1 from sms_outbox where dedupe_key like ? and template = 'refund-started'`, [`%${late.id}%`])).toHaveLength(1);
    await runJobs(t.orm, t.services, new Date(Date.now() + 30 * 60_000));
    expect(await refundsOf(late.id)).toHaveLength(1);
  });

  it("lets only the consultation's own doctor start it", async () => {
    const a = await paidConsultation();
    const other = await asDoctor(t, 'mahbub.cardio@nirog.test');
    expect((await other.gql('mutation($id: ID!) { startConsultation(id: $id) { id } }', { id: a.id })).errors![0]!.extensions!.code).toBe('NOT_FOUND');
    expect((await patient.gql('mutation($id: ID!) { startConsultation(id: $id) { id } }', { id: a.id })).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });
});

describe('the admin refunds table', () => {
  it('lists refunds with who and why, filters them, and exports the same rows as CSV', async () => {
    const list = await admin.gql('{ adminRefunds(pageSize: 100, reason: OrderCancelled) { total items { reason purpose customerName amountPoisha paymentTranId } } }');
    expect(list.data!.adminRefunds.total).toBeGreaterThan(0);
    for (const r of list.data!.adminRefunds.items) expect(r).toMatchObject({ reason: 'OrderCancelled', purpose: 'Order' });
    const csv = await admin.get('/admin/refunds.csv?reason=order_cancelled');
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toContain('amount (BDT)');
    expect(csv.text.trim().split('\n')).toHaveLength(list.data!.adminRefunds.total + 1);
    expect((await patient.get('/admin/refunds.csv')).status).toBe(403);
    void pathOf;
  });
});
