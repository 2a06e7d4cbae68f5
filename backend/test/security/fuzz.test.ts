import { ERROR_REASONS, type ErrorReason } from '../../src/common/error-reasons.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType,
  type GraphQLInputType, type GraphQLSchema,
} from 'graphql';
import { asAdmin, asDoctor, asPatient, createTestApp, type TestApp } from '../app.js';
import { buildNirogSchema } from '../../src/schema.js';
import type { RestRouteInfo } from '../../src/common/rest.js';
import { EXPECTED, ROLES, type MatrixRole } from './access-table.js';
import {
  UPLOAD, callGraphql, callRest, documentFor, graphqlOperations, pathWithParams, restKey, type CallResult, type GraphqlOp,
} from './operations.js';

/**
 * The fuzzer: generated and malformed input (fast-check) to every mutation, every query that takes
 * arguments and every REST path, as a role that gets past authorization: wrong types, huge strings,
 * unicode and control characters, negative and huge numbers, missing and extra fields, malformed JSON.
 * Every answer must be below 500, every error coded with a readable message, and a refused request
 * must leave the database exactly as it was (row counts and last updates of every table).
 * FUZZ_RUNS sets the cases per operation (12 by default; `npm run test:security:long` uses more).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const TIMEOUT = 120_000 + RUNS * 30_000;
const CODES = new Set(['BAD_USER_INPUT', 'UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'UNPROCESSABLE_CONTENT', 'TOO_MANY_REQUESTS', 'PAYLOAD_TOO_LARGE',
  'GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_REQUEST']);

let t: TestApp;
let schema: GraphQLSchema;
const tokens: Partial<Record<MatrixRole, string>> = {};
let appKey = '';
let fingerprintSql = '';
const figures = { cases: 0, graphqlCases: 0, restCases: 0, http500: 0, uncoded: 0, halfWritten: 0, operations: 0 };

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNUPS_PER_IP_PER_HOUR: '1000000', PASSWORD_RESETS_PER_IP_PER_HOUR: '1000000', CODE_ATTEMPTS_PER_IP_PER_HOUR: '1000000', FORMS_PER_IP_PER_HOUR: '1000000', LOGIN_FAILURES_PER_IP: '1000000', LOGIN_LOCK_THRESHOLD: '1000' } });
  schema = await buildNirogSchema();
  tokens.patient = (await asPatient(t)).token;
  tokens.doctor = (await asDoctor(t)).token;
  tokens.admin = (await asAdmin(t)).token;
  const app = await (await asAdmin(t)).gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
    input: { name: 'fuzz app', contactEmail: 'fuzz@apps.example', scopes: ['CATALOG_READ', 'ORDERS_READ', 'ORDERS_WRITE', 'WEBHOOKS_MANAGE'], quotaSize: 1_000_000, quotaRestoreRate: 100_000 },
  });
  appKey = app.data!.createIntegratorApp.key;
  // Counts and last change of every table except the ones a refused request may legitimately touch
  // (rate-limit counters; the append-only audit log records reads by admins).
  const tables = (await t.sql(
    `select c.table_name as t, bool_or(c.column_name = 'updated_at') as u from information_schema.columns c
     join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
     where c.table_schema = current_schema() and tb.table_type = 'BASE TABLE' and c.table_name not in ('rate_limit_buckets', 'audit_log', 'mikro_orm_migrations')
     group by c.table_name order by c.table_name`)) as { t: string; u: boolean }[];
  fingerprintSql = `select concat_ws('|', ${tables.map(({ t: name, u }) => `(select count(*) || ':' || ${u ? `coalesce(max(updated_at)::text, '')` : `''`} from "${name}")`).join(', ')}) as f`;
});
afterAll(async () => {
  console.log(`fuzz: ${figures.operations} operations, ${figures.cases} cases (${figures.graphqlCases} GraphQL, ${figures.restCases} REST), `
    + `HTTP 500s: ${figures.http500}, uncoded errors: ${figures.uncoded}, half-written refusals: ${figures.halfWritten}`);
  await t?.close();
});

const fingerprint = async () => ((await t.sql(fingerprintSql)) as { f: string }[])[0]!.f;

/** The first role that gets past authorization for an operation (visitor for public ones). */
function roleFor(key: string): MatrixRole {
  const row = EXPECTED[key]!;
  return ROLES[row.indexOf('+')] ?? 'admin';
}

/** The credential that gets past authorization: a role's token, or for operations only apps may call (their webhooks) an app's key. */
function callerFor(key: string): string | undefined {
  return EXPECTED[key]!.includes('+') ? tokens[roleFor(key)] : appKey;
}

// ---- generators ---------------------------------------------------------------------------------

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202e\u0041', '𝕏'.repeat(300), "'; drop table users; --", '<script>alert(1)</script>', '../../../etc/passwd',
    '%00', '{{7*7}}', '$where', 'NaN', '-1', '1e309', 'null', 'ঢাকা নীরোগ', '০১৭১২৩৪৫৬৭৮'),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, 0.000001, -0.5),
);
const anything: fc.Arbitrary<unknown> = fc.oneof(
  hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}),
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 3 }),
);

function scalarValue(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'ID': return fc.oneof(fc.uuid(), hostileString);
    case 'Int': return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31)));
    case 'Float': return fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, -1, 1e300, 4.5));
    case 'Boolean': return fc.boolean();
    case 'DateTimeISO': return fc.oneof(fc.date({ noInvalidDate: true, min: new Date(1900, 0, 1), max: new Date(2200, 0, 1) }).map((d) => d.toISOString()), hostileString);
    case 'Upload': return fc.constant(UPLOAD);
    default: return hostileString;
  }
}

/** A value for an input type: mostly well typed (so it reaches the resolver), sometimes anything. */
function valueFor(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return fc.oneof({ weight: 9, arbitrary: valueFor(type.ofType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
  const typed = ((): fc.Arbitrary<unknown> => {
    if (isListType(type)) return fc.array(valueFor(type.ofType, depth + 1), { maxLength: depth > 1 ? 2 : 12 });
    if (isInputObjectType(type)) {
      const fields = type.getFields();
      const entries = Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, valueFor(f.type, depth + 1)]));
      return fc.tuple(
        fc.record(entries, { requiredKeys: Object.keys(fields).filter((n) => isNonNullType(fields[n]!.type)) }),
        fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(1) }), // missing required fields
        fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('id', 'role', 'userId', 'pricePoisha', 'totalPoisha', 'status', '__proto__', 'constructor'), anything) }),
      ).map(([obj, drop, extra]) => {
        const o: Record<string, unknown> = { ...(obj as Record<string, unknown>), ...extra };
        if (drop) delete o[Object.keys(o)[0] ?? ''];
        return o;
      });
    }
    if (isEnumType(type)) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)) }, { weight: 1, arbitrary: hostileString });
    if (isScalarType(type)) return scalarValue(type.name);
    return anything;
  })();
  return fc.oneof({ weight: 8, arbitrary: typed }, { weight: 1, arbitrary: anything });
}

const REST_FIELDS = ['email', 'password', 'name', 'phone', 'doctorId', 'appointmentId', 'nurseId', 'medicines', 'orderItems', 'shippingInfo',
  'status', 'bookingStatus', 'rating', 'comment', 'page', 'pageSize', 'keyword', 'code', 'token', 'refreshToken', 'date', 'slot', 'age',
  'gender', 'problem', 'paymentMethod', 'price', 'stock', 'pricePoisha', 'role', 'group', 'area', 'message', 'oldPassword', 'newPassword'];
const restBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...REST_FIELDS), anything, { maxKeys: 8 }),
  fc.record({ orderItems: fc.array(fc.record({ _id: fc.oneof(fc.uuid(), hostileString), cartQuantity: hostileNumber }), { maxLength: 5 }), shippingInfo: fc.dictionary(fc.constantFrom('name', 'phone', 'address', 'city'), hostileString), paymentMethod: fc.constantFrom('Bkash', 'Nagad', 'Cash', '') }),
  fc.record({ medicines: fc.array(fc.dictionary(fc.constantFrom('medname', 'dailyUse', 'days', 'quantity'), anything), { maxLength: 12 }), appointmentId: fc.uuid() }),
  anything,
);
// URLs stay under Node's 16 kB header limit (beyond it the HTTP server itself refuses with 431).
const restQuery = fc.dictionary(fc.constantFrom('page', 'pageSize', 'keyword', 'sort', 'role', 'status', 'location', 'speciality', 'date', 'search', 'fees', 'ratings'),
  fc.oneof(hostileString.filter((s) => s.length < 1500), hostileNumber.map(String)), { maxKeys: 4 });
const pathParam = fc.oneof(fc.uuid(), hostileString.filter((s) => s.length < 2000));
const malformedJson = fc.constantFrom('{', '{"a":', '[1,2', 'null', '"x"', '{"__proto__": {"admin": true}}', '\u0000\u0001', '{"email": {"$gt": ""}}', '1'.repeat(5000));

// ---- judging ---------------------------------------------------------------------------------

function problemsOf(where: string, r: CallResult): string[] {
  const out: string[] = [];
  if (r.status >= 500) {
    figures.http500 += 1;
    out.push(`${where}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
  const errors: { message?: string; extensions?: { code?: string; reason?: string } }[] = r.body?.errors
    ?? (r.status >= 400 ? [{ message: r.message, extensions: { code: r.code, reason: r.reason } }] : []);
  for (const e of errors) {
    if (!e.extensions?.code || !CODES.has(e.extensions.code) || typeof e.message !== 'string' || e.message.length === 0 || e.message.length > 2000) {
      figures.uncoded += 1;
      out.push(`${where}: uncoded or unreadable error ${JSON.stringify(e).slice(0, 300)} (status ${r.status})`);
    }
    // A reason, when given, is one of the closed set, and answers its own code.
    const reason = e.extensions?.reason as ErrorReason | undefined;
    if (reason !== undefined && (!(reason in ERROR_REASONS) || ERROR_REASONS[reason].code !== e.extensions?.code)) {
      figures.uncoded += 1;
      out.push(`${where}: reason ${reason} is not in the closed set or does not answer its code (${e.extensions?.code})`);
    }
  }
  return out;
}

async function refusedWithoutWrites(where: string, before: string, r: CallResult): Promise<string[]> {
  const refused = r.status >= 400 || (r.body?.errors?.length && (r.body?.data == null || Object.values(r.body.data).every((v) => v === null)));
  if (!refused) return [];
  const after = await fingerprint();
  if (after === before) return [];
  figures.halfWritten += 1;
  return [`${where}: refused (${r.code ?? r.status}) but the database changed`];
}

async function fuzzGraphql(op: GraphqlOp): Promise<string[]> {
  const caller = callerFor(op.key);
  const problems: string[] = [];
  const args = op.field.args;
  const arb = fc.record(Object.fromEntries(args.map((a) => [a.name, valueFor(a.type)])), { requiredKeys: [] });
  await fc.assert(fc.asyncProperty(arb, async (vars) => {
    const before = await fingerprint();
    const r = await callGraphql(t, caller, documentFor(op, args.filter((a) => a.name in (vars as object))), vars as Record<string, unknown>);
    figures.cases += 1;
    figures.graphqlCases += 1;
    problems.push(...problemsOf(`${op.key} ${JSON.stringify(vars).slice(0, 200)}`, r));
    problems.push(...await refusedWithoutWrites(op.key, before, r));
  }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  return problems;
}

async function fuzzRest(route: RestRouteInfo): Promise<string[]> {
  const key = restKey(route);
  const role = roleFor(key);
  const problems: string[] = [];
  const arb = fc.record({ body: restBody, query: restQuery, param: pathParam, raw: fc.option(malformedJson, { freq: 5 }) });
  await fc.assert(fc.asyncProperty(arb, async ({ body, query, param, raw }) => {
    const qs = new URLSearchParams(query as Record<string, string>).toString();
    const path = pathWithParams(route.path, () => param) + (qs ? `?${qs}` : '');
    const before = await fingerprint();
    const r = raw !== null && route.method !== 'get'
      ? await callRest(t, tokens[role], route, path, undefined, { raw })
      : await callRest(t, tokens[role], route, path, body);
    figures.cases += 1;
    figures.restCases += 1;
    problems.push(...problemsOf(`${key} ${path.slice(0, 120)} ${JSON.stringify(body).slice(0, 200)}`, r));
    // GET paths that record a read (audit of prescriptions) may write; only refusals are checked.
    problems.push(...await refusedWithoutWrites(key, before, r));
  }), { numRuns: RUNS, seed: SEED, endOnFailure: true });
  return problems;
}

// Paths whose success ends the fuzzing caller's session or identity: fuzzed last, then logged in again.
const SESSION_ENDING = /logout|Logout|deleteUser|\/admin\/user\/:id|updatePassword|changePassword/;

describe('fuzzing every operation', () => {
  it('GraphQL: every mutation and every query with arguments, generated and malformed variables', async () => {
    const ops = graphqlOperations(schema).filter((o) => o.kind === 'Mutation' || o.field.args.length > 0)
      .sort((a, b) => Number(SESSION_ENDING.test(a.name)) - Number(SESSION_ENDING.test(b.name)));
    const problems: string[] = [];
    for (const op of ops) {
      figures.operations += 1;
      problems.push(...await fuzzGraphql(op));
      if (SESSION_ENDING.test(op.name)) await relogin();
    }
    expect(problems.slice(0, 30)).toEqual([]);
  }, TIMEOUT);

  it('REST: every path, generated bodies, query strings, path parameters and malformed JSON', async () => {
    await relogin();
    const routes = [...t.restRoutes].sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
    const problems: string[] = [];
    for (const route of routes) {
      figures.operations += 1;
      problems.push(...await fuzzRest(route));
      if (SESSION_ENDING.test(route.path)) await relogin();
    }
    expect(problems.slice(0, 30)).toEqual([]);
  }, TIMEOUT);
});

async function relogin() {
  tokens.patient = (await asPatient(t)).token;
  tokens.doctor = (await asDoctor(t)).token;
  tokens.admin = (await asAdmin(t)).token;
}
