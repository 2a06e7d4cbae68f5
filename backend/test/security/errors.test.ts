import { describe, expect, it } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { toAppError } from '../../src/common/errors.js';
import request from 'supertest';
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

  it('answers a NUL byte sent to the database as bad input (never a 500), and the connection keeps working', async () => {
    const t = await createTestApp({ seed: false });
    try {
      // Through a door: a search term with a NUL reaches SQL as a bound parameter, which both
      // databases refuse; the answer is coded bad input, never a 500, and the next request is served.
      const res = await request(t.app).post('/graphql').send({ query: 'query($s: String) { doctors(search: $s) { total } }', variables: { s: 'a\u0000b' } });
      expect(res.status).toBeLessThan(500);
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'MALFORMED_VALUE' });
      const rest = await request(t.app).get('/api/doctors').query({ keyword: 'a\u0000b' });
      expect([rest.status, rest.body.reason]).toEqual([400, 'MALFORMED_VALUE']);
      const next = await request(t.app).post('/graphql').send({ query: '{ doctors { total } }' });
      expect(next.status).toBe(200);
      // The driver's own refusal, on either database, maps the same way.
      const err = await t.orm.em.fork().getConnection().execute('select ?::text as x', ['a\u0000b'], 'all').then(() => null, (e: unknown) => e);
      expect(err && toAppError(err)?.code).toBe('BAD_USER_INPUT');
    } finally {
      await t.close();
    }
  });

  it('still treats an unknown error as a bug (masked, logged)', () => {
    expect(toAppError(new Error('something else'))).toBeNull();
  });
});
