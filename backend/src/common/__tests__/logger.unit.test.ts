import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { lazyRequestLog } from '../logger.js';

/** A request's logger is made when first used, carries the request's id and an app's key prefix however late that is bound. */
function capture(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } });
  return { log: pino({ level: 'info' }, stream), lines };
}

type Req = { id: string; log: Logger; bindLog(bindings: Record<string, string>): void };
const request = (id: string) => ({ id }) as Req;

describe('a request\'s logger', () => {
  it('makes no child until something logs, then binds the request id and the app bound before', async () => {
    const { log, lines } = capture();
    let children = 0;
    const child = log.child.bind(log);
    log.child = ((...args: Parameters<Logger['child']>) => { children++; return child(...args); }) as Logger['child'];
    const req = request('req-1');
    lazyRequestLog(req, log);
    req.bindLog({ app: 'nrg_live_0123456789abcdef' });
    expect(children).toBe(0);
    req.log.warn('first');
    req.log.warn('second');
    await new Promise((r) => setImmediate(r));
    expect(children).toBe(1);
    expect(lines.map((l) => [l.msg, l.requestId, l.app])).toEqual([
      ['first', 'req-1', 'nrg_live_0123456789abcdef'], ['second', 'req-1', 'nrg_live_0123456789abcdef'],
    ]);
  });

  it('binds an app to a logger already made, and takes a logger set in its place', async () => {
    const { log, lines } = capture();
    const req = request('req-2');
    lazyRequestLog(req, log);
    req.log.info('before');
    req.bindLog({ app: 'nrg_live_fedcba9876543210' });
    req.log.info('after');
    req.log = log.child({ other: 'x' });
    req.log.info('replaced');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.msg, l.requestId, l.app, l.other])).toEqual([
      ['before', 'req-2', undefined, undefined], ['after', 'req-2', 'nrg_live_fedcba9876543210', undefined], ['replaced', undefined, undefined, 'x'],
    ]);
  });
});
