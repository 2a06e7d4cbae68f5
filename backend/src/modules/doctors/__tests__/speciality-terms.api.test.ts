import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { SPECIALITY_TERMS } from '../../../seeders/speciality-terms.js';
import { SPECIALITIES } from '../../../seeders/DoctorSeeder.js';

/** The words and complaints that lead a doctor search to specialities: the shipped set, and what an admin adds. */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const TERM = 'id term kind specialities changedAt';
const list = async (vars: Record<string, unknown>) => (await admin.gql<{ specialityTerms: { total: number; items: { id: string; term: string; kind: string; specialities: string[] }[] } }>(
  `query($s: String, $k: SpecialityTermKind, $sp: String) { specialityTerms(search: $s, kind: $k, speciality: $sp, page: 1, pageSize: 100) { total items { ${TERM} } } }`, vars)).data!.specialityTerms;
const create = (input: Record<string, unknown>) => admin.gql(`mutation($input: SpecialityTermInput!) { createSpecialityTerm(input: $input) { ${TERM} } }`, { input });
const firstDoctors = async (s: string) => (await asVisitor(t).gql<{ doctors: { items: { specialities: string[] }[] } }>(
  'query($s: String) { doctors(search: $s, page: 1, pageSize: 5) { items { specialities } } }', { s })).data!.doctors.items;

describe('the shipped terms', () => {
  it('are all in the table (no two read the same), each leading to specialities that exist', async () => {
    const titles = new Set(SPECIALITIES.map((s) => s.title));
    expect(SPECIALITY_TERMS.every((x) => x.specialities.every((s) => titles.has(s)))).toBe(true);
    expect((await list({})).total).toBe(SPECIALITY_TERMS.length);
  });

  it('are found by kind, by speciality, and by a search in any script or spelling that reads the same', async () => {
    expect((await list({ k: 'Complaint' })).items.every((x) => x.kind === 'Complaint')).toBe(true);
    expect((await list({ sp: 'Dentistry' })).items.map((x) => x.term)).toEqual(expect.arrayContaining(['teeth', 'দাঁত', 'toothache']));
    expect((await list({ s: 'jor' })).items.map((x) => x.term)).toContain('জ্বর');
  });
});

describe('an admin keeps them', () => {
  it('adds a complaint that a search then finds in Bangla and Banglish, changes it, and deletes it', async () => {
    const made = await create({ term: ' ঘাড়  ব্যথা ', kind: 'Complaint', specialities: ['Orthopedics', 'Neurology'] });
    expect(made.errors).toBeUndefined();
    const term = made.data!.createSpecialityTerm;
    expect(term).toMatchObject({ term: 'ঘাড় ব্যথা', kind: 'Complaint', specialities: ['Orthopedics', 'Neurology'] });
    for (const typed of ['ঘাড় ব্যথা', 'ghar betha']) expect((await firstDoctors(typed))[0]!.specialities).toContain('Orthopedics');

    const changed = await admin.gql(`mutation($id: ID!, $input: SpecialityTermUpdateInput!) { updateSpecialityTerm(id: $id, input: $input) { ${TERM} } }`,
      { id: term.id, input: { specialities: ['Neurology'] } });
    expect(changed.data!.updateSpecialityTerm.specialities).toEqual(['Neurology']);
    expect((await firstDoctors('ঘাড় ব্যথা'))[0]!.specialities).toContain('Neurology');

    expect((await admin.gql('mutation($id: ID!) { deleteSpecialityTerm(id: $id) }', { id: term.id })).data!.deleteSpecialityTerm).toBe(true);
    // Without the term, the neck is no way to the neurologists.
    expect((await firstDoctors('ঘাড় ব্যথা'))[0]?.specialities ?? []).not.toContain('Neurology');
    const audit = await t.sql<{ action: string }>("select action from audit_log where action like '%SpecialityTerm%'");
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a term already there in another spelling, a speciality that does not exist, and no letters', async () => {
    const taken = await create({ term: 'Jor', kind: 'Complaint', specialities: ['Medicine'] });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'TERM_TAKEN', params: { term: 'জ্বর' } });
    const unknown = await create({ term: 'wrist pain', kind: 'Complaint', specialities: ['Orthopedics', 'Astrology'] });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ reason: 'UNKNOWN_SPECIALITY', params: { speciality: 'Astrology' } });
    expect((await create({ term: '?!', kind: 'Word', specialities: ['Medicine'] })).errors?.[0]?.extensions?.reason).toBe('TERM_NOT_SEARCHABLE');
    expect((await create({ term: 'x', kind: 'Word', specialities: [] })).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await list({ s: 'wrist' })).total).toBe(0);
  });
});
