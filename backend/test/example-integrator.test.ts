import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from '../src/config.js';
import { asAdmin, createTestApp, type Client, type TestApp } from './app.js';

/**
 * The example integrator (examples/integrator) run as a reader would run it, against a real Nirog
 * on a real port: with the key an admin made it reads doctors and writes a stock figure within its
 * scopes, is refused outside them, spends its budget until THROTTLED (extensions.cost saying why),
 * then subscribes its own receiver, refuses a forged delivery, and gets and checks the signed
 * webhook of an order an admin moves, reading the order back with its key.
 */
let t: TestApp;
let admin: Client;
let server: Server;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_RETRY_BASE_MS: '1' } });
  admin = await asAdmin(t);
  server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** The example's output, line by line, and a way to wait for a line. */
function run(env: Record<string, string>, args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'examples/integrator/src/main.ts'), ...args], {
    cwd: REPO_ROOT, env: { ...process.env, NODE_NO_WARNINGS: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let errors = '';
  let pending: { test: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      lines.push(line);
      pending = pending.filter((p) => (p.test.test(line) ? (p.resolve(line), false) : true));
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { errors += chunk; });
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const line = (test: RegExp) => new Promise<string>((resolve, reject) => {
    const seen = lines.find((l) => test.test(l));
    if (seen) return resolve(seen);
    pending.push({ test, resolve });
    void exited.then((code) => reject(new Error(`the example ended (${code}) before printing ${test}: ${lines.join('\n')}\n${errors}`)));
  });
  return { lines, line, exited, errors: () => errors, child };
}

describe('the example integrator', () => {
  it('reads and writes within its scopes, is refused outside them, is throttled with the reason, and receives a signed webhook', async () => {
    const made = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key app { id } } }`, {
      input: {
        name: 'Example pharmacy integration', contactEmail: 'dev@pharmacy.example', organisationKind: 'PHARMACY', quotaSize: 1000, quotaRestoreRate: 1,
        scopes: ['CATALOG_READ', 'STOCK_WRITE', 'ORDERS_READ', 'WEBHOOKS_MANAGE'],
      },
    });
    expect(made.errors).toBeUndefined();
    const [before] = await t.sql<{ id: string; stock: number }>(
      'select id, stock from medicines where is_active order by name limit 1');

    const example = run({ NIROG_URL: base, NIROG_KEY: made.data!.createIntegratorApp.key, WEBHOOK_PORT: '0' }, ['--subscribe', '--burst', '--wait', '90']);
    const waiting = await example.line(/^webhooks: waiting up to 90 s for a delivery at (\S+)$/);
    const receiver = /at (\S+)$/.exec(waiting)![1]!;

    expect(example.lines[0]).toMatch(/^doctors: \d+ listed; first .+ \[cost \d+ of \d+ asked, \d+\/1000 left \(\+1\/s\)\]$/);
    expect(example.lines[1]).toMatch(new RegExp(`^stock: .+ ${before!.stock} -> ${before!.stock + 1} \\[cost`));
    expect(example.lines[2]).toMatch(/^outside the scopes: refused FORBIDDEN MISSING_SCOPE \(.*insuranceApplications.*\) \[cost 0 of \d+ asked/);
    expect(example.lines[3]).toMatch(/^budget: throttled at request \d+: THROTTLED, retry in \d+ s \(This app's cost budget is spent: .*\) \[cost 0 of \d+ asked, \d+\/1000 left/);
    expect(example.lines[4]).toMatch(/^webhooks: subscribed http:\/\/127\.0\.0\.1:\d+\/webhooks to ORDER_PLACED, ORDER_PAID, ORDER_STATUS_CHANGED$/);
    const [after] = await t.sql<{ stock: number }>('select stock from medicines where id = ?', [before!.id]);
    expect(after!.stock).toBe(before!.stock + 1);

    // A forged delivery (wrong secret) is refused by the example's receiver and changes nothing.
    const forged = await fetch(receiver, {
      method: 'POST', body: '{"id":"x","type":"order.paid","createdAt":"","object":{"type":"Order","id":"x"}}',
      headers: { 'Nirog-Webhook-Id': 'x', 'Nirog-Webhook-Timestamp': String(Math.floor(Date.now() / 1000)), 'Nirog-Signature': `v1=${'0'.repeat(64)}` },
    });
    expect(forged.status).toBe(401);
    await example.line(/^webhook refused: the signature does not check out \(id x\)$/);

    // An admin moves an order; the worker delivers the signed webhook to the example.
    const [order] = await t.sql<{ id: string }>('select id from orders order by created_at limit 1');
    await t.sql(`update orders set status = 'Processing', payment_status = 'paid' where id = ?`, [order!.id]);
    expect((await admin.gql('mutation($id: ID!) { updateOrderStatus(id: $id, status: Confirmed) { id } }', { id: order!.id })).errors).toBeUndefined();
    const verified = example.line(/^webhook verified:/);
    let got = false;
    void verified.then(() => { got = true; }, () => { got = true; });
    for (let pass = 0; pass < 200 && !got; pass++) {
      await t.worker.tick();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await verified).toMatch(new RegExp(`^webhook verified: order\\.statusChanged Order ${order!.id} \\(event [0-9a-f-]{36}\\)$`));
    expect(await example.line(/^order /)).toMatch(new RegExp(`^order ${order!.id} is now Confirmed \\(payment Paid\\) \\[cost`));
    expect(await example.exited).toBe(0);
    expect(example.lines.at(-1)).toBe('done');
    // It ended its subscription on the way out.
    const live = await t.sql('select id from webhook_subscriptions where url = ? and deleted_at is null', [/^webhooks: subscribed (\S+)/.exec(example.lines[4]!)![1]]);
    expect(live).toEqual([]);
  }, 180_000);

  it('says what it needs when started without a key', async () => {
    const example = run({ NIROG_URL: base, NIROG_KEY: '' }, []);
    expect(await example.exited).toBe(64);
    expect(example.errors()).toMatch(/Set NIROG_KEY to your app key/);
  });
});
