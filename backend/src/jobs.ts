import type { Orm } from './db.js';
import type { Services } from './services.js';

/**
 * The background jobs that move money or give things up, run by one replica at a time (main.ts holds
 * the jobs advisory lock around them; common/coordination.ts), and safe even if two ran at once:
 * every step claims its rows with a conditional update and every refund is one per cause.
 *  - paid video consultations whose doctor has not started them 15 minutes after payment: cancelled
 *    and refunded, the patient told (they may book again);
 *  - orders approved after their prescription check and never paid, and photo orders no pharmacist
 *    checked in time: cancelled, stock released;
 *  - refunds: the due ones sent, those whose answer was lost asked about (refund status).
 */
export async function runJobs(orm: Orm, services: Services, now = new Date()) {
  const em = () => orm.em.fork();
  const noShows = await services.appointments.refundNoShows(em(), now);
  const staleOrders = await services.orders.expireStaleOrders(em(), now);
  const refunds = await services.payments.refunds.reconcile(em(), now);
  return { noShows, staleOrders, refunds };
}
