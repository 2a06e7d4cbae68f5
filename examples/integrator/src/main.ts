/**
 * An example Nirog integrator: a pharmacy partner's program. With its app key it lists doctors
 * (catalog:read), updates a medicine's stock (stock:write), meets a refusal outside its scopes and,
 * asked to, its cost budget, then receives a signed webhook when an order moves and reads that
 * order (orders:read). Runs on Node 24 as it is (type stripping), on the repository's node_modules:
 *
 *   NIROG_URL=http://localhost:4000 NIROG_KEY=nrg_live_… node examples/integrator/src/main.ts --subscribe --burst --wait 120
 *
 * See examples/integrator/README.md.
 */
import { parseArgs } from 'node:util';
import {
  DoctorsDocument, InsuranceApplicationsDocument, MedicinesDocument, OrderDocument, SetStockDocument, SubscribeDocument, UnsubscribeDocument,
} from './generated.ts';
import { describeCost, Nirog } from './nirog.ts';
import { startReceiver, type WebhookEvent } from './receiver.ts';

const { values: flags } = parseArgs({
  options: {
    subscribe: { type: 'boolean', default: false },
    burst: { type: 'boolean', default: false },
    wait: { type: 'string', default: '0' },
    medicine: { type: 'string' },
  },
});

const env = process.env;
const key = env.NIROG_KEY;
if (!key) {
  console.error('Set NIROG_KEY to your app key (nrg_live_…); an admin registers the app at /admin/integrators.');
  process.exit(64);
}
const nirog = new Nirog(env.NIROG_URL ?? 'http://localhost:4000', key);
const log = (line: string) => console.log(line);
const fail = (line: string): never => {
  console.error(`FAILED: ${line}`);
  process.exit(1);
};

// 1. Read within the app's scopes.
const doctors = await nirog.request(DoctorsDocument, { pageSize: 5 });
if (!doctors.data) fail(`doctors: ${doctors.errors.map((e) => `${e.extensions?.code} ${e.message}`).join('; ')}`);
const first = doctors.data!.doctors.items[0];
log(`doctors: ${doctors.data!.doctors.total} listed${first ? `; first ${first.name} (${first.specialities.join(', ')}) at ${first.work}` : ''} [${describeCost(doctors.cost)}]`);

// 2. Write within them: the stock of one medicine.
const medicines = await nirog.request(MedicinesDocument, { keyword: flags.medicine ?? null, pageSize: 1 });
const medicine = medicines.data?.medicines.items[0] ?? fail(`medicines: ${medicines.errors[0]?.message ?? 'none found'}`);
const updated = await nirog.request(SetStockDocument, { id: medicine.id, stock: medicine.stock + 1 });
if (!updated.data) fail(`stock: ${updated.errors.map((e) => `${e.extensions?.code} ${e.extensions?.reason}: ${e.message}`).join('; ')}`);
log(`stock: ${updated.data!.updateMedicineStock.name} ${medicine.stock} -> ${updated.data!.updateMedicineStock.stock} [${describeCost(updated.cost)}]`);

// 3. Outside them: refused before anything runs.
const outside = await nirog.request(InsuranceApplicationsDocument, {});
const refusal = outside.errors[0]?.extensions;
if (refusal?.code === 'FORBIDDEN') log(`outside the scopes: refused ${refusal.code} ${refusal.reason} (${outside.errors[0]!.message}) [${describeCost(outside.cost)}]`);
else log(`outside the scopes: answered (this key holds insurance:read) [${describeCost(outside.cost)}]`);

// 4. The budget: pages of 100 doctors until Nirog says THROTTLED, and when to come back.
if (flags.burst) {
  let throttled = false;
  for (let n = 1; n <= 200 && !throttled; n++) {
    const r = await nirog.request(DoctorsDocument, { pageSize: 100 });
    const e = r.errors[0]?.extensions;
    if (e?.code === 'THROTTLED') {
      throttled = true;
      log(`budget: throttled at request ${n}: ${e.code}, retry in ${e.retryAfter ?? '?'} s (${r.errors[0]!.message}) [${describeCost(r.cost)}]`);
    } else if (!r.data) fail(`burst: ${r.errors[0]?.message}`);
  }
  if (!throttled) log('budget: not throttled within 200 requests (a large budget)');
}

// 5. Webhooks: a receiver on this machine; subscribe it (or use the demo app's subscription and secret).
const wait = Number(flags.wait);
if (wait > 0) {
  let secret = env.NIROG_WEBHOOK_SECRET;
  let subscriptionId: string | undefined;
  let done: (e: WebhookEvent) => void = () => {};
  const arrived = new Promise<WebhookEvent>((resolve) => { done = resolve; });
  const { server, url } = await startReceiver({
    port: Number(env.WEBHOOK_PORT ?? 8787), path: env.WEBHOOK_PATH ?? '/webhooks', secret: () => secret, onEvent: (e) => done(e), log,
  });
  if (flags.subscribe) {
    const sub = await nirog.request(SubscribeDocument, { url, events: ['ORDER_PLACED', 'ORDER_PAID', 'ORDER_STATUS_CHANGED'] });
    if (!sub.data) fail(`subscribe: ${sub.errors.map((e) => `${e.extensions?.code} ${e.extensions?.reason}: ${e.message}`).join('; ')}`);
    secret = sub.data!.subscribeWebhook.secret;
    subscriptionId = sub.data!.subscribeWebhook.subscription.id;
    log(`webhooks: subscribed ${url} to ${sub.data!.subscribeWebhook.subscription.events.join(', ')}`);
  }
  if (!secret) fail('NIROG_WEBHOOK_SECRET is not set and --subscribe was not given: nothing to check signatures with');
  log(`webhooks: waiting up to ${wait} s for a delivery at ${url}`);
  const timer = setTimeout(() => fail(`no webhook within ${wait} s`), wait * 1000);
  const event = await arrived;
  clearTimeout(timer);
  log(`webhook verified: ${event.type} ${event.object.type} ${event.object.id} (event ${event.id})`);
  if (event.object.type === 'Order') {
    const order = await nirog.request(OrderDocument, { id: event.object.id });
    if (order.data) log(`order ${order.data.order.id} is now ${order.data.order.status} (payment ${order.data.order.paymentStatus}) [${describeCost(order.cost)}]`);
    else log(`order ${event.object.id}: ${order.errors[0]?.extensions?.reason} ${order.errors[0]?.message}`);
  }
  if (subscriptionId) await nirog.request(UnsubscribeDocument, { id: subscriptionId });
  server.close();
}
log('done');
