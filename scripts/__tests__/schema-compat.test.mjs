// The public schema check (scripts/schema-compat.mjs) and the release (scripts/schema-release.mjs), on
// small schemas and through their command lines. Run by `npm test` (suite schema-compat).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareSchemas, removalDate } from '../schema-compat.mjs';

const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TODAY = '2026-11-25';

const released = `
type Doctor {
  id: ID!
  name: String!
  fee: Int!
  phone: String @deprecated(reason: "Doctors are reached through Nirog. Removal after 2026-06-30")
  email: String @deprecated(reason: "Use contact. Removal after 2027-03-01")
  fax: String @deprecated(reason: "Nobody sends faxes")
}
type Query {
  doctors(page: Int, speciality: String, city: String @deprecated(reason: "Use area. Removal after 2026-01-01")): [Doctor!]!
  doctor(id: ID!): Doctor
}
`;

const check = (current) => compareSchemas(released, current, TODAY);

describe('schema compatibility', () => {
  it('passes the released schema against itself', async () => {
    const r = await check(released);
    assert.deepEqual(r.broken, []);
  });

  it('passes an additive change (a new field, a new optional argument, a new type)', async () => {
    const r = await check(released
      .replace('fee: Int!', 'fee: Int!\n  languages: [String!]!')
      .replace('city: String @deprecated', 'language: String, city: String @deprecated')
      .concat('\ntype Speciality { id: ID! name: String! }\nextend type Query { specialities: [Speciality!]! }\n'));
    assert.deepEqual(r.broken, []);
    assert.ok(r.safe.some((c) => c.path === 'Doctor.languages'));
  });

  it('fails when a field is removed, and says which and why', async () => {
    const r = await check(released.replace('  name: String!\n', ''));
    assert.equal(r.broken.length, 1);
    assert.equal(r.broken[0].type, 'FIELD_REMOVED');
    assert.equal(r.broken[0].path, 'Doctor.name');
    assert.match(r.broken[0].why, /not deprecated/);
  });

  it("fails when a field's type changes", async () => {
    const r = await check(released.replace('fee: Int!', 'fee: String!'));
    assert.deepEqual(r.broken.map((c) => [c.type, c.path]), [['FIELD_TYPE_CHANGED', 'Doctor.fee']]);
  });

  it('fails when an argument becomes required, or a required one is added', async () => {
    const r = await check(released.replace('doctors(page: Int,', 'doctors(page: Int!,').replace('doctor(id: ID!)', 'doctor(id: ID!, lang: String!)'));
    assert.deepEqual(r.broken.map((c) => [c.type, c.path]).sort(), [
      ['FIELD_ARGUMENT_ADDED', 'Query.doctor.lang'],
      ['FIELD_ARGUMENT_TYPE_CHANGED', 'Query.doctors.page'],
    ]);
  });

  it('passes the removal of a field deprecated with a removal date that has passed', async () => {
    const r = await check(released.replace(/ {2}phone: String @deprecated.*\n/, ''));
    assert.deepEqual(r.broken, []);
    assert.equal(r.allowed[0].path, 'Doctor.phone');
    assert.match(r.allowed[0].why, /removal after 2026-06-30/);
  });

  it('passes the removal of an argument deprecated with a past removal date', async () => {
    const r = await check(released.replace(', city: String @deprecated(reason: "Use area. Removal after 2026-01-01")', ''));
    assert.deepEqual(r.broken, []);
    assert.equal(r.allowed[0].path, 'Query.doctors.city');
  });

  it('fails the removal of a field whose removal date is still to come', async () => {
    const r = await check(released.replace(/ {2}email: String @deprecated.*\n/, ''));
    assert.equal(r.broken.length, 1);
    assert.equal(r.broken[0].path, 'Doctor.email');
    assert.match(r.broken[0].why, /2027-03-01\) has not passed/);
  });

  it('fails the removal of a field deprecated without a removal date', async () => {
    const r = await check(released.replace(/ {2}fax: String @deprecated.*\n/, ''));
    assert.match(r.broken[0].why, /without a removal date/);
  });

  it('reads the removal date from the reason', () => {
    assert.equal(removalDate('Use x. Removal after 2027-03-01'), '2027-03-01');
    assert.equal(removalDate('Use x'), null);
  });
});

describe('the check and the release on the command line', () => {
  function project(current) {
    const dir = mkdtempSync(path.join(tmpdir(), 'nirog-schema-'));
    mkdirSync(path.join(dir, 'schema'));
    writeFileSync(path.join(dir, 'schema/released.graphql'), `# Nirog public schema: release 4 (2026-01-10)\n${released}`);
    writeFileSync(path.join(dir, 'schema/CHANGELOG.md'), '# Changelog\n\nIntro.\n\n## Release 4 (2026-01-10)\n\nOlder.\n');
    writeFileSync(path.join(dir, 'schema.graphql'), current);
    return dir;
  }
  const run = (script, dir) => spawnSync(process.execPath, [path.join(scripts, script)], {
    encoding: 'utf8', env: { ...process.env, NIROG_SCHEMA_ROOT: dir, SCHEMA_COMPAT_TODAY: TODAY },
  });

  it('exits 1 on a breaking change and prints what broke and why', () => {
    const r = run('schema-compat.mjs', project(released.replace('fee: Int!', 'fee: Float!')));
    assert.equal(r.status, 1);
    assert.match(r.stdout, /BREAKING .*Doctor\.fee.*not deprecated in the released schema/);
  });

  it('refuses to release a breaking change', () => {
    const dir = project(released.replace('  name: String!\n', ''));
    const r = run('schema-release.mjs', dir);
    assert.equal(r.status, 1);
    assert.match(readFileSync(path.join(dir, 'schema/released.graphql'), 'utf8'), /release 4/);
  });

  it('rolls the released schema forward and adds a CHANGELOG entry', () => {
    const current = released.replace('fee: Int!', 'fee: Int!\n  languages: [String!]!').replace(/ {2}phone: String @deprecated.*\n/, '');
    const dir = project(current);
    const r = run('schema-release.mjs', dir);
    assert.equal(r.status, 0, r.stderr);
    const next = readFileSync(path.join(dir, 'schema/released.graphql'), 'utf8');
    assert.match(next, /^# Nirog public schema: release 5 \(2026-11-25\)/);
    assert.ok(next.includes(current));
    const log = readFileSync(path.join(dir, 'schema/CHANGELOG.md'), 'utf8');
    assert.match(log, /Intro\.\n\n## Release 5 \(2026-11-25\)\n\n### Added\n- Field `languages` was added to object type `Doctor`\n/);
    assert.match(log, /### Removed \(after their announced date\)\n- Field `phone` \(deprecated\) was removed/);
    assert.ok(log.indexOf('## Release 5') < log.indexOf('## Release 4'));
    assert.equal(run('schema-compat.mjs', dir).status, 0);
  });
});
