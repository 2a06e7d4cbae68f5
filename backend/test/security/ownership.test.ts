import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../app.js';
import { Medicine, MedicineForm, MedicineUnit } from '../../src/modules/medicines/medicine.entity.js';

/**
 * Ownership, for every record type: patient A (Rahima) reaching for patient B's (Karim's)
 * appointment, order, prescription, payment, nurse hire, review and profile, through both doors;
 * doctor A writing a prescription for doctor B's appointment. Each refusal leaves the record as it was.
 */
let t: TestApp;
let patientA: Client;
let patientB: Client;
let doctorA: Client; // Ayesha: the doctor of B's consultation
let doctorB: Client; // Mahbub
let admin: Client;
const ids: Record<string, string> = {};

const rowOf = async (table: string, id: string) => (await t.sql(`select * from ${table} where id = ?`, [id]))[0];

beforeAll(async () => {
  t = await createTestApp();
  patientA = await asPatient(t);
  patientB = await asPatient(t, 'karim@nirog.test');
  doctorA = await asDoctor(t);
  doctorB = await asDoctor(t, 'mahbub.cardio@nirog.test');
  admin = await asAdmin(t);
  ids.ayesha = (await asVisitor(t).get('/doctors?keyword=Ayesha')).body.doctors[0].id;

  // B's consultation with Ayesha, paid; Ayesha writes its prescription; B then reviews Ayesha.
  const booked = await patientB.post('/new/appointment', {
    doctorId: ids.ayesha, name: 'Karim Uddin', age: 40, weight: '70 kg', height: `5'8"`, gender: 'Male', problem: 'Back pain',
  });
  expect(booked.status).toBe(200);
  ids.paidAppointment = booked.body.appointment._id;
  await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx, ids.paidAppointment!, `pay-${ids.paidAppointment}`, booked.body.appointment.feePoisha));
  // A second, unpaid one: it has a payment to start and a status to change.
  const open = await patientB.post('/new/appointment', {
    doctorId: ids.ayesha, name: 'Karim Uddin', age: 40, weight: '70 kg', height: `5'8"`, gender: 'Male', problem: 'Headache',
  });
  ids.openAppointment = open.body.appointment._id;
  const pay = await patientB.post(`/appointment/${ids.openAppointment}/pay`, { paymentMethod: 'Bkash' });
  expect(pay.status).toBe(200);
  ids.tranId = pay.body.tranId;

  const written = await doctorA.post('/create/prescription', {
    appointmentId: ids.paidAppointment, medicines: [{ medname: 'Napa', dailyUse: '1+0+1', days: 5, quantity: '10 tablets' }],
    medInfo: 'After meals', doctorAdvice: 'Rest', followUp: 'After 7 days',
  });
  expect(written.status).toBe(200);
  ids.prescription = written.body.prescription._id;

  const review = await patientB.gql('mutation($i: DoctorReviewInput!) { reviewDoctor(input: $i) { id } }', { i: { doctorId: ids.ayesha, rating: 4.5, comment: 'Kind and careful' } });
  expect(review.errors).toBeUndefined();
  ids.review = review.data!.reviewDoctor.id;

  const e = t.orm.em.fork();
  const med = e.create(Medicine, { name: 'Ownership test med', genericName: 'Paracetamol', company: 'Beximco', strength: '500 mg', form: MedicineForm.Tablet, unit: MedicineUnit.Strip, pricePoisha: 1000, stock: 10 });
  await e.flush();
  const order = await patientB.post('/create/order', {
    shippingInfo: { name: 'Karim Uddin', phone: '01819876543', address: 'House 1, Road 2, Gulshan', city: 'Dhaka' },
    orderItems: [{ _id: med.id, cartQuantity: 1 }], paymentMethod: 'Bkash',
  });
  expect(order.status).toBe(200);
  ids.order = order.body.order._id;
  ids.orderTranId = order.body.tranId;

  const nurses = (await asVisitor(t).get('/get/nurses?location=Uttara&pageSize=5')).body.nurses;
  const hire = await patientB.gql('mutation($input: NurseHireInput!) { hireNurse(input: $input) { id } }', {
    input: { nurseId: nurses[0].id ?? nurses[0]._id, patientGender: 'Male', phone: '01819876543', date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) },
  });
  expect(hire.errors).toBeUndefined();
  ids.hire = hire.data!.hireNurse.id;
});
afterAll(async () => {
  await t?.close();
});

const refused = (status: number) => expect([403, 404]).toContain(status);
const refusedGql = (code: string | undefined) => expect(['FORBIDDEN', 'NOT_FOUND']).toContain(code);

describe("patient A and patient B's records", () => {
  it("cannot read B's appointment (REST and GraphQL)", async () => {
    refused((await patientA.get(`/appointment/${ids.paidAppointment}`)).status);
    refusedGql((await patientA.gql('query($id: ID!) { appointment(id: $id) { id } }', { id: ids.paidAppointment })).code);
    expect((await patientB.get(`/appointment/${ids.paidAppointment}`)).status).toBe(200);
  });

  it("cannot cancel B's appointment or pay for it; it stays as it was", async () => {
    const before = await rowOf('appointments', ids.openAppointment!);
    refused((await patientA.put(`/appointment/${ids.openAppointment}/status`, { status: 'Cancelled' })).status);
    refusedGql((await patientA.gql('mutation($id: ID!) { changeAppointmentStatus(id: $id, input: { status: Cancelled }) { id } }', { id: ids.openAppointment })).code);
    refused((await patientA.post(`/appointment/${ids.openAppointment}/pay`, { paymentMethod: 'Nagad' })).status);
    refusedGql((await patientA.gql('mutation($id: ID!) { payForConsultation(appointmentId: $id) { paymentUrl } }', { id: ids.openAppointment })).code);
    expect(await rowOf('appointments', ids.openAppointment!)).toEqual(before);
  });

  it("cannot read B's prescription, nor its PDF", async () => {
    refused((await patientA.get(`/prescription/${ids.prescription}`)).status);
    refused((await patientA.get(`/prescription/${ids.prescription}/pdf`)).status);
    refusedGql((await patientA.gql('query($id: ID!) { prescription(id: $id) { id } }', { id: ids.prescription })).code);
    expect((await patientB.get(`/prescription/${ids.prescription}`)).status).toBe(200);
  });

  it("cannot read B's order or its payment", async () => {
    refused((await patientA.get(`/order/${ids.order}`)).status);
    refusedGql((await patientA.gql('query($id: ID!) { order(id: $id) { id } }', { id: ids.order })).code);
    refused((await patientA.get(`/payment/${ids.orderTranId}`)).status);
    refusedGql((await patientA.gql('query($t: String!) { payment(tranId: $t) { status } }', { t: ids.tranId })).code);
    const mine = (await patientA.get('/orders/myorders')).body.orders as { _id: string }[];
    expect(mine.map((o) => o._id)).not.toContain(ids.order);
  });

  it("cannot cancel B's nurse hire; it stays as it was", async () => {
    const before = await rowOf('nurse_hires', ids.hire!);
    refused((await patientA.put(`/my/hire/${ids.hire}/cancel`)).status);
    refusedGql((await patientA.gql('mutation($id: ID!) { cancelMyNurseHire(id: $id) { id } }', { id: ids.hire })).code);
    expect(await rowOf('nurse_hires', ids.hire!)).toEqual(before);
    const mine = (await patientA.gql('{ myNurseHires { items { id } } }')).data!.myNurseHires.items as { id: string }[];
    expect(mine.map((h) => h.id)).not.toContain(ids.hire);
  });

  it("cannot change B's review (reviews are found by the caller, never by an id from the body)", async () => {
    const before = await rowOf('doctor_reviews', ids.review!);
    const rest = await patientA.put('/create/review', { doctorId: ids.ayesha, rating: 0.5, comment: 'Tampered', _id: ids.review, userId: patientB.user!.id });
    // A has a review of Ayesha herself (demo data) or none: her own is changed, or NOT_FOUND; never B's.
    expect([200, 404]).toContain(rest.status);
    if (rest.status === 200) expect(rest.body.review._id ?? rest.body.review.id).not.toBe(ids.review);
    const gql = await patientA.gql('mutation($i: DoctorReviewInput!) { updateDoctorReview(input: $i) { id } }', { i: { doctorId: ids.ayesha, rating: 0.5, comment: 'Tampered' } });
    if (gql.code) expect(gql.code).toBe('NOT_FOUND');
    else expect(gql.data!.updateDoctorReview.id).not.toBe(ids.review);
    expect(await rowOf('doctor_reviews', ids.review!)).toEqual(before);
  });

  it("cannot change B's profile: the profile is always the caller's, ids in the body are ignored", async () => {
    const before = await rowOf('users', patientB.user!.id);
    const res = await patientA.put('/update/currentUserdetails', {
      _id: patientB.user!.id, id: patientB.user!.id, userId: patientB.user!.id, name: 'Rahima Akter', phone: '01712345678', birthdate: '1992-04-14',
    });
    expect(res.status).toBe(200);
    expect(res.body.user._id).toBe(patientA.user!.id);
    expect(await rowOf('users', patientB.user!.id)).toEqual(before);
  });
});

describe("patient B's family members", () => {
  let memberB: string;
  const count = async (table: string) => (await t.sql(`select count(*)::int as n from ${table}`))[0]!.n as number;
  beforeAll(async () => {
    const added = await patientB.gql('mutation($i: FamilyMemberInput!) { addFamilyMember(input: $i) { id } }',
      { i: { name: 'Halima Khatun', relation: 'Mother', birthdate: '1955-05-05', gender: 'Female', phone: '01819876500' } });
    expect(added.errors).toBeUndefined();
    memberB = added.data!.addFamilyMember.id;
  });

  it("does not list, change or remove B's member for A; the row stays as it was", async () => {
    const before = await rowOf('family_members', memberB);
    const listed = (await patientA.gql('{ myFamilyMembers { id } }')).data!.myFamilyMembers as { id: string }[];
    expect(listed.map((m) => m.id)).not.toContain(memberB);
    const input = { name: 'Taken Over', relation: 'Mother', birthdate: '1955-05-05', gender: 'Female' };
    expect((await patientA.gql('mutation($id: ID!, $i: FamilyMemberInput!) { updateFamilyMember(id: $id, input: $i) { id } }', { id: memberB, i: input })).code).toBe('NOT_FOUND');
    expect((await patientA.gql('mutation($id: ID!) { removeFamilyMember(id: $id) }', { id: memberB })).code).toBe('NOT_FOUND');
    expect(await rowOf('family_members', memberB)).toEqual(before);
  });

  it("refuses A booking, hiring or ordering for B's member, through both doors, and writes nothing", async () => {
    const counts = async () => Promise.all(['appointments', 'nurse_hires', 'orders', 'payments'].map(count));
    const before = await counts();
    const consult = { doctorId: ids.ayesha, familyMemberId: memberB, weight: '60 kg', height: `5'0"`, problem: 'Dizzy' };
    expect((await patientA.gql('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id } }', { i: consult })).code).toBe('NOT_FOUND');
    expect((await patientA.post('/new/appointment', { ...consult, name: 'X', age: 60, gender: 'Female' })).status).toBe(404);
    const visit = { doctorId: ids.ayesha, familyMemberId: memberB, phone: '01712345678', date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), slot: 'Morning' };
    expect((await patientA.gql('mutation($i: BookHospitalVisitInput!) { bookHospitalVisit(input: $i) { id } }', { i: visit })).code).toBe('NOT_FOUND');
    expect((await patientA.post('/new/appointment', { ...visit, patientName: 'X' })).status).toBe(404);
    const nurses = (await asVisitor(t).get('/get/nurses?pageSize=1')).body.nurses;
    const hire = { nurseId: nurses[0]._id, familyMemberId: memberB, phone: '01712345678', date: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10) };
    expect((await patientA.gql('mutation($i: NurseHireInput!) { hireNurse(input: $i) { id } }', { i: hire })).code).toBe('NOT_FOUND');
    expect((await patientA.post('/new/hire/nurse', hire)).status).toBe(404);
    const e = t.orm.em.fork();
    const med = e.create(Medicine, { name: 'Ownership family med', genericName: 'Paracetamol', company: 'Beximco', strength: '500 mg', form: MedicineForm.Tablet, unit: MedicineUnit.Strip, pricePoisha: 1000, stock: 10 });
    await e.flush();
    const order = {
      shippingInfo: { name: 'X', phone: '01712345678', address: 'House 1, Road 2', city: 'Dhaka' }, orderItems: [{ medicineId: med.id, quantity: 1 }], familyMemberId: memberB,
    };
    expect((await patientA.gql('mutation($i: CreateOrderInput!) { createOrder(input: $i) { tranId } }', { i: order })).code).toBe('NOT_FOUND');
    expect((await patientA.post('/create/order', { ...order, orderItems: [{ _id: med.id, cartQuantity: 1 }] })).status).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await t.sql('select stock from medicines where id = ?', [med.id]))[0]!.stock).toBe(10);
  });

  it("refuses A filtering A's lists by B's member (no probing ids), and B's own filter works", async () => {
    for (const field of ['myAppointments', 'myPrescriptions', 'myNurseHires', 'myOrders']) {
      expect((await patientA.gql(`query($f: ID) { ${field}(careFor: $f) { total } }`, { f: memberB })).code).toBe('NOT_FOUND');
      expect((await patientA.gql(`query($f: ID) { ${field}(careFor: $f) { total } }`, { f: patientB.user!.id })).code).toBe('NOT_FOUND');
      expect((await patientB.gql(`query($f: ID) { ${field}(careFor: $f) { total } }`, { f: memberB })).errors).toBeUndefined();
    }
    for (const path of ['/mybooking', '/my/prescription', '/my/hire', '/orders/myorders']) {
      expect((await patientA.get(`${path}?careFor=${memberB}`)).status).toBe(404);
    }
  });

  it('a family member has no login: no password, no code, no account of their own', async () => {
    const res = await asVisitor(t).gql('mutation($i: PhoneNumberInput!) { sendLoginCode(input: $i) { phone } }', { i: { phone: '01819876500' } });
    expect(res.errors).toBeUndefined();
    // A decoy like any number without a patient account gets: nothing to log in with.
    expect(await t.sql(`select decoy from phone_codes where phone_e164 = '+8801819876500'`)).toEqual([{ decoy: true }]);
    expect(await t.sql(`select template from sms_outbox where to_phone = '+8801819876500'`)).toEqual([{ template: 'phone-no-login' }]);
    expect(await t.sql(`select id from users where phone_e164 = '+8801819876500'`)).toHaveLength(0);
  });
});

describe('doctors and records of other doctors', () => {
  it("refuses doctor B writing a prescription for doctor A's appointment", async () => {
    const count = async () => (await t.sql('select count(*)::int as n from prescriptions'))[0]!.n;
    const n = await count();
    const res = await doctorB.post('/create/prescription', {
      appointmentId: ids.openAppointment, medicines: [{ medname: 'Napa', dailyUse: '1+0+1', days: 5, quantity: '10' }], medInfo: '', doctorAdvice: '', followUp: '',
    });
    expect(res.status).toBe(404);
    const gql = await doctorB.gql('mutation($i: WritePrescriptionInput!) { writePrescription(input: $i) { id } }', {
      i: { appointmentId: ids.openAppointment, medicines: [{ medname: 'Napa', dailyUse: '1+0+1', days: 5, quantity: '10' }], medInfo: '', doctorAdvice: '', followUp: '' },
    });
    expect(gql.code).toBe('NOT_FOUND');
    expect(await count()).toBe(n);
  });

  it("refuses doctor B reading doctor A's appointment and prescription, or changing the appointment", async () => {
    refused((await doctorB.get(`/appointment/${ids.paidAppointment}`)).status);
    refused((await doctorB.get(`/prescription/${ids.prescription}`)).status);
    const before = await rowOf('appointments', ids.openAppointment!);
    refused((await doctorB.put(`/appointment/${ids.openAppointment}/status`, { status: 'Cancelled' })).status);
    expect(await rowOf('appointments', ids.openAppointment!)).toEqual(before);
    expect((await doctorA.get(`/appointment/${ids.paidAppointment}`)).status).toBe(200);
  });

  it('lets the admin read every record (audited for prescriptions)', async () => {
    expect((await admin.get(`/appointment/${ids.paidAppointment}`)).status).toBe(200);
    expect((await admin.get(`/order/${ids.order}`)).status).toBe(200);
    expect((await admin.get(`/prescription/${ids.prescription}`)).status).toBe(200);
  });
});

describe('id guessing', () => {
  it('answers NOT_FOUND for made-up and malformed ids, the same for every record type, without a 500', async () => {
    const guesses = ['00000000-0000-0000-0000-000000000001', '1', '../../etc/passwd', "1' or '1'='1", 'ffffffff-ffff-ffff-ffff-ffffffffffff'];
    for (const g of guesses) {
      for (const path of ['/appointment/', '/prescription/', '/order/', '/payment/']) {
        const res = await patientA.get(`${path}${encodeURIComponent(g)}`);
        expect([path, g, res.status]).toEqual([path, g, 404]);
      }
    }
  });

  it('uses random (UUID) ids, so one record tells nothing about the next', async () => {
    for (const id of [ids.order, ids.prescription, ids.paidAppointment, ids.hire, ids.review]) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
  });
});
