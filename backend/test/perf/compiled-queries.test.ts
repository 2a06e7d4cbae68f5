import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, type OperationDefinitionNode } from 'graphql';
import { createHash } from 'node:crypto';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, type Client, type TestApp } from '../app.js';
import { buildNirogSchema } from '../../src/schema.js';
import { CompiledDocuments, COMPILED_DOCUMENT_LIMITS } from '../../src/common/compiled-queries.js';

/**
 * Every query runs compiled (graphql-jit, common/compiled-queries.ts) from its second run on, whoever
 * wrote it; its first run goes through graphql-js. So each document here is sent twice, new to the
 * server (a comment naming the case makes it so): the first answer is graphql-js's, the second the
 * compiled one's, and the two must be equal, status and body, data and errors alike.
 */
let t: TestApp;
let clients: Record<'visitor' | 'patient' | 'doctor' | 'admin' | 'pharmacist', Client>;
const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../frontend/src/gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
const registered = (name: string) => {
  const text = Object.values(manifest).find((d) => new RegExp(`\\bquery ${name}\\b`).test(d));
  if (!text) throw new Error(`no registered query ${name}`);
  return text;
};

let ids: { doctor: string; medicine: string; nurse: string; prescription: string; rxOrder: string };

beforeAll(async () => {
  t = await createTestApp();
  const [patient, doctor, admin, pharmacist] = await Promise.all([asPatient(t), asDoctor(t), asAdmin(t), login(t, 'pharmacist@nirog.test')]);
  clients = { visitor: asVisitor(t), patient, doctor, admin, pharmacist };
  const first = await clients.visitor.gql('{ doctors(pageSize: 1) { items { id } } medicines(pageSize: 1) { items { id } } nurses(pageSize: 1) { items { id } } }');
  const rx = await patient.gql('{ myPrescriptions(page: 1, pageSize: 1) { items { id } } }');
  const waiting = await pharmacist.gql('{ prescriptionOrders(page: 1, waiting: true) { items { id } } }');
  ids = {
    doctor: first.data!.doctors.items[0].id, medicine: first.data!.medicines.items[0].id, nurse: first.data!.nurses.items[0].id,
    prescription: rx.data!.myPrescriptions.items[0].id, rxOrder: waiting.data!.prescriptionOrders.items[0].id,
  };
}, 60_000);
afterAll(async () => {
  await t.close();
});

// The dashboard says when it was computed: the one value that differs between two calls.
const comparable = (r: object) => JSON.parse(JSON.stringify(r).replace(/"generatedAt":"[^"]*"/g, '"generatedAt":"…"'));

let caseNumber = 0;
/** Sends a document new to the server twice: graphql-js's answer, then the compiled one's. */
async function bothWays(who: keyof typeof clients, text: string, variables?: Record<string, unknown>) {
  const fresh = `${text}\n# case ${++caseNumber}`;
  const before = t.compiledDocuments.stats();
  const plain = await clients[who].gql(fresh, variables);
  const afterFirst = t.compiledDocuments.stats();
  const compiled = await clients[who].gql(fresh, variables);
  const afterSecond = t.compiledDocuments.stats();
  return {
    plain, compiled, compiledOnFirstRun: afterFirst.compilations !== before.compilations,
    compiledOnSecondRun: afterSecond.compilations !== afterFirst.compilations,
    // The compiled operation refused the variables and graphql-js answered instead.
    variablesRefused: afterSecond.refusedVariables !== afterFirst.refusedVariables,
  };
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** `refused`: variables that coercion refuses, answered by graphql-js on the second run too. */
const cases: [string, keyof typeof clients, () => Record<string, unknown>, 'refused'?][] = [
  ['Doctors', 'visitor', () => ({ page: 1, pageSize: 20 })],
  ['Doctors', 'visitor', () => ({ page: 2, pageSize: 5, specialities: ['Medicine'], online: true, sort: 'Rating', minRating: 3 })],
  ['Doctors', 'admin', () => ({ page: 1, pageSize: 100, search: 'a', feeRanges: ['From501To1000'] })],
  ['DoctorDetail', 'visitor', () => ({ id: ids.doctor, reviewPage: 1 })],
  ['DoctorDetail', 'visitor', () => ({ id: UNKNOWN, reviewPage: 1 })],
  ['DoctorDetail', 'visitor', () => ({ id: 'not-an-id', reviewPage: 1 })],
  ['DoctorFilterOptions', 'visitor', () => ({})],
  ['Specialities', 'visitor', () => ({})],
  ['Medicines', 'visitor', () => ({ keyword: 'napa', page: 1, pageSize: 20 })],
  ['Medicines', 'admin', () => ({ page: 1, pageSize: 50, includeInactive: true, lowStock: true })],
  ['MedicineDetail', 'visitor', () => ({ id: ids.medicine })],
  ['Nurses', 'visitor', () => ({ page: 1, pageSize: 10 })],
  ['NurseDetail', 'visitor', () => ({ id: ids.nurse })],
  ['BestNurses', 'visitor', () => ({ page: 1, pageSize: 4 })],
  ['HomePartners', 'visitor', () => ({})],
  ['SiteSettings', 'visitor', () => ({})],
  ['Me', 'patient', () => ({})],
  ['MyOrders', 'patient', () => ({ page: 1, pageSize: 20 })],
  ['MyAppointments', 'patient', () => ({ page: 1, pageSize: 20 })],
  ['DoctorAppointments', 'doctor', () => ({ page: 1, pageSize: 20 })],
  ['AdminOrders', 'admin', () => ({ page: 1, pageSize: 20 })],
  ['AdminDashboard', 'admin', () => ({})],
  ['PrescriptionCart', 'patient', () => ({ prescriptionId: ids.prescription })],
  ['PrescriptionCart', 'patient', () => ({ prescriptionId: UNKNOWN })],
  ['PrescriptionOrders', 'pharmacist', () => ({ page: 1, waiting: true })],
  ['PrescriptionOrderDetail', 'pharmacist', () => ({ id: ids.rxOrder })],
  ['AdminRefunds', 'admin', () => ({ page: 1, pageSize: 20 })],
  ['PrescriptionOrders', 'patient', () => ({ page: 1, waiting: true })],
  // Refused: not signed in, and the wrong role.
  ['MyOrders', 'visitor', () => ({ page: 1, pageSize: 20 })],
  ['AdminOrders', 'patient', () => ({ page: 1, pageSize: 20 })],
  // Variables graphql-js refuses, and one the service refuses.
  ['Doctors', 'visitor', () => ({ page: 'one', pageSize: 20 }), 'refused'],
  ['Doctors', 'visitor', () => ({ page: 1, pageSize: 500 })],
];

describe('the web app\'s queries answer compiled as graphql-js answers them', () => {
  // Rest parameters: jest-each takes a parameter beyond a row's length for a `done` callback (rows leave `refused` out).
  it.each(cases)('%s as %s', async (...[name, who, variables, refused]) => {
    const run = await bothWays(who, registered(name), variables());
    expect(comparable(run.compiled)).toEqual(comparable(run.plain));
    expect(run.compiled.status === 200 || run.compiled.errors).toBeTruthy();
    expect(run.compiledOnFirstRun).toBe(false);
    expect(run.compiledOnSecondRun).toBe(true);
    expect(run.variablesRefused).toBe(refused === 'refused');
  });
});

/** Documents as an integrator writes them: none is registered. */
const CARD = 'id name title degree work specialities feePoisha fees gender isOnline rating reviewCount avatarUrl';
const adHoc: [string, keyof typeof clients, string, () => Record<string, unknown> | undefined, 'refused'?][] = [
  ['the doctors card, inline', 'visitor', `{ doctors(page: 1, pageSize: 20) { total page pageSize pageCount items { ${CARD} } } }`, () => undefined],
  ['the card by a fragment, with variables', 'visitor',
    `query Cards($s: [String!], $o: Boolean, $size: Int!) { doctors(specialities: $s, online: $o, page: 1, pageSize: $size) { total items { ...Card } } }
     fragment Card on Doctor { ${CARD} }`, () => ({ s: ['Medicine'], o: null, size: 5 })],
  ['aliases, __typename and an inline fragment', 'visitor',
    `{ first: doctors(pageSize: 2) { items { __typename id ... on Doctor { name } } } second: doctors(page: 2, pageSize: 2) { items { id rating } } }`, () => undefined],
  ['@include and @skip by variables', 'visitor',
    'query($with: Boolean!, $without: Boolean!) { doctors(pageSize: 3) { total @skip(if: $without) items { id name @include(if: $with) fees @skip(if: $with) } } }', () => ({ with: true, without: false })],
  ['lists inside lists, two roots', 'visitor', '{ doctors(pageSize: 3) { items { id specialities } } nurses(pageSize: 2) { items { id name imageUrls } } }', () => undefined],
  ['a public read and a refused one together', 'visitor', '{ specialities { id } myOrders(page: 1, pageSize: 5) { total } }', () => undefined],
  ['an unknown record', 'visitor', `{ doctor(id: "${UNKNOWN}") { id name } }`, () => undefined],
  ['a signed-in caller\'s own list', 'patient', '{ me { id email } myOrders(page: 1, pageSize: 5) { total items { id status totalPoisha items { name quantity } } } }', () => undefined],
  ['introspection of one type', 'visitor', '{ __type(name: "Doctor") { name fields { name type { name kind ofType { name } } } } }', () => undefined],
  // Variables at the edges of coercion: each refused or accepted alike by both.
  ['an Int beyond 32 bits', 'visitor', 'query($p: Int!) { doctors(page: $p, pageSize: 2) { total } }', () => ({ p: 2 ** 31 }), 'refused'],
  ['a float for an Int', 'visitor', 'query($p: Int!) { doctors(page: $p, pageSize: 2) { total } }', () => ({ p: 1.5 }), 'refused'],
  ['null for a non-null variable', 'visitor', 'query($p: Int!) { doctors(page: $p, pageSize: 2) { total } }', () => ({ p: null }), 'refused'],
  ['a missing variable', 'visitor', 'query($p: Int!) { doctors(page: $p, pageSize: 2) { total } }', () => ({}), 'refused'],
  ['one value for a list', 'visitor', 'query($s: [String!]) { doctors(specialities: $s, pageSize: 2) { total } }', () => ({ s: 'Medicine' })],
  ['an unknown enum value', 'visitor', 'query($sort: DoctorSort) { doctors(sort: $sort, pageSize: 2) { total } }', () => ({ sort: 'Cheapest' }), 'refused'],
  ['a default left out', 'visitor', 'query($size: Int! = 3) { doctors(pageSize: $size) { pageSize items { id } } }', () => ({})],
];

describe('an integrator\'s own queries answer compiled as graphql-js answers them', () => {
  it.each(adHoc)('%s', async (...[, who, text, variables, refused]) => {
    const run = await bothWays(who, text, variables());
    expect(comparable(run.compiled)).toEqual(comparable(run.plain));
    // A document that fails validation never reaches the executor; every one here is valid.
    expect(run.compiledOnSecondRun).toBe(true);
    expect(run.variablesRefused).toBe(refused === 'refused');
  });

  it('runs an operation chosen by name compiled, each operation of a document apart', async () => {
    const text = `query A { specialities { id } } query B { nurses(pageSize: 1) { total } }\n# named ${Date.now()}`;
    const send = (operationName: string) => t.http().post('/graphql').send({ query: text, operationName });
    const a1 = await send('A');
    const b1 = await send('B');
    const before = t.compiledDocuments.stats().compilations;
    const [a2, b2] = [await send('A'), await send('B')];
    expect(t.compiledDocuments.stats().compilations).toBe(before + 2);
    expect(a2.body).toEqual(a1.body);
    expect(b2.body).toEqual(b1.body);
    expect(Object.keys(a2.body.data)).toEqual(['specialities']);
    expect(Object.keys(b2.body.data)).toEqual(['nurses']);
  });

  it('never compiles nor remembers a document refused at validation: over the cost limit, or invalid', async () => {
    // 100 pages of 100 doctors each with the card: far over GRAPHQL_MAX_COST.
    const overCost = `{ ${Array.from({ length: 25 }, (_, i) => `a${i}: doctors(page: ${i + 1}, pageSize: 100) { items { ${CARD} } }`).join(' ')} }\n# cost ${Date.now()}`;
    const invalid = `{ doctors(pageSize: 5) { items { id noSuchField } } }\n# invalid ${Date.now()}`;
    const before = t.compiledDocuments.stats();
    for (let i = 0; i < 3; i++) {
      expect((await clients.visitor.gql(overCost)).status).toBe(400);
      expect((await clients.visitor.gql(invalid)).status).toBe(400);
    }
    const after = t.compiledDocuments.stats();
    expect(after.compilations).toBe(before.compilations);
    expect(after.seen).toBe(before.seen);
    expect(after.documents).toBe(before.documents);
  });

  it('compiles a document once, on its second run, and never a mutation', async () => {
    const text = `{ specialities { id } }\n# once ${Date.now()}`;
    const before = t.compiledDocuments.stats().compilations;
    await clients.visitor.gql(text);
    expect(t.compiledDocuments.stats().compilations).toBe(before);
    for (let i = 0; i < 3; i++) await clients.visitor.gql(text);
    expect(t.compiledDocuments.stats().compilations).toBe(before + 1);
    const mutation = 'mutation($id: ID!) { archiveOrder(id: $id) }';
    const mutationsBefore = t.compiledDocuments.stats().compilations;
    for (let i = 0; i < 2; i++) expect((await clients.visitor.gql(mutation, { id: UNKNOWN })).code).toBe('UNAUTHENTICATED');
    expect(t.compiledDocuments.stats().compilations).toBe(mutationsBefore);
  });
});

describe('the compiled documents are bounded whatever callers send', () => {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const operationOf = (text: string) => {
    const document = parse(text);
    return { document, operation: document.definitions[0] as OperationDefinitionNode, hash: hash(text) };
  };
  const doctorsQuery = (i: number) => `{ doctors(page: ${i + 1}, pageSize: 5) { total items { ${CARD} } } }`;
  const run = (cache: CompiledDocuments, text: string) => {
    const { document, operation, hash: h } = operationOf(text);
    return cache.get(h, operation, document);
  };

  it('runs a one-off in graphql-js, and remembers at most maxSeen one-offs, by key only', async () => {
    const cache = new CompiledDocuments(await buildNirogSchema(), { maxSeen: 50 });
    for (let i = 0; i < 1000; i++) expect(run(cache, doctorsQuery(i))).toBeNull();
    expect(cache.stats()).toMatchObject({ documents: 0, compiled: 0, codeChars: 0, seen: 50, compilations: 0 });
    // The newest are remembered: a document seen among them compiles on its next run.
    expect(run(cache, doctorsQuery(999))).not.toBeNull();
    // The oldest were forgotten: their next run is a first run again.
    expect(run(cache, doctorsQuery(0))).toBeNull();
  });

  it('keeps at most maxDocuments, the least recently used out first', async () => {
    const cache = new CompiledDocuments(await buildNirogSchema(), { maxDocuments: 3 });
    const twice = (i: number) => {
      run(cache, doctorsQuery(i));
      return run(cache, doctorsQuery(i));
    };
    const first = twice(0);
    for (let i = 1; i < 3; i++) twice(i);
    expect(run(cache, doctorsQuery(0))).toBe(first); // used again: the most recent now
    twice(3); // out goes 1, the least recently used
    expect(cache.stats()).toMatchObject({ documents: 3, compiled: 3, compilations: 4 });
    expect(run(cache, doctorsQuery(0))).toBe(first);
    expect(run(cache, doctorsQuery(1))).toBeNull(); // forgotten: a first run again
    for (let i = 4; i < 40; i++) twice(i);
    expect(cache.stats().documents).toBe(3);
  });

  it('keeps at most maxCodeChars of generated code in all', async () => {
    const schema = await buildNirogSchema();
    const probe = new CompiledDocuments(schema);
    run(probe, doctorsQuery(0));
    run(probe, doctorsQuery(0));
    const one = probe.stats().codeChars;
    expect(one).toBeGreaterThan(1000);
    const cache = new CompiledDocuments(schema, { maxCodeChars: Math.floor(one * 2.5) });
    for (let i = 0; i < 20; i++) {
      run(cache, doctorsQuery(i));
      expect(run(cache, doctorsQuery(i))).not.toBeNull();
      expect(cache.stats().codeChars).toBeLessThanOrEqual(Math.floor(one * 2.5));
    }
    expect(cache.stats()).toMatchObject({ documents: 2, compiled: 2 });
  });

  it('does not keep a document that compiles too large, nor compile it again', async () => {
    const cache = new CompiledDocuments(await buildNirogSchema(), { maxDocumentCodeChars: 5_000 });
    const large = `{ ${Array.from({ length: 8 }, (_, i) => `a${i}: doctors(page: ${i + 1}, pageSize: 5) { items { ${CARD} } }`).join(' ')} }`;
    expect(run(cache, large)).toBeNull();
    expect(run(cache, large)).toBeNull();
    expect(run(cache, large)).toBeNull();
    expect(cache.stats()).toMatchObject({ documents: 1, compiled: 0, codeChars: 0, compilations: 1 });
  });

  it('holds the web app\'s whole set of queries within the default limits', async () => {
    const cache = new CompiledDocuments(await buildNirogSchema());
    const queries = Object.values(manifest).flatMap((text) => parse(text).definitions
      .filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition' && d.operation === 'query')
      .map((operation) => ({ text, operation })));
    for (const { text, operation } of queries) {
      const document = parse(text);
      cache.get(hash(text), operation, document);
      expect(cache.get(hash(text), operation, document)).not.toBeNull();
    }
    const { compiled, codeChars } = cache.stats();
    expect(compiled).toBe(queries.length);
    expect(codeChars).toBeLessThan(COMPILED_DOCUMENT_LIMITS.maxCodeChars / 2);
  });
});
