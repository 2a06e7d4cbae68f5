import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GraphQLSchema } from 'graphql';
import { asAdmin, asDoctor, asPatient, createTestApp, login, type TestApp } from '../app.js';
import { buildNirogSchema } from '../../src/schema.js';
import {
  callGraphql, callRest, documentFor, graphqlOperations, minimalVariables, pathWithParams, restKey, type CallResult, type GraphqlOp,
} from './operations.js';
import type { RestRouteInfo } from '../../src/common/rest.js';
import { EXPECTED, PHARMACIST_ALLOWED, ROLES, type MatrixRole } from './access-table.js';

/**
 * The authorization matrix: every GraphQL query and mutation and every REST path, for each of
 * visitor, patient, doctor and admin. Each row is written out by hand — four cells, in that order:
 *   '+'  the caller gets past authorization (whatever the operation then says about its input),
 *   'x'  refused: UNAUTHENTICATED (401) for the visitor, FORBIDDEN (403) for a logged-in role.
 * The rows are in access-table.ts. The list of operations comes from the built schema and the REST
 * registry, so an operation added without its row fails the first test. Ownership (whose record) is in
 * ownership.test.ts.
 */
type Role = MatrixRole;


let t: TestApp;
let schema: GraphQLSchema;
const tokens: Partial<Record<Role, string>> = {};

async function relogin(role: Role) {
  if (role === 'visitor') return;
  const c = role === 'patient' ? await asPatient(t) : role === 'doctor' ? await asDoctor(t) : await asAdmin(t);
  tokens[role] = c.token;
}

beforeAll(async () => {
  // The matrix calls throttled operations (signup, reset…) many times from one address.
  t = await createTestApp({ env: { SIGNUPS_PER_IP_PER_HOUR: '100000', PASSWORD_RESETS_PER_IP_PER_HOUR: '100000', CODE_ATTEMPTS_PER_IP_PER_HOUR: '100000', FORMS_PER_IP_PER_HOUR: '100000', LOGIN_FAILURES_PER_IP: '100000', LOGIN_LOCK_THRESHOLD: '1000' } });
  schema = await buildNirogSchema();
  for (const r of ROLES) await relogin(r);
});
afterAll(async () => {
  await t?.close();
});

/** Ends a session (logout) or changes who the caller is: run last, then log in again. */
const SESSION_ENDING = /logout|Logout/;

const figures = { cells: 0, refused: 0, allowed: 0 };

function judge(key: string, role: Role, expected: string, r: CallResult): string | null {
  figures.cells += 1;
  if (r.status >= 500 && r.code !== 'SERVICE_UNAVAILABLE') return `${key} as ${role}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
  if (r.code === 'INTERNAL_SERVER_ERROR') return `${key} as ${role}: INTERNAL_SERVER_ERROR`;
  if (expected === 'x') {
    figures.refused += 1;
    const want = role === 'visitor' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
    return r.code === want ? null : `${key} as ${role}: expected ${want}, got ${r.status} ${r.code ?? ''} ${r.reason ?? ''} ${r.message ?? ''}`;
  }
  figures.allowed += 1;
  const refusedByRole = (r.code === 'UNAUTHENTICATED' && role !== 'visitor' && r.reason !== 'BAD_CREDENTIALS' && r.reason !== 'INVALID_REFRESH_TOKEN')
    || (r.code === 'UNAUTHENTICATED' && role === 'visitor' && r.reason === 'UNAUTHENTICATED')
    || (r.code === 'FORBIDDEN' && r.reason === 'FORBIDDEN');
  return refusedByRole ? `${key} as ${role}: expected to get past authorization, got ${r.status} ${r.code} ${r.reason} ${r.message}` : null;
}

async function callOp(op: GraphqlOp, role: Role) {
  return callGraphql(t, tokens[role], documentFor(op), minimalVariables(op));
}
async function callRoute(route: RestRouteInfo, role: Role) {
  return callRest(t, tokens[role], route, pathWithParams(route.path), {});
}

describe('authorization matrix', () => {
  it('has exactly one row per operation: a new GraphQL field or REST path needs its row', () => {
    const actual = [...graphqlOperations(schema).map((o) => o.key), ...t.restRoutes.map(restKey)];
    const missing = actual.filter((k) => !(k in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((k) => !actual.includes(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    for (const [k, v] of Object.entries(EXPECTED)) expect([k, /^[x+]{4}$/.test(v)]).toEqual([k, true]);
  });

  it('every GraphQL operation, for every role, answers as the table says (and never 500)', async () => {
    const ops = graphqlOperations(schema).sort((a, b) => Number(SESSION_ENDING.test(a.name)) - Number(SESSION_ENDING.test(b.name)));
    const failures: string[] = [];
    for (const op of ops) {
      for (const [i, role] of ROLES.entries()) {
        const f = judge(op.key, role, EXPECTED[op.key]![i]!, await callOp(op, role));
        if (f) failures.push(f);
        if (SESSION_ENDING.test(op.name)) await relogin(role);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every REST path, for every role, answers as the table says (and never 500)', async () => {
    const routes = [...t.restRoutes].sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
    const failures: string[] = [];
    for (const route of routes) {
      const key = restKey(route);
      for (const [i, role] of ROLES.entries()) {
        const f = judge(key, role, EXPECTED[key]![i]!, await callRoute(route, role));
        if (f) failures.push(f);
        if (SESSION_ENDING.test(route.path)) await relogin(role);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every operation, for the pharmacist, gets past authorization only where the table says (and never 500)', async () => {
    const pharmacist = async () => (await login(t, 'pharmacist@nirog.test')).token;
    let token = await pharmacist();
    const failures: string[] = [];
    const stale = [...PHARMACIST_ALLOWED].filter((k) => !(k in EXPECTED));
    expect(stale).toEqual([]);
    const check = (key: string, r: CallResult) => {
      const expected = EXPECTED[key]![0] === '+' || PHARMACIST_ALLOWED.has(key) ? '+' : 'x';
      const f = judge(key, 'admin', expected, r);
      if (f) failures.push(f.replace(' as admin', ' as pharmacist'));
    };
    const ops = graphqlOperations(schema).sort((a, b) => Number(SESSION_ENDING.test(a.name)) - Number(SESSION_ENDING.test(b.name)));
    for (const op of ops) {
      check(op.key, await callGraphql(t, token, documentFor(op), minimalVariables(op)));
      if (SESSION_ENDING.test(op.name)) token = await pharmacist();
    }
    const routes = [...t.restRoutes].sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
    for (const route of routes) {
      check(restKey(route), await callRest(t, token, route, pathWithParams(route.path), {}));
      if (SESSION_ENDING.test(route.path)) token = await pharmacist();
    }
    expect(failures).toEqual([]);
  });

  it('reports its figures', () => {
    const ops = graphqlOperations(schema).length + t.restRoutes.length;
    // Printed for SECURITY.md.
    console.log(`authorization matrix: ${ops} operations (${graphqlOperations(schema).length} GraphQL, ${t.restRoutes.length} REST) × ${ROLES.length + 1} roles (the pharmacist too) = ${figures.cells} cells (${figures.refused} refused, ${figures.allowed} allowed)`);
    expect(figures.cells).toBe(ops * (ROLES.length + 1));
    void login;
  });
});
