import { describe, expect, it } from '@jest/globals';
import net from 'node:net';
import { Coordinator } from '../../src/common/coordination.js';
import { createLogger } from '../../src/common/logger.js';
import { loadConfig } from '../../src/config.js';
import type { Orm } from '../../src/db.js';

/**
 * The coordinator's own connection while PostgreSQL is away (a restart, a failover): it logs, retries
 * and never throws. A failed connect used to reach the error hook before the session existed, and
 * the ReferenceError thrown from that event handler stopped the API process (the reliability
 * suite's PostgreSQL restart lost its API that way).
 */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('Coordinator while the database is away', () => {
  it('starts, skips the jobs, retries in the background, and stops, without an error escaping', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/nirog` });
    const warnings: string[] = [];
    const log = createLogger('silent');
    log.warn = ((obj: unknown, msg?: string) => { warnings.push(msg ?? String(obj)); }) as typeof log.warn;
    const coordinator = new Coordinator(config, {} as Orm, log, 20);
    await coordinator.start();
    let ran = false;
    expect(await coordinator.asLeader(async () => { ran = true; })).toBeUndefined();
    expect(ran).toBe(false);
    // A few retries go by (each one a refused connection).
    for (let i = 0; i < 100 && warnings.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(warnings.length).toBeGreaterThanOrEqual(3);
    expect(warnings.every((w) => w === 'coordination connection failed; retrying')).toBe(true);
    await coordinator.stop();
  });
});
