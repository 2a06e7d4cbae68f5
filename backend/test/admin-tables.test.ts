import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from './app.js';
import { AuditEntry } from '../src/modules/audit/audit.entity.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await asAdmin(t);
});
afterAll(async () => {
  await t.close();
});

/** Every admin table: its GraphQL list (total + first id) and its CSV export, with one filter each. */
const TABLES = [
  { csv: 'appointments', query: 'allAppointments', filter: { gql: 'kind: Video', rest: 'kind=Video' } },
  { csv: 'doctors', query: 'allDoctors', filter: { gql: 'status: Approved', rest: 'status=approved' } },
  { csv: 'nurses', query: 'adminNurses', filter: null },
  { csv: 'nurse-hires', query: 'nurseHires', filter: { gql: 'status: Completed', rest: 'status=Completed' } },
  { csv: 'orders', query: 'adminOrders', filter: { gql: 'status: Delivered', rest: 'status=Delivered' } },
  { csv: 'users', query: 'users', filter: { gql: 'role: Doctor', rest: 'role=Doctor' } },
  { csv: 'blood-requests', query: 'bloodRequests', filter: null },
  { csv: 'insurance-applications', query: 'insuranceApplications', filter: null },
] as const;

/** RFC 4180 rows (quoted cells may hold commas and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r' && body[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  return rows;
}

describe('every admin table: paging, sort, filters, CSV of the filtered rows', () => {
  beforeAll(async () => {
    // Make sure the two tables without demo rows have some.
    await asVisitor(t).post('/insurance/apply', { name: 'Selina Hayat', email: 'selina@example.com', phone: '01911223344', gender: 'Female' });
    await asVisitor(t).post('/insurance/apply', { name: 'Abdul Karim', email: 'karim.a@example.com', phone: '01911223345', gender: 'Male' });
  });

  for (const table of TABLES) {
    it(`${table.csv}: CSV has exactly the filtered rows, newest or oldest first`, async () => {
      const args = (extra = '') => `(page: 1, pageSize: 100${table.filter ? `, ${table.filter.gql}` : ''}${extra})`;
      const newest = await admin.gql(`{ ${table.query}${args()} { total pageSize items { id } } }`);
      expect(newest.errors).toBeUndefined();
      const page = newest.data![table.query];
      expect(page.pageSize).toBe(100);
      const csv = await admin.get(`/admin/${table.csv}.csv${table.filter ? `?${table.filter.rest}` : ''}`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="nirog-${table.csv}.csv"`);
      const rows = csvRows(csv.text);
      expect(rows[0]![0]).toBe('id');
      expect(rows.length - 1).toBe(page.total);
      expect(rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(page.items.map((i: { id: string }) => i.id)));
      const sort = 'sort=oldest';
      const oldest = csvRows((await admin.get(`/admin/${table.csv}.csv?${[table.filter?.rest, sort].filter(Boolean).join('&')}`)).text);
      expect(oldest.slice(1).map((r) => r[0])).toEqual(rows.slice(1).map((r) => r[0]).reverse());
      if (page.total > 0 && table.query !== 'users') {
        const first = await admin.gql(`{ ${table.query}${args(', sort: oldest')} { items { id } } }`);
        expect(first.data![table.query].items[0].id).toBe(oldest[1]![0]);
      }
    });
  }

  it('filters really filter: the Delivered CSV holds only delivered orders', async () => {
    const rows = csvRows((await admin.get('/admin/orders.csv?status=Delivered')).text);
    const status = rows[0]!.indexOf('status');
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[status] === 'Delivered')).toBe(true);
    expect(rows[0]).toContain('total (BDT)');
    expect(rows.slice(1).every((r) => /^\d+\.\d{2}$/.test(r[rows[0]!.indexOf('total (BDT)')]!))).toBe(true);
  });

  it('filters users by status: verified or not', async () => {
    const email = `unverified${Date.now()}@example.com`;
    await asVisitor(t).gql('mutation($input: SignupInput!) { signup(input: $input) { id } }', { input: { name: 'Not Yet', email, password: 'Str0ng!pass' } });
    const q = (status: string) => admin.gql(`{ users(status: ${status}, pageSize: 100, search: "${email}") { total items { email emailVerified } } }`);
    expect((await q('unverified')).data!.users.items).toEqual([{ email, emailVerified: false }]);
    expect((await q('verified')).data!.users.total).toBe(0);
    const all = await admin.gql('{ v: users(status: verified, pageSize: 1) { total } u: users(status: unverified, pageSize: 1) { total } a: users(pageSize: 1) { total } }');
    expect(all.data!.v.total + all.data!.u.total).toBe(all.data!.a.total);
    const csv = csvRows((await admin.get('/admin/users.csv?status=unverified')).text);
    expect(csv.length - 1).toBe(all.data!.u.total);
  });

  it('refuses a bad filter with a coded 400, not a 500', async () => {
    const res = await admin.get('/admin/orders.csv?status=Lost');
    expect(res.status).toBe(400);
    expect((await admin.get('/admin/appointments.csv?sort=sideways')).status).toBe(400);
  });

  it('writes an audit entry for each export (personal data leaving Nirog)', async () => {
    await admin.get('/admin/blood-requests.csv');
    const em = t.orm.em.fork();
    const entry = await em.findOne(AuditEntry, { action: 'csv.export', entityType: 'blood-requests' }, { orderBy: { createdAt: 'desc' } });
    expect(entry).not.toBeNull();
    expect(entry!.actorRole).toBe('admin');
  });

  it('refuses every export to visitors, patients and doctors', async () => {
    const patient = await asPatient(t);
    const doctor = await asDoctor(t);
    for (const table of TABLES) {
      expect((await asVisitor(t).get(`/admin/${table.csv}.csv`)).status).toBe(401);
      expect((await patient.get(`/admin/${table.csv}.csv`)).status).toBe(403);
      expect((await doctor.get(`/admin/${table.csv}.csv`)).status).toBe(403);
    }
  });

  it("the low-stock filter (the dashboard tile's table) lists only medicines at or below the threshold, for admins", async () => {
    await t.sql('update medicines set stock = 3 where id = (select id from medicines order by name limit 1)');
    const res = await admin.gql('{ adminMedicines: medicines(lowStock: true, pageSize: 100) { total items { stock } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data!.adminMedicines.total).toBeGreaterThanOrEqual(1);
    expect(res.data!.adminMedicines.items.every((m: { stock: number }) => m.stock <= 10)).toBe(true);
    const dash = await admin.gql('{ adminDashboard { lowStockMedicines } }');
    expect(dash.data!.adminDashboard.lowStockMedicines).toBe(res.data!.adminMedicines.total);
    // Anyone else: the filter is ignored, the catalogue is the catalogue.
    const visitor = await asVisitor(t).gql('{ medicines(lowStock: true, pageSize: 5) { total } }');
    expect(visitor.data!.medicines.total).toBeGreaterThan(res.data!.adminMedicines.total);
  });
});
