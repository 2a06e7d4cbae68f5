import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, type TestApp } from '../../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function pendingDoctorId(): Promise<string> {
  const admin = await asAdmin(t);
  const res = await admin.gql('{ pendingDoctors(pageSize: 10) { items { id } } }');
  return res.data!.pendingDoctors.items[0].id;
}

describe('audit log', () => {
  it('records an admin action through GraphQL: who, what, which record, from where', async () => {
    const id = await pendingDoctorId();
    const admin = await asAdmin(t);
    await admin.gql('mutation($id: ID!) { approveDoctor(id: $id) { id } }', { id });
    const log = await admin.gql('query($id: String) { auditLog(entityId: $id) { items { action actorId actorRole entityType entityId ip requestId } total } }', { id });
    expect(log.data!.auditLog.items).toEqual([
      expect.objectContaining({ action: 'approveDoctor', actorId: admin.user!._id, actorRole: 'admin', entityType: 'Doctor', entityId: id }),
    ]);
    expect(log.data!.auditLog.items[0].requestId).toMatch(/[0-9a-f-]{36}/);
  });

  it('says who acted: the account\'s name and email, joined in by the read model', async () => {
    const id = await pendingDoctorId();
    const admin = await asAdmin(t);
    await admin.gql('mutation($id: ID!) { rejectDoctor(id: $id) { id } }', { id });
    const log = await admin.gql('query($id: String) { auditLog(entityId: $id) { items { action actorName actorEmail actorRole } } }', { id });
    expect(log.data!.auditLog.items).toEqual([
      { action: 'rejectDoctor', actorName: admin.user!.name, actorEmail: 'admin@nirog.test', actorRole: 'admin' },
    ]);
  });

  it('records an admin action through REST, without secrets', async () => {
    const admin = await asAdmin(t);
    const users = await admin.get('/users?search=nusrat');
    const userId = users.body.users[0]._id;
    await admin.delete(`/admin/user/${userId}`);
    const log = await admin.gql('query($id: String) { auditLog(entityId: $id) { items { action details } } }', { id: userId });
    expect(log.data!.auditLog.items[0].action).toBe('DELETE /admin/user/:id');
  });

  it('keeps an admin\'s successful password change without the passwords (GraphQL and REST)', async () => {
    // Two changes that succeed, so each is recorded: to a new password over GraphQL and back over REST.
    const admin = await asAdmin(t);
    const secret = 'Quiet-harbour-lamp-71';
    const changed = await admin.gql('mutation($i: ChangePasswordInput!) { changePassword(input: $i) }',
      { i: { oldPassword: 'nirog2026', newPassword: secret, confirmPassword: secret } });
    expect(changed.data?.changePassword).toBe(true);
    const back = await admin.put('/updatePassword', { oldPassword: secret, newPassword: 'nirog2026', confirmPassword: 'nirog2026' });
    expect(back.status).toBe(200);
    const again = await asAdmin(t);
    const log = await again.gql('query($id: ID) { auditLog(actorId: $id, pageSize: 100) { items { action details } } }', { id: again.user!._id });
    const items = log.data!.auditLog.items as { action: string; details: string | null }[];
    const gqlEntry = items.find((i) => i.action === 'changePassword');
    const restEntry = items.find((i) => i.action === 'PUT /updatePassword');
    expect(JSON.parse(gqlEntry!.details!)).toEqual({ input: { oldPassword: '[redacted]', newPassword: '[redacted]', confirmPassword: '[redacted]' } });
    expect(restEntry!.details).toContain('[redacted]');
    expect(JSON.stringify(items)).not.toContain(secret);
    expect(JSON.stringify(items)).not.toContain('nirog2026');
  });

  it('does not record what patients and doctors do to their own accounts', async () => {
    const patient = await asPatient(t);
    await patient.put('/update/currentUserdetails', { name: 'Rahima Akter', phone: '01712345678', birthdate: '1992-04-14' });
    const doctor = await asDoctor(t);
    await doctor.gql('mutation { setDoctorOnline(online: true) { id } }');
    const admin = await asAdmin(t);
    const log = await admin.gql('query($id: ID) { auditLog(actorId: $id) { total } }', { id: patient.user!._id });
    expect(log.data!.auditLog.total).toBe(0);
  });

  it('is readable by admins only', async () => {
    expect((await asVisitor(t).gql('{ auditLog { total } }')).code).toBe('UNAUTHENTICATED');
    expect((await (await asPatient(t)).gql('{ auditLog { total } }')).code).toBe('FORBIDDEN');
    expect((await (await asDoctor(t)).gql('{ auditLog { total } }')).code).toBe('FORBIDDEN');
  });

  it('cannot be altered or deleted, even with direct SQL', async () => {
    const conn = t.orm.em.fork().getConnection();
    await expect(conn.execute(`update audit_log set action = 'nothing'`)).rejects.toThrow(/append-only/);
    await expect(conn.execute('delete from audit_log')).rejects.toThrow(/append-only/);
    await expect(conn.execute('truncate audit_log')).rejects.toThrow(/append-only/);
  });

  it('records reads of a patient\'s medical records by others, with where they came from, but not the patient\'s own', async () => {
    const patient = await asPatient(t);
    const mine = await patient.get('/my/prescription');
    expect(mine.status).toBe(200);
    const list = Object.values(mine.body).find(Array.isArray) as { _id?: string; id?: string }[];
    const id = list[0]!._id ?? list[0]!.id!;
    expect((await patient.get(`/prescription/${id}`)).status).toBe(200);
    const admin = await asAdmin(t);
    expect((await admin.get(`/prescription/${id}`)).status).toBe(200);
    const log = await admin.gql('query($id: String) { auditLog(entityId: $id) { items { action actorRole ip requestId } } }', { id });
    expect(log.data!.auditLog.items).toEqual([expect.objectContaining({ action: 'read:prescription', actorRole: 'admin' })]);
    expect(log.data!.auditLog.items[0].requestId).toMatch(/[0-9a-f-]{36}/);
    expect(log.data!.auditLog.items[0].ip).toBeTruthy();
  });
});

/**
 * What the audit log promises (docs/decisions.md, "Audit lines"): a line for a change is written
 * after the change commits and before the answer leaves, on its own statement; a change that failed
 * has no line; a line that cannot be written never undoes the change (the failure is logged).
 */
describe('when audit lines are written', () => {
  const linesFor = async (id: string) => (await t.sql('select action from audit_log where entity_id = ?', [id])).map((r) => r.action as string);

  it('writes none for a change that was refused, and one, readable when the answer arrives, for a change made', async () => {
    const admin = await asAdmin(t);
    const unknown = '00000000-0000-4000-8000-00000000a0d1';
    expect((await admin.gql('mutation($id: ID!) { approveDoctor(id: $id) { id } }', { id: unknown })).code).toBe('NOT_FOUND');
    expect(await linesFor(unknown)).toEqual([]);
    const id = await pendingDoctorId();
    expect((await admin.gql('mutation($id: ID!) { approveDoctor(id: $id) { id } }', { id })).errors).toBeUndefined();
    expect(await linesFor(id)).toEqual(['approveDoctor']);
  });

  it('keeps the change when its line cannot be written', async () => {
    const id = await pendingDoctorId();
    await t.sql(`alter table audit_log add constraint audit_test_refuses check (action <> 'approveDoctor') not valid`);
    try {
      const res = await (await asAdmin(t)).gql('mutation($id: ID!) { approveDoctor(id: $id) { id status } }', { id });
      expect(res.errors).toBeUndefined();
      expect(res.data!.approveDoctor.status).toBe('Approved');
    } finally {
      await t.sql('alter table audit_log drop constraint audit_test_refuses');
    }
    expect((await t.sql('select status from doctors where id = ?', [id]))[0].status).toBe('approved');
    expect(await linesFor(id)).toEqual([]);
  });

  it("records a pharmacist's read of an order in the service, through either door alike", async () => {
    const [order] = await t.sql('select id from orders where prescription_image_url is not null order by created_at limit 1');
    const pharmacist = await login(t, 'pharmacist@nirog.test');
    expect((await pharmacist.get(`/order/${order.id}`)).status).toBe(200);
    expect((await pharmacist.gql('query($id: ID!) { order(id: $id) { id } }', { id: order.id })).data!.order.id).toBe(order.id);
    expect(await linesFor(order.id)).toEqual(['read:order', 'read:order']);
    const before = (await t.sql(`select count(*)::int as n from audit_log where action = 'read:order'`))[0].n;
    const page = await pharmacist.gql('{ prescriptionOrders(page: 1, waiting: false) { items { id } } }');
    expect(page.errors).toBeUndefined();
    expect((await t.sql(`select count(*)::int as n from audit_log where action = 'read:order'`))[0].n).toBe(before + 1);
  });
});
