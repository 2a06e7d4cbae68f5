import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, countQueries, createTestApp, type TestApp } from '../../../../test/app.js';
import { Appointment } from '../../appointments/index.js';
import { Order } from '../../orders/index.js';
import { User } from '../../accounts/index.js';
import { Role } from '../../../common/roles.js';
import { Doctor } from '../../doctors/index.js';
import { NurseHire } from '../../nurses/index.js';
import { BloodRequest } from '../../blood/index.js';
import { Medicine } from '../../medicines/index.js';
import { Refund } from '../../payments/index.js';
import { BLOOD_REQUEST_WAITING_DAYS, dashboardWindows } from '../dashboard.service.js';
/** Low stock is at or below 10 units (the line the admins were promised), written here, not read from the code. */
const LOW_STOCK = 10;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const dhakaDay = (d: Date) => new Date(d.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);

describe('dashboard windows', () => {
  it('uses Dhaka days: 18:30 UTC is already the next day, the week starts on Saturday, the month on the 1st', () => {
    // Friday 2026-11-20 18:30 UTC = Saturday 2026-11-21 00:30 in Dhaka.
    expect(dashboardWindows(new Date('2026-11-20T18:30:00Z'))).toEqual({ today: '2026-11-21', weekStart: '2026-11-21', monthStart: '2026-11-01', dailyStart: '2026-10-23' });
    // Friday 2026-11-27 noon in Dhaka: the week began on Saturday the 21st.
    expect(dashboardWindows(new Date('2026-11-27T06:00:00Z')).weekStart).toBe('2026-11-21');
    // Saturday 2026-11-28 05:59 Dhaka: a new week.
    expect(dashboardWindows(new Date('2026-11-27T23:59:00Z')).weekStart).toBe('2026-11-28');
    expect(dashboardWindows(new Date('2026-12-01T01:00:00Z')).monthStart).toBe('2026-12-01');
  });
});

describe('admin dashboard', () => {
  it('matches totals counted row by row from the seeded data (an independent oracle in JS)', async () => {
    const em = t.orm.em.fork();
    // Give the seeded data activity in every window: a booking at 00:30 Dhaka today, a paid order today.
    const now = new Date();
    const w = dashboardWindows(now);
    const [appointment] = await em.find(Appointment, {}, { limit: 1, orderBy: { createdAt: 'asc' } });
    await em.execute(`update appointments set created_at = ?, status = 'Confirmed' where id = ?`, [new Date(`${w.today}T00:30:00+06:00`), appointment.id]);
    const [order] = await em.find(Order, {}, { limit: 1, orderBy: { createdAt: 'asc' } });
    await em.execute(`update orders set payment_status = 'paid', status = 'Confirmed', paid_at = ? where id = ?`, [new Date(`${w.today}T00:01:00+06:00`), order.id]);
    em.clear();

    const since = (d: Date | null | undefined, day: string) => !!d && dhakaDay(d) >= day;
    const periods = <T>(rows: T[], at: (r: T) => Date | null | undefined, value: (r: T) => number = () => 1) => ({
      today: rows.filter((r) => since(at(r), w.today)).reduce((s, r) => s + value(r), 0),
      week: rows.filter((r) => since(at(r), w.weekStart)).reduce((s, r) => s + value(r), 0),
      month: rows.filter((r) => since(at(r), w.monthStart)).reduce((s, r) => s + value(r), 0),
    });
    const appointments = (await em.find(Appointment, {})).filter((a) => a.status !== 'Cancelled');
    const orders = await em.find(Order, {});
    // Net of refunds: money paid counts when paid (a cancelled one too once a refund of it is
    // recorded), every refund is taken off when recorded; a consultation paid twice counted once.
    const refunds = (await em.find(Refund, {})).filter((r) => !r.cause.startsWith('consultation-not-applied:'));
    const refunded = new Set((await em.find(Refund, {})).map((r) => r.purposeId));
    const counted = (x: { id: string; status: string; paymentStatus?: string | null }) =>
      x.paymentStatus === 'paid' && (x.status !== 'Cancelled' || refunded.has(x.id));
    const paidOrders = orders.filter(counted);
    const paidAppointments = (await em.find(Appointment, {})).filter(counted);
    const refundsOf = (purpose: string) => refunds.filter((r) => r.purpose === purpose);
    const net = (paid: ReturnType<typeof periods>, back: ReturnType<typeof periods>) =>
      ({ today: paid.today - back.today, week: paid.week - back.week, month: paid.month - back.month });
    const onDay = <T>(rows: T[], at: (r: T) => Date | null | undefined, value: (r: T) => number, day: string) =>
      rows.filter((r) => { const d = at(r); return !!d && dhakaDay(d) === day; }).reduce((s, r) => s + value(r), 0);
    const users = await em.find(User, { role: Role.User, deletedAt: null });
    const doctors = await em.find(Doctor, {});
    const hires = await em.find(NurseHire, {});
    const blood = await em.find(BloodRequest, {});
    const medicines = await em.find(Medicine, {});
    expect(appointments.length).toBeGreaterThan(0);
    expect(paidOrders.length).toBeGreaterThan(0);

    const res = await (await asAdmin(t)).gql(`{ adminDashboard {
      weekStart monthStart consultations { today week month } hospitalVisits { today week month }
      consultationRevenuePoisha { today week month } orderRevenuePoisha { today week month }
      ordersByStatus { status count } hiresByStatus { status count } newPatients { today week month } newDoctors { today week month }
      pendingDoctors waitingBloodRequests lowStockMedicines lowStockThreshold
      daily { date consultations hospitalVisits consultationRevenuePoisha orderRevenuePoisha } } }`);
    expect(res.errors).toBeUndefined();
    const d = res.data!.adminDashboard;
    expect(d.weekStart).toBe(w.weekStart);
    expect(d.consultations).toEqual(periods(appointments.filter((a) => a.kind === 'video'), (a) => a.createdAt));
    expect(d.hospitalVisits).toEqual(periods(appointments.filter((a) => a.kind === 'hospital'), (a) => a.createdAt));
    expect(d.consultations.today + d.hospitalVisits.today).toBeGreaterThanOrEqual(1);
    expect(refundsOf('order').length).toBeGreaterThan(0);
    expect(d.consultationRevenuePoisha).toEqual(net(periods(paidAppointments, (a) => a.paidAt, (a) => a.feePoisha),
      periods(refundsOf('consultation'), (r) => r.createdAt, (r) => r.amountPoisha)));
    expect(d.orderRevenuePoisha).toEqual(net(periods(paidOrders, (o) => o.paidAt, (o) => o.totalPoisha),
      periods(refundsOf('order'), (r) => r.createdAt, (r) => r.amountPoisha)));
    expect(d.orderRevenuePoisha.today).toBeGreaterThanOrEqual(order.totalPoisha);
    const tally = (rows: { status: string }[]) => (status: string) => rows.filter((r) => r.status === status).length;
    for (const s of d.ordersByStatus) expect(s.count).toBe(tally(orders.filter((o) => !o.archivedAt))(s.status));
    for (const s of d.hiresByStatus) expect(s.count).toBe(tally(hires)(s.status));
    expect(d.ordersByStatus.map((s: { status: string }) => s.status)).toEqual(['PrescriptionCheck', 'Processing', 'Confirmed', 'Delivered', 'Cancelled']);
    expect(d.newPatients).toEqual(periods(users, (u) => u.createdAt));
    expect(d.newDoctors).toEqual(periods(doctors, (x) => x.createdAt));
    expect(d.pendingDoctors).toBe(doctors.filter((x) => x.status === 'pending').length);
    expect(d.pendingDoctors).toBeGreaterThan(0);
    expect(d.waitingBloodRequests).toBe(blood.filter((b) => b.createdAt.getTime() >= now.getTime() - BLOOD_REQUEST_WAITING_DAYS * 86_400_000).length);
    expect(d.lowStockMedicines).toBe(medicines.filter((m) => m.isActive && m.stock <= LOW_STOCK).length);
    expect(d.lowStockThreshold).toBe(LOW_STOCK);

    expect(d.daily).toHaveLength(30);
    expect(d.daily[0].date).toBe(w.dailyStart);
    expect(d.daily[29].date).toBe(w.today);
    for (const day of d.daily) {
      expect(day.consultations).toBe(appointments.filter((a) => a.kind === 'video' && dhakaDay(a.createdAt) === day.date).length);
      expect(day.hospitalVisits).toBe(appointments.filter((a) => a.kind === 'hospital' && dhakaDay(a.createdAt) === day.date).length);
      expect(day.orderRevenuePoisha).toBe(onDay(paidOrders, (o) => o.paidAt, (o) => o.totalPoisha, day.date)
        - onDay(refundsOf('order'), (r) => r.createdAt, (r) => r.amountPoisha, day.date));
      expect(day.consultationRevenuePoisha).toBe(onDay(paidAppointments, (a) => a.paidAt, (a) => a.feePoisha, day.date)
        - onDay(refundsOf('consultation'), (r) => r.createdAt, (r) => r.amountPoisha, day.date));
    }
  });

  it('moves by exactly the new activity: a paid order of ৳1,234.56 and a new patient', async () => {
    const admin = await asAdmin(t);
    const q = '{ adminDashboard { orderRevenuePoisha { today month } newPatients { today } ordersByStatus { status count } } }';
    const em = t.orm.em.fork();
    // An order from well before this month, delivered and paid; then paid again today for ৳1,234.56.
    const [order] = await em.find(Order, {}, { limit: 1, orderBy: { createdAt: 'desc' } });
    await em.execute(`update orders set payment_status = 'paid', status = 'Delivered', archived_at = null, paid_at = now() - interval '60 days' where id = ?`, [order.id]);
    const before = (await admin.gql(q)).data!.adminDashboard;
    await em.execute(`update orders set status = 'Confirmed', items_poisha = 117456, shipping_poisha = 6000, total_poisha = 123456, paid_at = now() where id = ?`, [order.id]);
    const signup = await asVisitor(t).gql('mutation($input: SignupInput!) { signup(input: $input) { id } }', { input: { name: 'Dash Board', email: `dash${Date.now()}@example.com`, password: 'Str0ng!pass' } });
    expect(signup.errors).toBeUndefined();
    const after = (await admin.gql(q)).data!.adminDashboard;
    expect(after.orderRevenuePoisha.today - before.orderRevenuePoisha.today).toBe(123456);
    expect(after.orderRevenuePoisha.month - before.orderRevenuePoisha.month).toBe(123456);
    expect(after.newPatients.today - before.newPatients.today).toBe(1);
    const count = (d: typeof before, s: string) => d.ordersByStatus.find((x: { status: string }) => x.status === s).count;
    expect(count(after, 'Confirmed') - count(before, 'Confirmed')).toBe(1);
    expect(count(after, 'Delivered') - count(before, 'Delivered')).toBe(-1);
  });

  it('costs four SQL statements whatever the data, through GraphQL and REST', async () => {
    const admin = await asAdmin(t);
    const gql = await countQueries(() => admin.gql('{ adminDashboard { pendingDoctors daily { date } } }'));
    const rest = await countQueries(() => admin.get('/admin/dashboard'));
    // Four aggregates beside the session check every admin request makes; `me` costs that check plus one read of the user.
    const baseline = await countQueries(() => admin.gql('{ me { id } }'));
    expect(gql.count - (baseline.count - 1)).toBe(4);
    expect(rest.count).toBe(gql.count);
    expect(rest.result.body.dashboard.daily).toHaveLength(30);
  });

  it('refuses visitors, patients and doctors', async () => {
    const q = '{ adminDashboard { pendingDoctors } }';
    expect((await asVisitor(t).gql(q)).code).toBe('UNAUTHENTICATED');
    expect((await (await asPatient(t)).gql(q)).code).toBe('FORBIDDEN');
    expect((await (await asDoctor(t)).gql(q)).code).toBe('FORBIDDEN');
    expect((await asVisitor(t).get('/admin/dashboard')).status).toBe(401);
    expect((await (await asPatient(t)).get('/admin/dashboard')).status).toBe(403);
    expect((await (await asDoctor(t)).get('/admin/dashboard')).status).toBe(403);
  });
});
