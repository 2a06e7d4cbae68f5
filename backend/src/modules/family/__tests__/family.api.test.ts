import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asAdmin, asDoctor, asPatient, asVisitor, Client, createTestApp, type TestApp } from '../../../../test/app.js';
import { codeSentTo, dayFromToday, freshPhone, newMedicine, SHIPPING } from '../../../../test/fixtures.js';
import { REPO_ROOT } from '../../../config.js';
import { MAX_FAMILY_MEMBERS, ageOn } from '../index.js';

/**
 * Family profiles (issue 19): a patient keeps the people they care for and books, hires and orders
 * for them; the doctor reads that person's name, age and gender on the booking and the prescription;
 * the patient's lists filter by person; admins see who the care was for. Ownership of members is
 * in test/security/ownership.test.ts.
 */
let t: TestApp;
let rahima: Client;
let doctor: Client; // Ayesha
let ayeshaId: string;

beforeAll(async () => {
  t = await createTestApp();
  rahima = await asPatient(t);
  doctor = await asDoctor(t);
  ayeshaId = (await asVisitor(t).get('/doctors?keyword=Ayesha')).body.doctors[0].id;
});
afterAll(async () => {
  await t.close();
});

const MEMBER = 'id name relation birthdate gender phone age';
const add = (c: Client, i: Record<string, unknown>) => c.gql(`mutation($i: FamilyMemberInput!) { addFamilyMember(input: $i) { ${MEMBER} } }`, { i });
const bn = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

/** A new patient of their own (verified email), so that lists and caps start empty. */
async function newPatient(): Promise<Client> {
  const phone = freshPhone();
  await t.http().post('/graphql').send({ query: 'mutation($i: PhoneSignupInput!) { sendSignupCode(input: $i) { phone } }', variables: { i: { name: 'Selina Parvin', phone } } });
  const res = await t.http().post('/graphql').send({ query: 'mutation($i: PhoneCodeInput!) { loginWithCode(input: $i) { token user { id } } }', variables: { i: { phone, code: await codeSentTo(t, phone) } } });
  return new Client(t, res.body.data.loginWithCode.token, undefined, res.body.data.loginWithCode.user);
}

describe('family members', () => {
  it('adds, lists, changes and removes the people a patient cares for (a Bangla-typed phone is a phone)', async () => {
    const me = await newPatient();
    const added = await add(me, { name: 'Jahanara Begum', relation: 'Mother', birthdate: '1956-11-03', gender: 'Female', phone: bn('01711223355') });
    expect(added.errors).toBeUndefined();
    expect(added.data!.addFamilyMember).toMatchObject({ name: 'Jahanara Begum', relation: 'Mother', birthdate: '1956-11-03', gender: 'Female', phone: '01711223355', age: ageOn('1956-11-03') });
    const id = added.data!.addFamilyMember.id;
    await add(me, { name: 'Rafi', relation: 'Son', birthdate: '2019-02-14', gender: 'Male' });
    expect((await me.gql(`{ myFamilyMembers { name } }`)).data!.myFamilyMembers.map((m: { name: string }) => m.name)).toEqual(['Jahanara Begum', 'Rafi']);

    const changed = await me.gql(`mutation($id: ID!, $i: FamilyMemberInput!) { updateFamilyMember(id: $id, input: $i) { ${MEMBER} } }`,
      { id, i: { name: 'Jahanara Begum', relation: 'Mother', birthdate: '1956-11-03', gender: 'Female', phone: null } });
    expect(changed.data!.updateFamilyMember.phone).toBeNull();
    expect((await me.gql('mutation($id: ID!) { removeFamilyMember(id: $id) }', { id })).data!.removeFamilyMember).toBe(true);
    expect((await me.gql(`{ myFamilyMembers { name } }`)).data!.myFamilyMembers.map((m: { name: string }) => m.name)).toEqual(['Rafi']);
    // Removed is removed: no second removal, no booking for them.
    expect((await me.gql('mutation($id: ID!) { removeFamilyMember(id: $id) }', { id })).code).toBe('NOT_FOUND');
  });

  it('refuses a birthdate in the future or not a date, and a phone that is not a Bangladeshi mobile', async () => {
    const future = await add(rahima, { name: 'X', relation: 'Son', birthdate: dayFromToday(3), gender: 'Male' });
    expect(future.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'INVALID_DATE' });
    expect((await add(rahima, { name: 'X', relation: 'Son', birthdate: '2019-02-30', gender: 'Male' })).errors![0]!.extensions!.reason).toBe('INVALID_DATE');
    expect((await add(rahima, { name: 'X', relation: 'Son', birthdate: '2019-02-10', gender: 'Male', phone: '12345' })).errors![0]!.extensions!.reason).toBe('INVALID_PHONE');
    expect((await add(rahima, { name: 'X', relation: 'Cousin', birthdate: '2019-02-10', gender: 'Male' })).errors).toBeDefined();
  });

  it(`keeps at most ${MAX_FAMILY_MEMBERS} members per account, also when adds arrive at once`, async () => {
    const me = await newPatient();
    const results = await Promise.all(Array.from({ length: MAX_FAMILY_MEMBERS + 4 }, (_, i) =>
      add(me, { name: `Child ${i}`, relation: 'Other', birthdate: '2010-01-01', gender: 'Male' })));
    expect(results.filter((r) => !r.errors)).toHaveLength(MAX_FAMILY_MEMBERS);
    expect(results.filter((r) => r.errors?.[0]?.extensions?.reason === 'FAMILY_LIMIT')).toHaveLength(4);
    expect((await me.gql('{ myFamilyMembers { id } }')).data!.myFamilyMembers).toHaveLength(MAX_FAMILY_MEMBERS);
  });
});

describe('care for a family member', () => {
  let motherId: string;
  let consultationId: string;

  beforeAll(async () => {
    const mother = await add(rahima, { name: 'Rokeya Khanam', relation: 'Mother', birthdate: '1950-06-15', gender: 'Female' });
    motherId = mother.data!.addFamilyMember.id;
  });

  it("books a consultation for the mother: her name, age and gender are on the booking whatever the form sent; the doctor reads them", async () => {
    const booked = await rahima.gql(`mutation($i: BookConsultationInput!) { bookConsultation(input: $i) {
        id feePoisha patientName age patientGender careFor { familyMemberId name relation accountName } } }`,
    { i: { doctorId: ayeshaId, familyMemberId: motherId, name: 'Someone Else', age: 30, gender: 'Male', weight: '55 kg', height: `5'0"`, problem: 'Dizzy in the mornings' } });
    expect(booked.errors).toBeUndefined();
    expect(booked.data!.bookConsultation).toMatchObject({
      feePoisha: expect.any(Number), patientName: 'Rokeya Khanam', age: ageOn('1950-06-15'), patientGender: 'Female',
      careFor: { familyMemberId: motherId, name: 'Rokeya Khanam', relation: 'Mother', accountName: 'Rahima Akter' },
    });
    consultationId = booked.data!.bookConsultation.id;
    // Without the form's own fields too: the member's are enough.
    const bare = await rahima.gql('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { patientName } }',
      { i: { doctorId: ayeshaId, familyMemberId: motherId, weight: '55 kg', height: `5'0"`, problem: 'Dizzy in the mornings' } });
    expect(bare.data!.bookConsultation.patientName).toBe('Rokeya Khanam');
    // Still required for the account holder themselves.
    const self = await rahima.gql('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id } }',
      { i: { doctorId: ayeshaId, weight: '55 kg', height: `5'0"`, problem: 'Dizzy' } });
    expect(self.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');

    await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx as never, consultationId, `pay-${consultationId}`,
      booked.data!.bookConsultation.feePoisha));
    const list = await doctor.gql('{ doctorAppointments(pageSize: 50) { items { id patientName age patientGender careFor { relation accountName } } } }');
    expect(list.data!.doctorAppointments.items.find((a: { id: string }) => a.id === consultationId)).toEqual({
      id: consultationId, patientName: 'Rokeya Khanam', age: ageOn('1950-06-15'), patientGender: 'Female', careFor: { relation: 'Mother', accountName: 'Rahima Akter' },
    });
    const rest = await doctor.get('/single/doctor/appointment?pageSize=50');
    expect(rest.body.appointment.find((a: { _id: string }) => a._id === consultationId)).toMatchObject({
      patientname: 'Rokeya Khanam', name: 'Rokeya Khanam', age: ageOn('1950-06-15'), gender: 'Female', familyMemberId: motherId, relation: 'Mother',
    });
  });

  it('writes the prescription for her: her name, age and gender on it and on the PDF', async () => {
    const written = await doctor.post('/create/prescription', {
      appointmentId: consultationId, medicines: [{ medname: 'Betahistine 8 mg', dailyUse: '1+0+1', days: 10, quantity: '20 tablets' }],
      medInfo: '', doctorAdvice: 'Get up slowly', followUp: 'After 10 days',
    });
    expect(written.status).toBe(200);
    expect(written.body.prescription).toMatchObject({ name: 'Rokeya Khanam', age: ageOn('1950-06-15'), gender: 'Female', familyMemberId: motherId });
    const pdf = await rahima.get(`/prescription/${written.body.prescription._id}/pdf`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(pdf.status).toBe(200);
    const dir = path.join(REPO_ROOT, 'test-results', 'prescription-pdf');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'family-member.pdf');
    writeFileSync(file, pdf.body as Buffer);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Patient: Rokeya Khanam');
    expect(text).toContain(`Age: ${ageOn('1950-06-15')}`);
    expect(text).toContain('Gender: Female');
    expect(text).not.toContain('Rahima');
  });

  it('books a hospital visit, hires a nurse and orders medicine for her', async () => {
    const visit = await rahima.gql('mutation($i: BookHospitalVisitInput!) { bookHospitalVisit(input: $i) { patientName age patientGender careFor { relation } } }',
      { i: { doctorId: ayeshaId, familyMemberId: motherId, phone: '01712345678', date: dayFromToday(2), slot: 'Morning' } });
    expect(visit.data!.bookHospitalVisit).toEqual({ patientName: 'Rokeya Khanam', age: ageOn('1950-06-15'), patientGender: 'Female', careFor: { relation: 'Mother' } });

    const nurse = (await asVisitor(t).get('/get/nurses?pageSize=1')).body.nurses[0];
    const hire = await rahima.post('/new/hire/nurse', { nurseId: nurse._id, familyMemberId: motherId, phone: '01712345678', date: dayFromToday(5) });
    expect(hire.status).toBe(200);
    expect(hire.body.hireNurse).toMatchObject({ patientgender: 'Female', familyMemberId: motherId });

    const med = await newMedicine(t, 10);
    const order = await rahima.post('/create/order', { shippingInfo: SHIPPING, orderItems: [{ _id: med.id, cartQuantity: 1 }], paymentMethod: 'Bkash', familyMemberId: motherId });
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({ familyMemberId: motherId, carefor: 'Rokeya Khanam' });
    const forHerself = await rahima.post('/create/order', { shippingInfo: SHIPPING, orderItems: [{ _id: med.id, cartQuantity: 1 }], paymentMethod: 'Bkash' });
    expect(forHerself.body.order).toMatchObject({ familyMemberId: null, carefor: 'Rahima Akter' });
    const mine = await rahima.gql('query($f: ID) { myOrders(careFor: $f) { total items { careFor { name relation familyMemberId } } } }', { f: motherId });
    expect(mine.data!.myOrders.items[0].careFor).toEqual({ name: 'Rokeya Khanam', relation: 'Mother', familyMemberId: motherId });
  });

  it("filters the patient's consultations, prescriptions, hires and orders by the person (removed members too), through both doors", async () => {
    const own = rahima.user!.id as string;
    for (const [field, rest, key] of [['myAppointments', '/mybooking', 'appointment'], ['myPrescriptions', '/my/prescription', 'prescription'],
      ['myNurseHires', '/my/hire', 'hireNurse'], ['myOrders', '/orders/myorders', 'orders']] as const) {
      const forMother = await rahima.gql(`query($f: ID) { ${field}(careFor: $f, pageSize: 100) { total items { careFor { familyMemberId } } } }`, { f: motherId });
      expect(forMother.errors).toBeUndefined();
      expect(forMother.data![field].total).toBeGreaterThan(0);
      expect(forMother.data![field].items.every((i: { careFor: { familyMemberId: string } }) => i.careFor.familyMemberId === motherId)).toBe(true);
      const forSelf = await rahima.gql(`query($f: ID) { ${field}(careFor: $f, pageSize: 100) { items { careFor { familyMemberId } } } }`, { f: own });
      expect(forSelf.data![field].items.every((i: { careFor: { familyMemberId: string | null } }) => i.careFor.familyMemberId === null)).toBe(true);
      const all = await rahima.gql(`{ ${field}(pageSize: 100) { total } }`);
      expect(all.data![field].total).toBeGreaterThan(forMother.data![field].total);
      const viaRest = await rahima.get(`${rest}?careFor=${motherId}&pageSize=100`);
      expect(viaRest.status).toBe(200);
      expect(viaRest.body[key].length).toBe(forMother.data![field].total);
    }
    // A removed member's past care stays findable; new care for them is refused.
    await rahima.gql('mutation($id: ID!) { removeFamilyMember(id: $id) }', { id: motherId });
    expect((await rahima.gql('query($f: ID) { myAppointments(careFor: $f) { total } }', { f: motherId })).data!.myAppointments.total).toBeGreaterThan(0);
    const again = await rahima.gql('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id } }',
      { i: { doctorId: ayeshaId, familyMemberId: motherId, weight: '55 kg', height: `5'0"`, problem: 'Dizzy' } });
    expect(again.code).toBe('NOT_FOUND');
  });

  it('shows admins who the care was for, in the tables and the CSV exports', async () => {
    const admin = await asAdmin(t);
    const table = await admin.gql('{ allAppointments(pageSize: 100) { items { patientName careFor { relation accountName } } } }');
    expect(table.data!.allAppointments.items).toContainEqual({ patientName: 'Rokeya Khanam', careFor: { relation: 'Mother', accountName: 'Rahima Akter' } });
    const hires = await admin.gql('{ nurseHires(pageSize: 100) { items { careFor { name relation accountName } } } }');
    expect(hires.data!.nurseHires.items).toContainEqual({ careFor: { name: 'Rokeya Khanam', relation: 'Mother', accountName: 'Rahima Akter' } });
    const orders = await admin.gql('{ adminOrders(pageSize: 100) { items { careFor { name relation } } } }');
    expect(orders.data!.adminOrders.items).toContainEqual({ careFor: { name: 'Rokeya Khanam', relation: 'Mother' } });
    for (const [table, header] of [['appointments', 'relation to account'], ['nurse-hires', 'for'], ['orders', 'for']] as const) {
      const csv = await admin.get(`/admin/${table}.csv`);
      expect(csv.status).toBe(200);
      expect(csv.text.split('\n')[0]).toContain(header);
      expect(csv.text).toContain(table === 'appointments' ? 'Mother' : 'Rokeya Khanam');
    }
  });
});

describe('a phone-only patient books with the verified number as the gate', () => {
  it('books a consultation without any email, and gets its confirmation by SMS only', async () => {
    const me = await newPatient();
    const booked = await me.gql('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id feePoisha } }',
      { i: { doctorId: ayeshaId, name: 'Selina Parvin', age: 41, gender: 'Female', weight: '60 kg', height: `5'1"`, problem: 'Back pain' } });
    expect(booked.errors).toBeUndefined();
    const id = booked.data!.bookConsultation.id;
    await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx as never, id, `pay-${id}`, booked.data!.bookConsultation.feePoisha));
    expect(await t.sql('select id from mail_outbox where user_id = ?', [me.user!.id])).toHaveLength(0);
    const texts = await t.sql('select template, body from sms_outbox where user_id = ? order by created_at', [me.user!.id]);
    expect(texts.map((s) => s.template)).toEqual(['appointment-booked', 'appointment-status']);
    expect(texts[1]!.body).toContain('is now Confirmed');
  });
});
