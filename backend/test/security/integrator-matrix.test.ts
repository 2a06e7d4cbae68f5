import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GraphQLSchema } from 'graphql';
import { asAdmin, createTestApp, type TestApp } from '../app.js';
import { buildNirogSchema } from '../../src/schema.js';
import { scopeOf } from '../../src/common/scopes.js';
import { callGraphql, callRest, documentFor, graphqlOperations, minimalVariables, pathWithParams, restKey, type CallResult } from './operations.js';
import { INTEGRATOR_SCOPE_OF } from './access-table.js';

/**
 * The authorization matrix for integrator apps: every GraphQL operation called with the key of an app
 * holding no scope and of an app holding each scope (as the app it would be: stock:write for the
 * pharmacy, appointments:read for a hospital). An operation answers past authorization exactly when
 * access-table.ts's INTEGRATOR_SCOPE_OF gives it the app's scope, and is refused FORBIDDEN
 * (MISSING_SCOPE) otherwise, public reads included; every REST path refuses an app's key (401).
 */
const IDENTITIES: { name: string; scopes: string[]; organisationKind?: string; organisationName?: string }[] = [
  { name: 'no scope', scopes: [] },
  { name: 'CATALOG_READ', scopes: ['CATALOG_READ'] },
  { name: 'STOCK_WRITE', scopes: ['STOCK_WRITE'], organisationKind: 'PHARMACY' },
  { name: 'ORDERS_READ', scopes: ['ORDERS_READ'] },
  { name: 'ORDERS_WRITE', scopes: ['ORDERS_WRITE'] },
  { name: 'APPOINTMENTS_READ', scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: 'Dhaka Medical College Hospital' },
  { name: 'INSURANCE_READ', scopes: ['INSURANCE_READ'], organisationKind: 'INSURER', organisationName: 'Green Delta Insurance' },
  { name: 'WEBHOOKS_MANAGE', scopes: ['WEBHOOKS_MANAGE'] },
];

let t: TestApp;
let schema: GraphQLSchema;
const keys = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  schema = await buildNirogSchema();
  const admin = await asAdmin(t);
  for (const id of IDENTITIES) {
    const r = await admin.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
      input: { name: `matrix ${id.name}`, contactEmail: 'matrix@apps.example', scopes: id.scopes, organisationKind: id.organisationKind, organisationName: id.organisationName, quotaSize: 1_000_000, quotaRestoreRate: 100_000 },
    });
    expect(r.errors).toBeUndefined();
    keys.set(id.name, r.data!.createIntegratorApp.key);
  }
});
afterAll(async () => {
  await t?.close();
});

function judge(key: string, who: string, allowed: boolean, r: CallResult): string | null {
  if (r.status >= 500 || r.code === 'INTERNAL_SERVER_ERROR') return `${key} as app ${who}: ${r.status} ${r.code} ${r.message}`;
  const refused = r.code === 'FORBIDDEN' && r.reason === 'MISSING_SCOPE';
  if (allowed) {
    return refused || r.code === 'UNAUTHENTICATED' || (r.code === 'FORBIDDEN' && r.reason === 'FORBIDDEN')
      ? `${key} as app ${who}: expected to get past authorization, got ${r.status} ${r.code} ${r.reason} ${r.message}` : null;
  }
  return refused ? null : `${key} as app ${who}: expected FORBIDDEN MISSING_SCOPE, got ${r.status} ${r.code ?? ''} ${r.reason ?? ''} ${r.message ?? ''}`;
}

describe('authorization matrix for integrator apps', () => {
  it('names only real operations, and each with the scope the schema declares', () => {
    const ops = new Map(graphqlOperations(schema).map((o) => [o.key, o]));
    for (const [key, scope] of Object.entries(INTEGRATOR_SCOPE_OF)) expect([key, scopeOf(ops.get(key)?.field)]).toEqual([key, scope.toLowerCase().replace('_', ':')]);
    const declared = [...ops.values()].filter((o) => scopeOf(o.field)).map((o) => o.key).sort();
    expect(declared).toEqual(Object.keys(INTEGRATOR_SCOPE_OF).sort());
  });

  it('every GraphQL operation, for an app with no scope and with each scope, answers as the table says', async () => {
    const failures: string[] = [];
    let cells = 0;
    for (const op of graphqlOperations(schema)) {
      for (const id of IDENTITIES) {
        const allowed = INTEGRATOR_SCOPE_OF[op.key] !== undefined && id.scopes.includes(INTEGRATOR_SCOPE_OF[op.key]!);
        const f = judge(op.key, id.name, allowed, await callGraphql(t, keys.get(id.name), documentFor(op), minimalVariables(op)));
        cells += 1;
        if (f) failures.push(f);
      }
    }
    expect(failures).toEqual([]);
    console.log(`integrator matrix: ${graphqlOperations(schema).length} operations × ${IDENTITIES.length} apps = ${cells} cells`);
  });

  it('every REST path refuses an app key (the REST door is for people)', async () => {
    const failures: string[] = [];
    for (const route of t.restRoutes) {
      const r = await callRest(t, keys.get('CATALOG_READ'), route, pathWithParams(route.path), {});
      if (r.status !== 401 || r.reason !== 'INVALID_API_KEY') failures.push(`${restKey(route)}: ${r.status} ${r.reason}`);
    }
    expect(failures).toEqual([]);
  });
});
