import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asVisitor, createTestApp, type TestApp } from '../../../../test/app.js';

/** Suggestions as one types (`searchSuggestions`): what the search boxes of /, /doctors and /medicine show. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const SUGGEST = `query($text: String!, $scope: SearchScope!, $limit: Int!) { searchSuggestions(text: $text, scope: $scope, limit: $limit) {
  text didYouMean specialities { term speciality { title titleBn } } doctors { id name } medicines { id name nameBn } } }`;
type Found = { text: string; didYouMean: string | null; specialities: { term: string | null; speciality: { title: string } }[]; doctors: { id: string; name: string }[]; medicines: { id: string; name: string }[] };
async function suggest(text: string, scope = 'All', limit = 5) {
  const res = await asVisitor(t).gql<{ searchSuggestions: Found }>(SUGGEST, { text, scope, limit });
  expect(res.errors).toBeUndefined();
  return res.data!.searchSuggestions;
}

describe('suggestions as one types', () => {
  it('leads a complaint half typed to its specialities, and shows the first doctors the list would show', async () => {
    const found = await suggest('chest pai', 'Doctors');
    expect(found.specialities[0]).toEqual({ term: 'chest pain', speciality: expect.objectContaining({ title: 'Cardiology' }) });
    expect(found.specialities.map((s) => s.speciality.title)).toContain('Medicine');
    expect(found.medicines).toEqual([]);
    const list = await asVisitor(t).gql<{ doctors: { items: { id: string }[] } }>('{ doctors(search: "chest pai", page: 1, pageSize: 5) { items { id } } }');
    expect(found.doctors.map((d) => d.id)).toEqual(list.data!.doctors.items.map((d) => d.id));
  });

  it('reads Bangla script: a speciality begun (হৃদ), a brand (নাপা)', async () => {
    const heart = await suggest('হৃদ', 'Doctors');
    expect(heart.specialities[0]).toEqual({ term: null, speciality: expect.objectContaining({ title: 'Cardiology', titleBn: 'হৃদরোগ' }) });
    const napa = await suggest('নাপা', 'Medicines');
    expect(napa.medicines[0]).toMatchObject({ name: 'Napa', nameBn: 'নাপা' });
    expect(napa.doctors).toEqual([]);
    expect(napa.specialities).toEqual([]);
  });

  it('keeps to the scope asked, at most `limit` of each kind', async () => {
    const all = await suggest('heart', 'All', 3);
    expect(all.specialities[0]).toEqual({ term: 'heart', speciality: expect.objectContaining({ title: 'Cardiology' }) });
    expect(all.doctors.length).toBeLessThanOrEqual(3);
    expect((await suggest('seclo', 'All')).medicines[0]!.name).toBe('Seclo');
    const refused = await asVisitor(t).gql(SUGGEST, { text: 'heart', scope: 'All', limit: 9 });
    expect(refused.errors?.[0]?.extensions?.reason).toBe('INVALID_INPUT');
  });

  it('says "did you mean" when nothing matches, and nothing for no letters', async () => {
    const none = await suggest('gynocologist');
    expect(none).toMatchObject({ specialities: [], doctors: [], medicines: [], didYouMean: 'Gynecology' });
    expect(await suggest('!!')).toMatchObject({ specialities: [], doctors: [], medicines: [], didYouMean: null });
  });
});
