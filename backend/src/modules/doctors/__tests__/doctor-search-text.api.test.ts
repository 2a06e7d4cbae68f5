import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asVisitor, countQueries, createTestApp, type TestApp } from '../../../../test/app.js';
import { CATALOGUE_DOCTORS } from '../../../seeders/DoctorSeeder.js';

/**
 * Searching doctors as Bangladesh types (docs/search.md): Bangla script, Banglish, misspellings, plain
 * words and complaints, through GraphQL `doctors(search)` and REST `/api/doctors?keyword=` alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = { id: string; name: string; specialities: string[]; gender: string };
const LIST = `query($s: String, $a: [String!], $g: [Gender!], $p: Int, $ps: Int) {
  doctors(search: $s, specialities: $a, genders: $g, page: $p, pageSize: $ps) { total didYouMean items { id name specialities gender } } }`;

async function search(s: string, vars: Record<string, unknown> = {}) {
  const res = await asVisitor(t).gql<{ doctors: { total: number; didYouMean: string | null; items: Row[] } }>(LIST, { s, ps: 100, ...vars });
  expect(res.errors).toBeUndefined();
  return res.data!.doctors;
}
async function rest(query: string) {
  const res = await asVisitor(t).get(`/doctors?pageSize=100&${query}`);
  expect(res.status).toBe(200);
  return res.body as { doctors: { _id: string; name: string; expert: string[] }[]; doctorsCount: number; didYouMean: string | null };
}

const ofSpeciality = (title: string) => CATALOGUE_DOCTORS.filter((d) => d.specialities.includes(title)).map((d) => d.name);
/** The results come those of `titles` first, every one of them, then the rest. */
function expectFirst(items: Row[], titles: string[]) {
  const isOf = (d: Row) => d.specialities.some((s) => titles.includes(s));
  const firstOther = items.findIndex((d) => !isOf(d));
  const lastOf = items.map(isOf).lastIndexOf(true);
  expect(lastOf).toBeGreaterThanOrEqual(0);
  if (firstOther >= 0) expect(lastOf).toBeLessThan(firstOther);
  for (const title of titles) for (const name of ofSpeciality(title)) expect(items.map((d) => d.name)).toContain(name);
}

describe('a speciality, as its chip shows it', () => {
  it('হৃদরোগ finds every cardiologist and no one else, and REST answers the same doctors in the same order', async () => {
    const found = await search('হৃদরোগ');
    expect(found.total).toBe((await search('', { a: ['Cardiology'] })).total);
    expect(found.items.every((d) => d.specialities.includes('Cardiology'))).toBe(true);
    const viaRest = await rest(`keyword=${encodeURIComponent('হৃদরোগ')}`);
    expect(viaRest.doctors.map((d) => d._id)).toEqual(found.items.map((d) => d.id));
    expect(viaRest.doctorsCount).toBe(found.total);
    // the English title, its beginning and misspellings of a letter or two find them too
    for (const typed of ['Cardiology', 'cardio', 'cardiolgy', 'kardiolojee']) expect((await search(typed)).items.slice(0, found.total).map((d) => d.id).sort()).toEqual(found.items.map((d) => d.id).sort());
  });

  it('combines with the filters (REST `expert` too)', async () => {
    const women = await search('শিশুরোগ', { g: ['Female'] });
    expect(women.items.length).toBeGreaterThan(0);
    expect(women.items.every((d) => d.gender === 'Female' && d.specialities.includes('Pediatrics'))).toBe(true);
    const both = await rest(`expert=Cardiology&keyword=${encodeURIComponent('Selina')}`);
    expect(both.doctors.map((d) => d.name)).toEqual(['Selina Parveen']);
  });
});

describe('a plain word for the body or a field, and complaints', () => {
  it.each([
    ['heart', ['Cardiology']], ['হৃদয়', ['Cardiology']], ['hriday', ['Cardiology']], ['child', ['Pediatrics']], ['শিশু', ['Pediatrics']],
    ['shishu', ['Pediatrics']], ['skin', ['Dermatology']], ['ত্বক', ['Dermatology']], ['teeth', ['Dentistry']], ['দাঁত', ['Dentistry']],
    ['eye', ['Ophthalmology']], ['চোখ', ['Ophthalmology']], ['kidney', ['Nephrology', 'Urology']],
  ])('%s leads to %j first', async (typed, titles) => {
    expectFirst((await search(typed)).items, titles);
  });

  it.each([
    ['chest pain', 'Cardiology', 'Medicine'], ['বুকে ব্যথা', 'Cardiology', 'Medicine'], ['buke betha', 'Cardiology', 'Medicine'],
    ['জ্বর', 'Medicine', 'Pediatrics'], ['jor', 'Medicine', 'Pediatrics'], ['fever', 'Medicine', 'Pediatrics'], ['toothache', 'Dentistry', null],
  ])('the complaint %s leads to %s first, then its related speciality (%s)', async (typed, first, related) => {
    const items = (await search(typed)).items;
    expectFirst(items, [first]);
    if (related) for (const name of ofSpeciality(related)) expect(items.map((d) => d.name)).toContain(name);
  });

  it('reads the complaint the same in English, Bangla and Banglish', async () => {
    const ids = async (typed: string) => (await search(typed)).items.map((d) => d.id);
    expect(await ids('বুকে ব্যথা')).toEqual(await ids('chest pain'));
    expect(await ids('jor')).toEqual(await ids('জ্বর'));
  });

  it('leaves out the words that name no doctor', async () => {
    const ids = async (typed: string) => (await search(typed)).items.map((d) => d.id);
    expect(await ids('heart doctor')).toEqual(await ids('heart'));
    expect(await ids('শিশু ডাক্তার')).toEqual(await ids('শিশু'));
    expect((await search('doctor')).total).toBe((await search('')).total);
  });
});

describe('names, places and degrees, in either script and misspelt', () => {
  it.each([['Kamrul', 'Kamrul Hasan'], ['কামরুল', 'Kamrul Hasan'], ['Kamrool', 'Kamrul Hasan'], ['kamr', 'Kamrul Hasan'],
    ['Dr. Selina Parveen', 'Selina Parveen'], ['সেলিনা পারভীন', 'Selina Parveen'], ['Selina Parvin', 'Selina Parveen'], ['abdul karim', 'Abdul Karim']])(
    '%s finds %s first', async (typed, name) => {
      expect((await search(typed)).items[0]?.name).toBe(name);
    },
  );

  it('finds by workplace, area and degree', async () => {
    expect((await search('BIRDEM')).items.length).toBeGreaterThan(0);
    expect((await search('Dhanmondi')).total).toBeGreaterThanOrEqual(CATALOGUE_DOCTORS.filter((d) => /Dhanmondi/.test(d.location)).length);
    expect((await search('DDV')).items.every((d) => d.specialities.includes('Dermatology'))).toBe(true);
  });

  it('puts exact words before close spellings: "nefrology" is nephrology, then neurology', async () => {
    const items = (await search('nefrology')).items;
    expectFirst(items, ['Nephrology']);
    expect(items.some((d) => d.specialities.includes('Neurology'))).toBe(true);
  });
});

describe('nothing found', () => {
  it('offers a spelling that would find something ("did you mean"), through both doors', async () => {
    const none = await search('gynocologist');
    expect(none.total).toBe(0);
    expect(none.didYouMean).toBe('Gynecology');
    expect((await rest('keyword=gynocologist')).didYouMean).toBe('Gynecology');
    expect((await search(none.didYouMean!)).total).toBeGreaterThan(0);
  });

  it('answers nothing, and no offer, for what is nobody and for no letters at all', async () => {
    expect(await search('zzqqxx')).toMatchObject({ total: 0, didYouMean: null });
    expect(await search('%_!')).toMatchObject({ total: 0, didYouMean: null });
  });
});

describe('as the list does', () => {
  it('pages without overlaps, and answers a page in the same statements whatever its size', async () => {
    const first = await search('Dhaka', { ps: 5, p: 1 });
    const second = await search('Dhaka', { ps: 5, p: 2 });
    expect(first.items).toHaveLength(5);
    expect(second.items.filter((d) => first.items.some((f) => f.id === d.id))).toEqual([]);
    const small = await countQueries(() => search('chest pain', { ps: 5 }));
    const large = await countQueries(() => search('chest pain', { ps: 50 }));
    expect(small.count).toBe(3);
    expect(large.count).toBe(small.count);
  });

  it('finds a doctor by a new name at once, and stops when the doctor is no longer listed', async () => {
    const admin = await asAdmin(t);
    const created = await admin.gql('mutation($input: AdminCreateDoctorInput!) { createDoctor(input: $input) { id } }', { input: {
      name: 'Zubayer Talukdar', email: 'zubayer.search@example.com', phone: '01811223399', gender: 'Male', degree: 'MBBS', specialities: ['Cardiology'],
      work: 'Anwer Khan Modern Hospital', fees: 700, location: 'Dhanmondi, Dhaka', bmdcNo: 'A-88999',
    } });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createDoctor.id;
    expect((await search('zubay')).items[0]?.id).toBe(id);
    expect((await search('জুবায়ের')).items[0]?.id).toBe(id);
    expect((await admin.gql('mutation($id: ID!) { rejectDoctor(id: $id) { id } }', { id })).errors).toBeUndefined();
    expect((await search('zubayer')).items.map((d) => d.id)).not.toContain(id);
    const [word] = await t.sql<{ doctors: number }>("select doctors from search_words where word = 'jubair'");
    expect(word?.doctors ?? 0).toBe(0);
  });
});
