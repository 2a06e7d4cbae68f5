import type { EntityManager } from '@mikro-orm/sql';
import { addDays, dhakaToday } from '../../common/dhaka-date.js';
import { OrderStatus } from '../orders/index.js';
import { NurseHireStatus } from '../nurses/index.js';
import { LOW_STOCK_THRESHOLD } from '../medicines/index.js';
import type { AdminDashboard, PeriodAmounts, PeriodCounts, StatusCount } from './dashboard.types.js';

/** A blood request is acted on within days; older ones are no longer "waiting". */
export const BLOOD_REQUEST_WAITING_DAYS = 7;
export const DAILY_DAYS = 30;

/** The instant a Dhaka calendar day begins (Asia/Dhaka is UTC+6 all year, no daylight saving). */
const dhakaMidnight = (date: string) => new Date(`${date}T00:00:00+06:00`);

export interface DashboardWindows {
  today: string;
  weekStart: string;
  monthStart: string;
  dailyStart: string;
}

/** Today, this week (Saturday first, as Bangladeshi calendars run Saturday to Friday), this month, the 30-day window. */
export function dashboardWindows(now = new Date()): DashboardWindows {
  const today = dhakaToday(now);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  return { today, weekStart: addDays(today, -((dow + 1) % 7)), monthStart: `${today.slice(0, 8)}01`, dailyStart: addDays(today, -(DAILY_DAYS - 1)) };
}

type Row = Record<string, string | number | null>;

/**
 * Revenue is net of refunds: money paid counts when it was paid (a cancelled order or consultation
 * too, once a refund of it is recorded), and every refund is taken off when it was recorded (it is
 * owed from then on). A cancelled one with no refund recorded (before refunds were automatic, money
 * returned by hand) is left out as before. A second payment for a consultation already paid never
 * counted, so neither does its refund.
 */
const REFUNDED = (alias: string) => `exists (select 1 from payment_refunds r where r.purpose_id = ${alias}.id)`;
const COUNTED_REFUND = `cause not like 'consultation-not-applied:%'`;
const n = (v: unknown) => Number(v ?? 0);

/**
 * Every figure is a SQL aggregate (four statements, whatever the size of the tables), each bounded by
 * an indexed column: created_at / paid_at ranges, status, role. Nothing is loaded row by row.
 */
export class DashboardService {
  async figures(em: EntityManager, now = new Date()): Promise<AdminDashboard> {
    const w = dashboardWindows(now);
    const [t0, wk, mo, d0] = [w.today, w.weekStart, w.monthStart, w.dailyStart].map(dhakaMidnight);
    const from = new Date(Math.min(wk.getTime(), mo.getTime(), d0.getTime()));
    // today, week and month columns of one aggregate over one time column (three window parameters).
    const periods = (aggregate: (since: string) => string, col: string) =>
      ['today', 'week', 'month'].map((p) => `${aggregate(`${col} >= ?`)} as ${p}`).join(', ');
    const count = (since: string) => `count(*) filter (where ${since})`;
    const sum = (amount: string) => (since: string) => `coalesce(sum(${amount}) filter (where ${since}), 0)`;
    const p3 = [t0, wk, mo];

    // Every today/week/month figure, one row per key: bookings by kind, revenue by source, new accounts.
    const byPeriod = await em.execute<Row[]>(
      `select kind as key, ${periods(count, 'created_at')} from appointments
        where created_at >= ? and status <> 'Cancelled' group by kind
       union all
       select 'consultationRevenue', ${periods(sum('fee_poisha'), 'paid_at')} from appointments a
        where payment_status = 'paid' and (status <> 'Cancelled' or ${REFUNDED('a')}) and paid_at >= ?
       union all
       select 'orderRevenue', ${periods(sum('total_poisha'), 'paid_at')} from orders o
        where payment_status = 'paid' and (status <> 'Cancelled' or ${REFUNDED('o')}) and paid_at >= ?
       union all
       select 'consultationRefunds', ${periods(sum('amount_poisha'), 'created_at')} from payment_refunds
        where purpose = 'consultation' and ${COUNTED_REFUND} and created_at >= ?
       union all
       select 'orderRefunds', ${periods(sum('amount_poisha'), 'created_at')} from payment_refunds
        where purpose = 'order' and ${COUNTED_REFUND} and created_at >= ?
       union all
       select 'patients', ${periods(count, 'created_at')} from users where role = 'user' and deleted_at is null and created_at >= ?
       union all
       select 'doctors', ${periods(count, 'created_at')} from doctors where created_at >= ?`,
      [...p3, from, ...p3, from, ...p3, from, ...p3, from, ...p3, from, ...p3, from, ...p3, from]);

    const statuses = await em.execute<Row[]>(
      `select 'order' as kind, status, count(*) as count from orders where archived_at is null group by status
       union all
       select 'hire' as kind, status, count(*) as count from nurse_hires group by status`);

    const [single] = await em.execute<Row[]>(
      `select
         (select count(*) from doctors where status = 'pending') as pending_doctors,
         (select count(*) from blood_requests where created_at >= ?) as waiting_blood,
         (select count(*) from medicines where is_active and stock <= ?) as low_stock`,
      [new Date(now.getTime() - BLOOD_REQUEST_WAITING_DAYS * 86_400_000), LOW_STOCK_THRESHOLD]);

    const daily = await em.execute<Row[]>(
      `with days as (select generate_series(?::date, ?::date, interval '1 day')::date as day),
       b as (select (created_at at time zone 'Asia/Dhaka')::date as day,
                    count(*) filter (where kind = 'video') as video, count(*) filter (where kind = 'hospital') as hospital
               from appointments where created_at >= ? and status <> 'Cancelled' group by 1),
       rc as (select (paid_at at time zone 'Asia/Dhaka')::date as day, sum(fee_poisha) as amount
               from appointments a where payment_status = 'paid' and (status <> 'Cancelled' or ${REFUNDED('a')}) and paid_at >= ? group by 1),
       ro as (select (paid_at at time zone 'Asia/Dhaka')::date as day, sum(total_poisha) as amount
               from orders o where payment_status = 'paid' and (status <> 'Cancelled' or ${REFUNDED('o')}) and paid_at >= ? group by 1),
       rf as (select (created_at at time zone 'Asia/Dhaka')::date as day,
                     coalesce(sum(amount_poisha) filter (where purpose = 'consultation'), 0) as consultation,
                     coalesce(sum(amount_poisha) filter (where purpose = 'order'), 0) as "order"
               from payment_refunds where ${COUNTED_REFUND} and created_at >= ? group by 1)
       select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(b.video, 0) as video, coalesce(b.hospital, 0) as hospital,
              coalesce(rc.amount, 0) - coalesce(rf.consultation, 0) as consultation, coalesce(ro.amount, 0) - coalesce(rf."order", 0) as "order"
         from days left join b on b.day = days.day left join rc on rc.day = days.day left join ro on ro.day = days.day
              left join rf on rf.day = days.day
        order by days.day`, [w.dailyStart, w.today, d0, d0, d0, d0]);

    const period = (key: string): PeriodCounts & PeriodAmounts => {
      const r = byPeriod.find((x) => x.key === key);
      return { today: n(r?.today), week: n(r?.week), month: n(r?.month) };
    };
    const net = (paid: string, refunded: string): PeriodAmounts => {
      const [p, r] = [period(paid), period(refunded)];
      return { today: p.today - r.today, week: p.week - r.week, month: p.month - r.month };
    };
    const byStatus = (kind: string, all: string[]): StatusCount[] =>
      all.map((status) => ({ status, count: n(statuses.find((r) => r.kind === kind && r.status === status)?.count) }));

    return {
      generatedAt: now,
      weekStart: w.weekStart,
      monthStart: w.monthStart,
      consultations: period('video'),
      hospitalVisits: period('hospital'),
      consultationRevenuePoisha: net('consultationRevenue', 'consultationRefunds'),
      orderRevenuePoisha: net('orderRevenue', 'orderRefunds'),
      ordersByStatus: byStatus('order', Object.values(OrderStatus)),
      hiresByStatus: byStatus('hire', Object.values(NurseHireStatus)),
      newPatients: period('patients'),
      newDoctors: period('doctors'),
      pendingDoctors: n(single.pending_doctors),
      waitingBloodRequests: n(single.waiting_blood),
      lowStockMedicines: n(single.low_stock),
      lowStockThreshold: LOW_STOCK_THRESHOLD,
      daily: daily.map((r) => ({
        date: String(r.date), consultations: n(r.video), hospitalVisits: n(r.hospital),
        consultationRevenuePoisha: n(r.consultation), orderRevenuePoisha: n(r.order),
      })),
    };
  }
}
