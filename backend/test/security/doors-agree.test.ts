import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, Client, createTestApp, login, type TestApp } from '../app.js';

/**
 * The two doors publish one decision of who sees what. For each record that shows contact details,
 * money or medical data (a consultation with a refund, an order with a refund, a prescription and the
 * consultation it came from, a nurse, a nurse hire, an account), each role reads it through REST and
 * through GraphQL; the test fails where one door refuses and the other answers, or where both answer
 * and a contact, money or medical field differs. Both sides are brought to one comparable shape here
 * (local phone numbers, ids of refunds), never to the code's own rule. An integrator app (the
 * strongest reading app: catalogue, orders and a hospital's visits) is refused by every REST path, the
 * earlier app's door; what GraphQL shows it is kept for the checks below.
 */
let t: TestApp;
const who: Record<string, Client> = {};
let hospitalVisit: { id: string; doctor_id: string };
let ids: {
  appointment: string; order: string; prescription: string; prescriptionAppointment: string; doctorEmail: string;
  nurse: string; hire: string; karim: string;
};

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
  // A hospital visit with a prescription (the demo data writes them at video consultations: the oldest
  // one becomes a visit); the app is the hospital's, linked to that visit's doctor.
  [hospitalVisit] = await t.sql(`select a.id, a.doctor_id from appointments a join prescriptions p on p.appointment_id = a.id order by p.created_at asc limit 1`);
  await t.sql(`update appointments set kind = 'hospital' where id = '${hospitalVisit.id}'`);
  const app = await who.admin!.gql(`mutation($input: IntegratorAppInput!) { createIntegratorApp(input: $input) { key } }`, {
    input: {
      name: 'doors agree', contactEmail: 'doors@apps.example', scopes: ['CATALOG_READ', 'ORDERS_READ', 'APPOINTMENTS_READ'],
      organisationKind: 'HOSPITAL', organisationName: 'Dhaka Medical College Hospital', hospitalDoctorIds: [hospitalVisit.doctor_id], quotaSize: 1_000_000, quotaRestoreRate: 100_000,
    },
  });
  expect(app.errors).toBeUndefined();
  who.integrator = new Client(t, app.data!.createIntegratorApp.key);
  const [a] = await t.sql(`select r.purpose_id as id from payment_refunds r join payments p on p.id = r.payment_id where p.tran_id = 'NRG20261123DEMORX0002'`);
  const [o] = await t.sql(`select r.purpose_id as id from payment_refunds r join payments p on p.id = r.payment_id where p.tran_id = 'NRG20261122DEMORX0001'`);
  const [rx] = await t.sql(`select p.id, p.appointment_id from prescriptions p join users u on u.id = p.patient_id where u.email = 'patient@nirog.test' order by p.created_at desc limit 1`);
  const [nurse] = await t.sql(`select id from nurses where deleted_at is null order by created_at desc limit 1`);
  // The newest hire of the demo patient, so that it is on the first page of both lists.
  const [hire] = await t.sql(`select h.id from nurse_hires h join users u on u.id = h.user_id where u.email = 'patient@nirog.test' order by h.created_at desc, h.id asc limit 1`);
  const [karim] = await t.sql(`select id from users where email = 'karim@nirog.test'`);
  ids = {
    appointment: a.id, order: o.id, prescription: rx.id, prescriptionAppointment: rx.appointment_id, doctorEmail: 'doctor@nirog.test',
    nurse: nurse.id, hire: hire.id, karim: karim.id,
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The last ten digits of a phone number, whichever door wrote it (REST prefixes +88, GraphQL gives the local form). */
const digits = (phone: unknown) => (typeof phone === 'string' && phone ? phone.replace(/\D/g, '').slice(-10) : null);
const refundIds = (list: { id?: string; _id?: string }[] | undefined) => (list ?? []).map((r) => r.id ?? r._id).sort();

interface Seen { answered: boolean; fields?: Record<string, unknown> }

const roles = ['visitor', 'patient', 'otherPatient', 'doctor', 'otherDoctor', 'pharmacist', 'admin', 'integrator'];

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
    if (role === 'integrator') {
      // The REST door is the earlier app's: an app's key opens none of it (401).
      if (r.status !== 401) disagree.push(`integrator: REST answered ${r.status}`);
    } else if (JSON.stringify(viaRest) !== JSON.stringify(viaGql)) {
      disagree.push(`${role}: REST ${JSON.stringify(viaRest)} / GraphQL ${JSON.stringify(viaGql)}`);
    }
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

  it('a prescription: its medicines, advice and patient, to the same roles through both doors', async () => {
    const { disagree, seenBy } = await throughBothDoors(
      `/prescription/${ids.prescription}`, (b) => ({
        medicines: b.prescription.medicines.map((m: { medname: string }) => m.medname), advice: b.prescription.doctorAdvice,
        patient: b.prescription.name, problem: b.prescription.problem ?? null, code: b.prescription.verificationCode,
      }),
      'query($id: ID!) { prescription(id: $id) { medicines { medname } doctorAdvice patientName problem verificationCode } }', { id: ids.prescription }, (d) => ({
        medicines: d.prescription.medicines.map((m: { medname: string }) => m.medname), advice: d.prescription.doctorAdvice,
        patient: d.prescription.patientName, problem: d.prescription.problem ?? null, code: d.prescription.verificationCode,
      }));
    expect(disagree).toEqual([]);
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['patient', 'doctor', 'admin']);
  });

  it("a consultation's prescription: shown inside the consultation to the same roles as on its own", async () => {
    const { disagree, seenBy } = await throughBothDoors(
      `/appointment/${ids.prescriptionAppointment}`, (b) => ({ prescription: b.appointment.prescription ?? null }),
      'query($id: ID!) { appointment(id: $id) { prescription { id } } }', { id: ids.prescriptionAppointment }, (d) => ({ prescription: d.appointment.prescription?.id ?? null }));
    expect(disagree).toEqual([]);
    for (const role of ['patient', 'doctor', 'admin']) expect([role, seenBy[role]!.fields?.prescription]).toEqual([role, ids.prescription]);
  });

  it("a hospital's app reads its visits, never the prescription written at one", async () => {
    const query = '{ hospitalVisits(pageSize: 100) { items { id prescription { id medicines { medname } } } } }';
    const visitOf = (r: { data?: any }) => (r.data?.hospitalVisits.items as { id: string; prescription: unknown }[]).find((v) => v.id === hospitalVisit.id);
    const asApp = await who.integrator!.gql(query);
    expect(asApp.errors).toBeUndefined();
    expect(visitOf(asApp)).toEqual({ id: hospitalVisit.id, prescription: null });
    // The same visit read by an admin shows it: the app is refused the record, not the field broken.
    expect(visitOf(await who.admin!.gql(query))?.prescription).not.toBeNull();
  });

  it("a nurse: the agency's phone and email and the fee, to everyone who reads the nurse", async () => {
    const { disagree, seenBy } = await throughBothDoors(
      `/nurse/${ids.nurse}`, (b) => ({ phone: digits(b.nurse.phone), email: b.nurse.email, fee: b.nurse.feePoisha, fees: b.nurse.fees }),
      'query($id: ID!) { nurse(id: $id) { phone email feePoisha fees } }', { id: ids.nurse }, (d) => ({
        phone: digits(d.nurse.phone), email: d.nurse.email, fee: d.nurse.feePoisha, fees: d.nurse.fees,
      }));
    expect(disagree).toEqual([]);
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['visitor', 'patient', 'otherPatient', 'doctor', 'otherDoctor', 'pharmacist', 'admin']);
  });

  const hireFields = (h: Record<string, any> | undefined) => h && ({
    patientName: h.patientname ?? h.patientName ?? null, patientEmail: h.patientemail ?? h.patientEmail ?? null,
    phone: digits(h.phone), fee: h.feePoisha, fees: h.nursefees ?? h.fees, familyMemberId: h.familyMemberId ?? h.careFor?.familyMemberId ?? null,
  });
  const GQL_HIRE = 'id patientName patientEmail phone feePoisha fees careFor { familyMemberId }';

  it("a nurse hire in its patient's list: the patient's name, email and phone, the fee", async () => {
    const { disagree, seenBy } = await throughBothDoors(
      '/my/hire', (b) => hireFields(b.hireNurse.find((h: { _id: string }) => h._id === ids.hire)) ?? { missing: true },
      `{ myNurseHires { items { ${GQL_HIRE} } } }`, {}, (d) => hireFields(d.myNurseHires.items.find((h: { id: string }) => h.id === ids.hire)) ?? { missing: true });
    expect(disagree).toEqual([]);
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['patient', 'otherPatient']);
    expect(seenBy.patient!.fields!.patientEmail).toBe('patient@nirog.test');
    expect(seenBy.otherPatient!.fields).toEqual({ missing: true });
  });

  it("a nurse hire in the admins' list: the same fields as its patient sees", async () => {
    const { disagree, seenBy } = await throughBothDoors(
      '/getall/hire/nurse', (b) => hireFields(b.hireNurses.find((h: { _id: string }) => h._id === ids.hire)) ?? { missing: true },
      `{ nurseHires { items { ${GQL_HIRE} } } }`, {}, (d) => hireFields(d.nurseHires.items.find((h: { id: string }) => h.id === ids.hire)) ?? { missing: true });
    expect(disagree).toEqual([]);
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['admin']);
    expect(seenBy.admin!.fields!.patientEmail).toBe('patient@nirog.test');
  });

  const doctorFields = (d: Record<string, any> | undefined) => d && ({
    email: d.email ?? null, phone: digits(d.phone), nid: d.nid_No ?? d.nidNo ?? null, meetingUrl: d.url ?? d.meetingUrl ?? null, fees: d.fees,
  });

  it("a doctor's page: the login email, personal phone, NID and own video link to that doctor and admins", async () => {
    const [doc] = await t.sql(`select d.id from doctors d join users u on u.id = d.user_id where u.email = 'doctor@nirog.test'`);
    const { disagree, seenBy } = await throughBothDoors(
      `/doctor/${doc.id}`, (b) => doctorFields(b.doctor)!,
      'query($id: ID!) { doctor(id: $id) { email phone nidNo meetingUrl fees } }', { id: doc.id }, (d) => doctorFields(d.doctor)!);
    expect(disagree).toEqual([]);
    expect(seenBy.doctor!.fields!.email).toBe(ids.doctorEmail);
    expect(seenBy.admin!.fields!.email).toBe(ids.doctorEmail);
    expect(seenBy.otherDoctor!.fields!.email).toBeNull();
  });

  it('the doctors list: the same contact fields per doctor through both doors', async () => {
    const { disagree, seenBy } = await throughBothDoors(
      '/doctors?page=1', (b) => Object.fromEntries(b.doctors.map((d: { _id: string }) => [d._id, doctorFields(d)])),
      '{ doctors(page: 1) { items { id email phone nidNo meetingUrl fees } } }', {}, (d) => Object.fromEntries(d.doctors.items.map((x: { id: string }) => [x.id, doctorFields(x)])));
    expect(disagree).toEqual([]);
    const emails = (role: string) => Object.values(seenBy[role]!.fields as Record<string, { email: string | null }>).filter((d) => d.email).length;
    expect(emails('visitor')).toBe(0);
    expect(emails('admin')).toBeGreaterThan(0);
  });

  const userFields = (u: Record<string, any> | undefined) => u && ({
    email: u.email, phone: digits(u.phone), birthdate: u.birthdate ?? null, gender: u.gender ?? null, role: String(u.role).toLowerCase(),
  });

  it("an account: its holder's own email, mobile number, birthdate and gender", async () => {
    const { disagree, seenBy } = await throughBothDoors(
      '/currentUserDetails', (b) => userFields(b.user)!,
      '{ me { email phone birthdate gender role } }', {}, (d) => userFields(d.me)!);
    expect(disagree).toEqual([]);
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['patient', 'otherPatient', 'doctor', 'otherDoctor', 'pharmacist', 'admin']);
    expect(seenBy.otherPatient!.fields!.email).toBe('karim@nirog.test');
  });

  it("an account in the admins' list: another person's contact details, to admins alone", async () => {
    const { disagree, seenBy } = await throughBothDoors(
      '/users?search=karim%40nirog.test', (b) => userFields(b.users.find((u: { _id: string }) => u._id === ids.karim)) ?? { missing: true },
      'query($s: String) { users(search: $s) { items { id email phone birthdate gender role } } }', { s: 'karim@nirog.test' },
      (d) => userFields(d.users.items.find((u: { id: string }) => u.id === ids.karim)) ?? { missing: true });
    expect(disagree).toEqual([]);
    expect(roles.filter((r) => seenBy[r]!.answered)).toEqual(['admin']);
    expect(seenBy.admin!.fields!.email).toBe('karim@nirog.test');
  });
});
