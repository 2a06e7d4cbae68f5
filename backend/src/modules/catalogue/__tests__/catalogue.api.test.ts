import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { asAdmin, asDoctor, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import { writeXlsx } from '../../../../test/xlsx.js';
import { REPO_ROOT } from '../../../config.js';

/**
 * An admin fills the catalogue from a file: the dry run names every row's problem with its line and
 * writes nothing; a clean file is imported in one transaction, with its progress; importing it again
 * updates, never duplicates; each step is in the audit log. Specialities are added and edited too.
 */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const FIELDS = 'id kind fileName status totalRows newRows existingRows problemCount problems { line column code value } ignoredColumns processedRows createdRows updatedRows unchangedRows error';

async function check(client: Client, kind: 'Medicines' | 'Specialities', file: Buffer, name: string) {
  const res = await t.http().post('/graphql')
    .set('Authorization', `Bearer ${client.token}`)
    .set('apollo-require-preflight', 'true')
    .field('operations', JSON.stringify({ query: `mutation($kind: CatalogueKind!, $file: Upload!) { checkCatalogueImport(kind: $kind, file: $file) { ${FIELDS} } }`, variables: { kind, file: null } }))
    .field('map', JSON.stringify({ 0: ['variables.file'] }))
    .attach('0', file, name);
  return { status: res.status, data: res.body.data?.checkCatalogueImport, errors: res.body.errors as { extensions: { code: string; reason: string; params?: Record<string, unknown> } }[] | undefined };
}

async function runToEnd(id: string) {
  const started = await admin.gql(`mutation($id: ID!) { runCatalogueImport(id: $id) { status } }`, { id });
  expect(started.errors).toBeUndefined();
  expect(started.data?.runCatalogueImport.status).toBe('Running');
  for (let i = 0; i < 200; i += 1) {
    const read = await admin.gql(`query($id: ID!) { catalogueImport(id: $id) { ${FIELDS} } }`, { id });
    if (read.data?.catalogueImport.status !== 'Running') return read.data!.catalogueImport;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import never finished');
}

const count = async (sql: string, params: unknown[] = []) => Number((await t.sql<{ n: string }>(sql, params))[0]!.n);
const sample = readFileSync(path.join(REPO_ROOT, 'docs/catalogue/medicines-sample.csv'));

describe('importing medicines', () => {
  it('checks a file without writing a medicine, naming every problem with its line', async () => {
    const before = await count('select count(*) as n from medicines');
    const bad = Buffer.from('brand,generic,strength,form,company,price,colour\nNapa,Paracetamol,500 mg,Tablet,Beximco,12,red\n,Omeprazole,20 mg,Pill,Square,abc,\n');
    const res = await check(admin, 'Medicines', bad, 'bad.csv');
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({ status: 'Checked', totalRows: 2, problemCount: 3, newRows: 1, ignoredColumns: ['colour'] });
    expect(res.data.problems).toEqual([
      { line: 3, column: 'brand', code: 'MISSING_VALUE', value: null },
      { line: 3, column: 'form', code: 'UNKNOWN_FORM', value: 'Pill' },
      { line: 3, column: 'price', code: 'BAD_PRICE', value: 'abc' },
    ]);
    expect(await count('select count(*) as n from medicines')).toBe(before);
    const refused = await admin.gql('mutation($id: ID!) { runCatalogueImport(id: $id) { status } }', { id: res.data.id });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'CONFLICT', reason: 'IMPORT_HAS_PROBLEMS', params: { count: 3 } });
  });

  it('imports the sample file in one go, then again: updated, never duplicated, and on record', async () => {
    const first = await check(admin, 'Medicines', sample, 'medicines-sample.csv');
    expect(first.data).toMatchObject({ status: 'Checked', totalRows: 12, problemCount: 0 });
    const done = await runToEnd(first.data.id);
    expect(done).toMatchObject({ status: 'Done', processedRows: 12, error: null });
    expect(done.createdRows + done.updatedRows + done.unchangedRows).toBe(12);
    const napa = await t.sql<Record<string, unknown>>(`select name_bn, price_poisha, prescription_required, stock, unit, is_active from medicines where name = 'Napa' and strength = '500 mg' and form = 'Tablet'`);
    expect(napa).toEqual([{ name_bn: 'নাপা', price_poisha: 1200, prescription_required: false, stock: 200, unit: 'strip', is_active: true }]);
    const monas = await t.sql<Record<string, unknown>>(`select prescription_required, price_poisha from medicines where name = 'Monas'`);
    expect(monas).toEqual([{ prescription_required: true, price_poisha: 16000 }]);

    const total = await count('select count(*) as n from medicines');
    const again = await check(admin, 'Medicines', sample, 'medicines-sample.csv');
    expect(again.data).toMatchObject({ newRows: 0, existingRows: 12 });
    expect(await runToEnd(again.data.id)).toMatchObject({ status: 'Done', createdRows: 0, updatedRows: 0, unchangedRows: 12 });
    expect(await count('select count(*) as n from medicines')).toBe(total);

    // A price changed in the file, spelled in other case: that medicine is updated, nothing added.
    const changed = Buffer.from(sample.toString('utf8').replace('Napa,Paracetamol,500 mg,Tablet,Beximco Pharmaceuticals,12.00', 'NAPA,Paracetamol,500 MG,tablet,beximco pharmaceuticals,13.50'));
    const third = await check(admin, 'Medicines', changed, 'medicines-sample.csv');
    expect(await runToEnd(third.data.id)).toMatchObject({ status: 'Done', createdRows: 0, updatedRows: 1, unchangedRows: 11 });
    expect(await count('select count(*) as n from medicines')).toBe(total);
    expect(await count(`select price_poisha as n from medicines where lower(name) = 'napa' and strength = '500 MG'`)).toBe(1350);

    const audit = await t.sql<{ action: string }>(`select action from audit_log where entity_id = ? order by created_at`, [first.data.id]);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['runCatalogueImport', 'catalogue.imported']));
    const listed = await admin.gql('{ catalogueImports(last: 3) { id status } }');
    expect(listed.data?.catalogueImports[0]).toEqual({ id: third.data.id, status: 'Done' });
  });

  it('runs an import once: a second start, or two at once, is refused', async () => {
    const res = await check(admin, 'Medicines', sample, 'medicines-sample.csv');
    const runs = await Promise.all([1, 2, 3].map(() => admin.gql('mutation($id: ID!) { runCatalogueImport(id: $id) { status } }', { id: res.data.id })));
    expect(runs.filter((r) => !r.errors)).toHaveLength(1);
    expect(runs.filter((r) => r.errors?.[0]?.extensions?.reason === 'IMPORT_NOT_READY')).toHaveLength(2);
    for (let i = 0; i < 200 && (await admin.gql(`query($id: ID!) { catalogueImport(id: $id) { status } }`, { id: res.data.id })).data?.catalogueImport.status === 'Running'; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  it('reads an XLSX file as Excel saves it', async () => {
    const file = writeXlsx([
      ['Brand', 'Generic', 'Strength', 'Form', 'Company', 'Price', 'Prescription only', 'Bangla name'],
      ['Xlsxol', 'Testamine', '10 mg', 'Tablet', 'Sheet Labs', 45.5, 'yes', 'এক্সেলসল'],
    ]);
    const res = await check(admin, 'Medicines', file, 'catalogue.xlsx');
    expect(res.data).toMatchObject({ problemCount: 0, newRows: 1 });
    expect(await runToEnd(res.data.id)).toMatchObject({ status: 'Done', createdRows: 1 });
    expect(await t.sql(`select name_bn, price_poisha, prescription_required from medicines where name = 'Xlsxol'`)).toEqual([{ name_bn: 'এক্সেলসল', price_poisha: 4550, prescription_required: true }]);
  });

  it('refuses a file that is no spreadsheet with a coded error, and callers who are not admins', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await check(admin, 'Medicines', png, 'photo.png');
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'UNREADABLE_FILE' });
    expect((await check(await asDoctor(t), 'Medicines', sample, 'm.csv')).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await check(asVisitor(t), 'Medicines', sample, 'm.csv')).errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('specialities', () => {
  it('imports specialities by title, in English and Bangla', async () => {
    const file = readFileSync(path.join(REPO_ROOT, 'docs/catalogue/specialities-sample.csv'));
    const res = await check(admin, 'Specialities', file, 'specialities-sample.csv');
    expect(res.data).toMatchObject({ problemCount: 0, totalRows: 5, existingRows: 2, newRows: 3 });
    expect(await runToEnd(res.data.id)).toMatchObject({ status: 'Done', createdRows: 3 });
    const list = (await asVisitor(t).gql('{ specialities { title titleBn slug } }')).data!.specialities as { title: string; titleBn: string; slug: string }[];
    expect(list).toContainEqual({ title: 'Diabetes & Endocrinology', titleBn: 'ডায়াবেটিস ও হরমোন', slug: 'diabetes-endocrinology' });
    const again = await check(admin, 'Specialities', file, 'specialities-sample.csv');
    expect(await runToEnd(again.data.id)).toMatchObject({ createdRows: 0, updatedRows: 0, unchangedRows: 5 });
  });

  it('lets an admin add one and rename it, the new title carried into every doctor who names it', async () => {
    const created = await admin.gql('mutation { createSpeciality(input: { title: "Sports Medicine", titleBn: "ক্রীড়া চিকিৎসা" }) { id title titleBn slug } }');
    expect(created.errors).toBeUndefined();
    expect(created.data?.createSpeciality).toMatchObject({ title: 'Sports Medicine', titleBn: 'ক্রীড়া চিকিৎসা', slug: 'sports-medicine' });
    const twice = await admin.gql('mutation { createSpeciality(input: { title: "sports medicine" }) { id } }');
    expect(twice.errors?.[0]?.extensions?.reason).toBe('SPECIALITY_TAKEN');

    await t.sql(`update doctors set specialities = array_append(specialities, 'Sports Medicine') where id = (select id from doctors order by id limit 1)`);
    const renamed = await admin.gql('mutation($id: ID!) { updateSpeciality(id: $id, input: { title: "Sports & Exercise Medicine", titleBn: "খেলাধুলা ও ব্যায়াম চিকিৎসা" }) { title titleBn slug } }', { id: created.data!.createSpeciality.id });
    expect(renamed.data?.updateSpeciality).toEqual({ title: 'Sports & Exercise Medicine', titleBn: 'খেলাধুলা ও ব্যায়াম চিকিৎসা', slug: 'sports-medicine' });
    expect(await count(`select count(*) as n from doctors where 'Sports & Exercise Medicine' = any(specialities)`)).toBe(1);
    expect(await count(`select count(*) as n from doctors where 'Sports Medicine' = any(specialities)`)).toBe(0);
    const clash = await admin.gql('mutation($id: ID!) { updateSpeciality(id: $id, input: { title: "Cardiology" }) { title } }', { id: created.data!.createSpeciality.id });
    expect(clash.errors?.[0]?.extensions?.reason).toBe('SPECIALITY_TAKEN');
  });
});
