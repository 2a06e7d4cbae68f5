import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, type Client, type TestApp } from '../app.js';

/**
 * The two doors publish one decision of who sees what. For each record that shows contact details,
 * money or medical data (a consultation with a refund, an order with a refund, a prescription), each
 * role reads it through REST and through GraphQL; the test fails where one door refuses and the other
 * answers, or where both answer and a contact, money or medical field differs. Both sides are brought
 * to one comparable shape here (local phone numbers, ids of refunds), never to the code's own rule.
 */
let t: TestApp;
const who: Record<string, Client> = {};
let ids: { appointment: string; order: string; prescription: string; doctorEmail: string };

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(who, {
    visitor: asVisitor(t),
    patient: await asPatient(t),
    otherPatient: await asPatient(t, 'karim@nirog.test'),
    doctor: await asDoctor(t),
    otherDoctor: await asDoctor(t, 'mahbub.cardio@nirog.test'),
    pharmacist: await login(t, 'pharmacist@nirog.test'),
    admin: await asAdmin(t),
  });
  const [a] = await t.sql(`select r.purpose_id as id from payment_refunds r join payments p on p.id = r.payment_id where p.tran_id = 'NRG20261123DEMORX0002'`);
  const [o] = await t.sql(`select r.purpose_id as id from payment_refunds r join payments p on p.id = r.payment_id where p.tran_id = 'NRG20261122DEMORX0001'`);
  const [rx] = await t.sql(`select p.id from prescriptions p join users u on u.id = p.patient_id where u.email = 'patient@nirog.test' order by p.created_at desc limit 1`);
  ids = { appointment: a.id, order: o.id, prescription: rx.id, doctorEmail: 'doctor@nirog.test' };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The last ten digits of a phone number, whichever door wrote it (REST prefixes +88, GraphQL gives the local form). */
const digits = (phone: unknown) => (typeof phone === 'string' && phone ? phone.replace(/\D/g, '').slice(-10) : null);
const refundIds = (list: { id?: string; _id?: string }[] | undefined) => (list ?? []).map((r) => r.id ?? r._id).sort();

interface Seen { answered: boolean; fields?: Record<string, unknown> }

const roles = ['visitor', 'patient', 'otherPatient', 'doctor', 'otherDoctor', 'pharmacist', 'admin'];

/**
 * Reads one record through both doors as every role: what each door showed each role (comparable
 * fields, or that it refused), and the roles for which the doors disagree.
 */
async function throughBothDoors(
  rest: string, restPick: (body: any) => Record<string, unknown>,
  gql: string, variables: Record<string, unknown>, gqlPick: (data: any) => Record<string, unknown>,
): Promise<{ disagree: string[]; seenBy: Record<string, Seen> }> {
  const disagree: string[] = [];
  const seenBy: Record<string, Seen> = {};
  for (const role of roles) {
    const c = who[role]!;
    const r = await c.get(rest);
    const g = await c.gql(gql, variables);
    const viaRest: Seen = r.status === 200 ? { answered: true, fields: restPick(r.body) } : { answered: false };
    const viaGql: Seen = g.data && !g.errors ? { answered: true, fields: gqlPick(g.data) } : { answered: false };
    if (JSON.stringify(viaRest) !== JSON.stringify(viaGql)) disagree.push(`${role}: REST ${JSON.stringify(viaRest)} / GraphQL ${JSON.stringify(viaGql)}`);
    seenBy[role] = viaGql;
  }
  return { disagree, seenBy };
}

describe('both doors show each role the same contact details, money and medical data', () => {
  it('a consultation: the doctor\'s login email, the patient\'s email and phone, refunds, the video room', async () => {
    const { disagree, seenBy } = await throughBothDoors(
      `/appointment/${ids.appointment}`, (b) => ({
        doctorEmail: b.appointment.doctoremail ?? null, patientEmail: b.appointment.patientemail, phone: digits(b.appointment.phone),
        refunds: refundIds(b.appointment.refunds), meetingUrl: b.appointment.url ?? null, fee: b.appointment.feePoisha,
      }),
      'query($id: ID!) { appointment(id: $id) { feePoisha patientEmail phone meetingUrl refunds { id } doctor { email } } }', { id: ids.appointment }, (d) => ({
        doctorEmail: d.appointment.doctor.email ?? null, patientEmail: d.appointment.patientEmail, phone: digits(d.appointment.phone),
        refunds: refundIds(d.appointment.refunds), meetingUrl: d.appointment.meetingUrl ?? null, fee: d.appointment.feePoisha,
      }));
    expect(disagree).toEqual([]);
    // What the doors agree on is the rule: the record's patient, its doctor and admins read it; the
    // doctor's login email for that doctor and admins; refunds for the patient and admins.
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['patient', 'doctor', 'admin']);
    expect(seenBy.patient!.fields!.doctorEmail).toBeNull();
    expect(seenBy.doctor!.fields!.doctorEmail).toBe(ids.doctorEmail);
    expect(seenBy.admin!.fields!.doctorEmail).toBe(ids.doctorEmail);
    expect((seenBy.patient!.fields!.refunds as string[]).length).toBe(1);
    expect(seenBy.admin!.fields!.refunds).toEqual(seenBy.patient!.fields!.refunds);
    expect(seenBy.doctor!.fields!.refunds).toEqual([]);
  });

  it('an order: shipping phone, totals, refunds, the prescription photo', async () => {
    const { disagree, seenBy } = await throughBothDoors(
      `/order/${ids.order}`, (b) => ({
        phone: digits(b.order.shippingInfo.phone), address: b.order.shippingInfo.address, total: b.order.totalPoisha,
        refunds: refundIds(b.order.refunds), photo: !!b.order.prescriptionImage, prescriptionId: b.order.prescriptionId ?? null,
      }),
      'query($id: ID!) { order(id: $id) { shippingPhone shippingAddress totalPoisha refunds { id } prescriptionImageUrl prescriptionId } }', { id: ids.order }, (d) => ({
        phone: digits(d.order.shippingPhone), address: d.order.shippingAddress, total: d.order.totalPoisha,
        refunds: refundIds(d.order.refunds), photo: !!d.order.prescriptionImageUrl, prescriptionId: d.order.prescriptionId ?? null,
      }));
    expect(disagree).toEqual([]);
    expect(seenBy.patient!.answered && seenBy.admin!.answered).toBe(true);
    expect(seenBy.otherPatient!.answered || seenBy.doctor!.answered || seenBy.visitor!.answered).toBe(false);
    expect((seenBy.patient!.fields!.refunds as string[]).length).toBe(1);
  });

  it('a prescription: its medicines and advice, to the same roles through both doors', async () => {
    const disagree: string[] = [];
    for (const role of roles) {
      const r = await who[role]!.get(`/prescription/${ids.prescription}`);
      const g = await who[role]!.gql('query($id: ID!) { prescription(id: $id) { id } }', { id: ids.prescription });
      const rest = r.status === 200;
      const gql = !!g.data && !g.errors;
      if (rest !== gql) disagree.push(`${role}: REST ${r.status}, GraphQL ${gql ? 'data' : g.code}`);
    }
    expect(disagree).toEqual([]);
  });
});
