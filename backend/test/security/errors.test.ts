import { describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { toAppError } from '../../src/common/errors.js';
import { createTestApp } from '../app.js';

/**
 * Outages and unreadable values are coded, not masked as bugs: found by the reliability runner
 * (PostgreSQL restarted under load) and the fuzzer. The end-to-end proof is `npm run test:reliability`.
 */
describe('error codes for outages and unreadable values', () => {
  it.each([
    ['a connection dropped by node-postgres (no code)', new Error('Client has encountered a connection error and is not queryable')],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['the server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['the database still starting (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['the GraphQL context failing for the same reason', new GraphQLError('The service is temporarily unavailable', { extensions: { code: 'SERVICE_UNAVAILABLE' } })],
  ])('maps %s to SERVICE_UNAVAILABLE (503)', (_what, err) => {
    expect(toAppError(err)?.code).toBe('SERVICE_UNAVAILABLE');
  });

  it.each([['22P02'], ['22021'], ['22003'], ['08P01']])('maps PostgreSQL %s (a value it cannot read) to BAD_USER_INPUT', (sqlState) => {
    expect(toAppError(Object.assign(new Error('invalid input'), { code: sqlState }))?.code).toBe('BAD_USER_INPUT');
  });

  it('answers a NUL byte sent to PostgreSQL as bad input, and the connection keeps working', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const em = t.orm.em.fork();
      const err = await em.getConnection().execute('select ?::text as x', ['a\u0000b'], 'all').then(() => null, (e: unknown) => e);
      // PGlite stores NUL-free text by other means; only real PostgreSQL refuses it.
      if (err) expect(toAppError(err)?.code).toBe('BAD_USER_INPUT');
      expect(await em.getConnection().execute('select 1 as one', [], 'all')).toEqual([{ one: 1 }]);
    } finally {
      await t.close();
    }
  });

  it('still treats an unknown error as a bug (masked, logged)', () => {
    expect(toAppError(new Error('something else'))).toBeNull();
  });
});
