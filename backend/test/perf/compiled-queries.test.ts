import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, type Client, type TestApp } from '../app.js';

/**
 * The web app's registered queries run compiled (graphql-jit, common/compiled-queries.ts); any other
 * document runs through graphql-js. Both must answer the same: each registered query here is sent
 * as registered (compiled) and with one trailing space (the same operation, not registered, so
 * graphql-js), and the two answers are equal, status and body, data and errors alike.
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

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/**
 * The registered query, who sends it, its variables, and what it must answer: data, or the code of
 * its refusal (without it, two answers equally wrong would pass the comparison).
 */
const cases: [string, keyof typeof clients, () => Record<string, unknown>, expected?: string][] = [
  ['Doctors', 'visitor', () => ({ page: 1, pageSize: 20 })],
  ['Doctors', 'visitor', () => ({ page: 2, pageSize: 5, specialities: ['Medicine'], online: true, sort: 'Rating', minRating: 3 })],
  ['Doctors', 'admin', () => ({ page: 1, pageSize: 100, search: 'a', feeRanges: ['From501To1000'] })],
  ['DoctorDetail', 'visitor', () => ({ id: ids.doctor, reviewPage: 1 })],
  ['DoctorDetail', 'visitor', () => ({ id: UNKNOWN, reviewPage: 1 }), 'NOT_FOUND'],
  ['DoctorDetail', 'visitor', () => ({ id: 'not-an-id', reviewPage: 1 }), 'NOT_FOUND'],
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
  // Prescriptions and refunds (issue 20): a prescription's cart, the pharmacists' queue and one order, the refunds table.
  ['PrescriptionCart', 'patient', () => ({ prescriptionId: ids.prescription })],
  ['PrescriptionCart', 'patient', () => ({ prescriptionId: UNKNOWN }), 'NOT_FOUND'],
  ['PrescriptionOrders', 'pharmacist', () => ({ page: 1, waiting: true })],
  ['PrescriptionOrderDetail', 'pharmacist', () => ({ id: ids.rxOrder })],
  ['AdminRefunds', 'admin', () => ({ page: 1, pageSize: 20 })],
  ['PrescriptionOrders', 'patient', () => ({ page: 1, waiting: true }), 'FORBIDDEN'],
  // Refused: not signed in, and the wrong role.
  ['MyOrders', 'visitor', () => ({ page: 1, pageSize: 20 }), 'UNAUTHENTICATED'],
  ['AdminOrders', 'patient', () => ({ page: 1, pageSize: 20 }), 'FORBIDDEN'],
  // Variables graphql-js refuses.
  ['Doctors', 'visitor', () => ({ page: 'one', pageSize: 20 }), 'BAD_USER_INPUT'],
  ['Doctors', 'visitor', () => ({ page: 1, pageSize: 500 }), 'BAD_USER_INPUT'],
];

describe('compiled registered queries answer as graphql-js does', () => {
  const seen = new Set<string>();
  let compiledAtStart = 0;
  beforeAll(() => {
    compiledAtStart = t.compiledOperations();
  });

  it.each(cases)('%s as %s', async (name, who, variables, expected = 'data') => {
    const text = registered(name);
    // The dashboard says when it was computed: the one value that differs between two calls.
    const at = (r: object) => JSON.parse(JSON.stringify(r).replace(/"generatedAt":"[^"]*"/g, '"generatedAt":"…"'));
    const compiled = await clients[who].gql(text, variables());
    const plain = await clients[who].gql(`${text} `, variables());
    expect(at(compiled)).toEqual(at(plain));
    const outcome = compiled.errors?.length ? compiled.errors[0]!.extensions?.code : compiled.data ? 'data' : 'nothing';
    expect(outcome).toBe(expected);
    // The registered text ran compiled: each registered operation is compiled (and counted) the
    // first time it runs, and the same text with a space is not.
    seen.add(name);
    expect(t.compiledOperations() - compiledAtStart).toBe(seen.size);
  });

  it('compiles each registered operation once, and nothing that is not registered', async () => {
    const before = t.compiledOperations();
    await clients.visitor.gql(`${registered('Specialities')}  `);
    await clients.visitor.gql('{ specialities { id } }');
    expect(t.compiledOperations()).toBe(before);
    await clients.visitor.gql(registered('Specialities'));
    expect(t.compiledOperations()).toBe(before);
  });
});
