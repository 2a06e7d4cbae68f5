import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asVisitor, countQueries, createTestApp, type TestApp } from '../../../../test/app.js';
import { BANGLA_NAMES, DEMO_MEDICINES } from '../../../seeders/demo-medicines.js';

/**
 * Searching the catalogue as Bangladesh types (docs/search.md): brand, generic and company in Latin
 * letters or Bangla script, misspelt, with the brand named first and other brands of its generic after;
 * GraphQL `medicines(keyword)` and REST `/api/get/medicine?keyword=` alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = { id: string; name: string; nameBn: string; genericName: string };
async function search(keyword: string, pageSize = 100) {
  const res = await asVisitor(t).gql<{ medicines: { total: number; didYouMean: string | null; items: Row[] } }>(
    'query($k: String, $ps: Int!) { medicines(keyword: $k, page: 1, pageSize: $ps) { total didYouMean items { id name nameBn genericName } } }', { k: keyword, ps: pageSize });
  expect(res.errors).toBeUndefined();
  return res.data!.medicines;
}
async function rest(keyword: string) {
  const res = await asVisitor(t).get(`/get/medicine/?pageSize=100&keyword=${encodeURIComponent(keyword)}`);
  expect(res.status).toBe(200);
  return res.body as { medicines: { _id: string; name: string; nameBn: string }[]; medicineCount: number; didYouMean: string | null };
}

describe('the catalogue in Bangla', () => {
  it('gives every demo medicine its Bangla name, through both doors', async () => {
    expect(DEMO_MEDICINES.every(([name]) => BANGLA_NAMES[name])).toBe(true);
    const all = await asVisitor(t).gql<{ medicines: { items: Row[] } }>('{ medicines(page: 1, pageSize: 100) { items { name nameBn } } }');
    for (const m of all.data!.medicines.items) expect(m.nameBn).toBe(BANGLA_NAMES[m.name]);
    const napa = (await rest('Napa')).medicines.find((m) => m.name === 'Napa');
    expect(napa?.nameBn).toBe('নাপা');
  });

  it('finds a brand typed in Bangla script first, as REST does', async () => {
    const found = await search('নাপা');
    expect(found.items[0]).toMatchObject({ name: 'Napa', nameBn: 'নাপা' });
    const viaRest = await rest('নাপা');
    expect(viaRest.medicines.map((m) => m._id)).toEqual(found.items.map((m) => m.id));
    expect(viaRest.medicineCount).toBe(found.total);
    expect((await search('প্যারাসিটামল')).items.every((m) => /Paracetamol/.test(m.genericName))).toBe(true);
  });

  it('finds a brand in Bangla script that has no Bangla name yet, through the search key', async () => {
    const admin = await asAdmin(t);
    const made = await admin.gql('mutation($input: MedicineInput!) { createMedicine(input: $input) { id nameBn } }', { input: {
      name: 'Zentel', genericName: 'Albendazole', company: 'GlaxoSmithKline Bangladesh', strength: '400 mg', form: 'Tablet', unit: 'Pcs', pricePoisha: 1500, stock: 40,
    } });
    expect(made.errors).toBeUndefined();
    expect(made.data!.createMedicine.nameBn).toBe('');
    expect((await search('জেনটেল')).items[0]?.name).toBe('Zentel');
    // An admin writes its Bangla name; the earlier REST form's field name works too.
    const id = made.data!.createMedicine.id;
    expect((await admin.gql('mutation($id: ID!, $input: MedicineUpdateInput!) { updateMedicine(id: $id, input: $input) { nameBn } }',
      { id, input: { nameBn: 'জেন্টেল' } })).data!.updateMedicine.nameBn).toBe('জেন্টেল');
    const form = await admin.put(`/admin/medicine/${id}`, { name_bn: 'জেনটেল' });
    expect(form.body.medicine.nameBn).toBe('জেনটেল');
  });
});

describe('misspellings and ranking', () => {
  it.each([['paracetmol', 'Paracetamol'], ['omiprazole', 'Omeprazole'], ['amoxycilin', 'Amoxicillin'], ['azithromicin', 'Azithromycin'], ['cefixim', 'Cefixime']])(
    '%s finds %s', async (typed, generic) => {
      const found = await search(typed);
      expect(found.total).toBeGreaterThan(0);
      expect(found.items[0]!.genericName).toContain(generic);
    },
  );

  it('puts the brand named first, its other forms next, then other brands of the same generic', async () => {
    const names = (await search('napa')).items.map((m) => m.name);
    expect(names[0]).toBe('Napa');
    const lastNapa = names.map((n) => n.startsWith('Napa')).lastIndexOf(true);
    expect(names.slice(0, lastNapa + 1).every((n) => n.startsWith('Napa'))).toBe(true);
    expect(names.slice(lastNapa + 1)).toEqual(expect.arrayContaining(['Ace', 'Fast', 'Renova']));
    expect((await search('napa extra')).items.map((m) => m.name)).toEqual(['Napa Extra', 'Ace Plus']);
  });

  it('reads a strength and a form beside the brand', async () => {
    expect((await search('monas 10')).items.map((m) => m.name)).toEqual(['Monas']);
    expect((await search('napa syrup')).items[0]!.name).toBe('Napa Syrup');
    expect((await search('ফেক্সো ১৮০')).items[0]!.name).toBe('Fexo 180');
  });

  it('offers a spelling when nothing is found, through both doors', async () => {
    const none = await search('paractemol');
    expect(none).toMatchObject({ total: 0, didYouMean: 'Paracetamol' });
    expect((await rest('paractemol')).didYouMean).toBe('Paracetamol');
    expect(await search('zzqqxx')).toMatchObject({ total: 0, didYouMean: null });
  });

  it('pages a search in the same statements whatever the page size', async () => {
    const small = await countQueries(() => search('napa', 2));
    const large = await countQueries(() => search('napa', 50));
    expect(large.count).toBe(small.count);
    expect(small.count).toBeLessThanOrEqual(3);
  });
});
