import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, type Client, type TestApp } from '../../../../test/app.js';
import type { DomainEvent } from '../../../common/events.js';
import { Appointment } from '../appointment.entity.js';
import { AppointmentStatus } from '../appointment.enums.js';
import { dhakaToday as dhakaDate } from '../../../common/dhaka-date.js';
import { payInSandbox } from '../../../../test/payments.js';

let t: TestApp;
let patient: Client;
let admin: Client;
const events: DomainEvent[] = [];
const ids: Record<string, string> = {};

beforeAll(async () => {
  // The patient books many hospital visits here (status workflow, capacity): the per-account hold
  // caps are holds.test.ts's subject.
  t = await createTestApp({ env: { HOSPITAL_PLACES_PER_PATIENT_SLOT: '1000', OPEN_HOSPITAL_VISITS_PER_PATIENT: '1000' } });
  for (const type of ['appointment.booked', 'appointment.statusChanged', 'appointment.paid'] as const) {
    t.services.events.on(type, (_em, e) => { events.push(e); });
  }
  patient = await asPatient(t);
  admin = await asAdmin(t);
  const find = async (q: string) => (await asVisitor(t).get(`/doctors?keyword=${encodeURIComponent(q)}`)).body.doctors[0];
  ids.mahbub = (await find('Mahbubur')).id; // no video link of his own
  ids.ayesha = (await find('Ayesha')).id;
  ids.farzana = (await find('Farzana')).id;
});
afterAll(async () => {
  await t.close();
});

const consultation = (doctorId: string, extra: Record<string, unknown> = {}) => ({
  doctorId, name: 'Rahima Akter', age: 34, weight: '58 kg', height: `5'2"`, gender: 'Female', problem: 'Headache for a week', ...extra,
});

const dayFromToday = (n: number) => {
  const d = new Date(`${dhakaDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The payments module's call, made the way it will make it: inside its own transaction. */
const pay = (appointmentId: string, amountPoisha: number, paymentId = `pay-${Math.random()}`) =>
  t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx as never, appointmentId, paymentId, amountPoisha));

async function bookVideo(client: Client, doctorId = ids.mahbub!) {
  const res = await client.post('/new/appointment', consultation(doctorId));
  expect(res.status).toBe(200);
  return res.body.appointment;
}

async function setStatus(id: string, status: AppointmentStatus) {
  await t.orm.em.fork().nativeUpdate(Appointment, { id }, { status });
}

describe('video consultations', () => {
  it('books at the fee from the database, whatever the client sends', async () => {
    const res = await patient.post('/new/appointment', consultation(ids.mahbub!, { doctorfees: 1, feePoisha: 100, fees: 1 }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your appointment placed');
    expect(res.body.appointment).toMatchObject({
      doctorfees: 1200, feePoisha: 120000, bookingStatus: 'Processing', paymentStatus: 'unpaid', kind: 'video',
      doctorname: 'Mahbubur Rahman', patientname: 'Rahima Akter', age: 34, url: null,
    });
    expect(res.body.paymentRequired).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: 'appointment.booked', appointmentId: res.body.appointment._id }));
  });

  it.each(['name', 'age', 'weight', 'height', 'gender', 'problem'])("refuses a booking without %s: 'Please enter your details'", async (field) => {
    const body = consultation(ids.mahbub!) as Record<string, unknown>;
    delete body[field];
    const res = await patient.post('/new/appointment', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your details');
  });

  // Not a weight, not a height, not an age: refused with the field's own rule (the web form words it), never clamped or stored.
  it.each([
    ['weight', '😀', 'isWeight'],
    ['weight', 'heavy', 'isWeight'],
    ['weight', '0', 'isWeight'],
    ['height', 'abc', 'isHeight'],
    ['height', `5'15"`, 'isHeight'],
    ['height', '999 cm', 'isHeight'],
    ['height', '5.14', 'isHeight'],
    ['height', '9', 'isHeight'],
    ['age', 200, 'isAge'],
    ['age', -1, 'isAge'],
  ])('refuses %s %p with INVALID_INPUT and the rule %s, through both doors', async (field, value, rule) => {
    const before = await t.orm.em.fork().count(Appointment, {});
    const res = await patient.post('/new/appointment', consultation(ids.mahbub!, { [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'INVALID_INPUT' });
    const gql = await patient.gql('mutation($input: BookConsultationInput!) { bookConsultation(input: $input) { id age weight height } }', { input: consultation(ids.mahbub!, { [field]: value }) });
    expect(gql.errors?.[0]?.extensions).toMatchObject({ reason: 'INVALID_INPUT', fields: { [field]: expect.any(String) }, fieldRules: { [field]: rule } });
    expect(await t.orm.em.fork().count(Appointment, {})).toBe(before);
  });

  it.each([
    ['weight', '58'], ['weight', '58.5 kg'], ['weight', '৫৮ কেজি'], ['weight', '128 lb'],
    ['height', `5'2"`], ['height', '5 ft 2 in'], ['height', '157 cm'], ['height', '1.57 m'], ['height', '৫ ফুট ২ ইঞ্চি'],
    // as the earlier app's form and most Bangladeshis write it: feet, or feet.inches
    ['height', '5'], ['height', '5.2'], ['height', '5.11'], ['height', '৫.৪'],
  ])('accepts %s %p as typed', async (field, value) => {
    const res = await patient.gql('mutation($input: BookConsultationInput!) { bookConsultation(input: $input) { id weight height } }', { input: consultation(ids.mahbub!, { [field]: value }) });
    expect(res.errors).toBeUndefined();
    expect(res.data!.bookConsultation[field]).toBe(value);
  });

  it('reuses the open checkout when the patient books the same doctor again before paying', async () => {
    const karim = await asPatient(t, 'karim@nirog.test');
    const first = await bookVideo(karim, ids.farzana);
    const again = await bookVideo(karim, ids.farzana);
    expect(again._id).toBe(first._id);
  });

  it('gives each consultation its own room when the doctor has no link, and shows it to the patient only once paid', async () => {
    const a = await bookVideo(patient);
    const b = await bookVideo(await asPatient(t, 'nusrat@nirog.test'));
    const roomA = (await admin.get(`/appointment/${a._id}`)).body.appointment.url;
    const roomB = (await admin.get(`/appointment/${b._id}`)).body.appointment.url;
    expect(roomA).toMatch(/^https:\/\/meet\.jit\.si\/Nirog-[\w-]{16}$/);
    expect(roomB).not.toBe(roomA);
    expect((await patient.get(`/appointment/${a._id}`)).body.appointment.url).toBeNull();
    await pay(a._id, 120000);
    const after = (await patient.get(`/appointment/${a._id}`)).body.appointment;
    expect(after).toMatchObject({ url: roomA, bookingStatus: 'Confirmed', paymentStatus: 'paid', paidStatus: true });
  });

  it("uses the doctor's own link when the doctor has set one", async () => {
    await (await asDoctor(t)).put('/doctor/update/url', { url: 'https://meet.google.com/aye-sha-room' });
    const a = await bookVideo(await asPatient(t, 'nusrat@nirog.test'), ids.ayesha);
    expect((await admin.get(`/appointment/${a._id}`)).body.appointment.url).toBe('https://meet.google.com/aye-sha-room');
  });
});

describe('payment seam: markConsultationPaid', () => {
  it('refuses an amount that differs from the fee', async () => {
    const a = await bookVideo(patient);
    await expect(pay(a._id, 119999)).rejects.toMatchObject({ reason: 'AMOUNT_MISMATCH' });
    expect((await admin.get(`/appointment/${a._id}`)).body.appointment.paymentStatus).toBe('unpaid');
  });

  it('is idempotent for the same payment and refuses a second one', async () => {
    const a = await bookVideo(patient);
    await pay(a._id, 120000, 'pay-1');
    const again = await pay(a._id, 120000, 'pay-1');
    expect(again.paymentId).toBe('pay-1');
    await expect(pay(a._id, 120000, 'pay-2')).rejects.toMatchObject({ reason: 'ALREADY_PAID' });
    const published = events.filter((e) => e.type === 'appointment.paid' && e.appointmentId === a._id);
    expect(published).toHaveLength(1);
  });

  it('publishes appointment.paid and the move to Confirmed', async () => {
    const a = await bookVideo(patient);
    await pay(a._id, 120000, 'pay-events');
    expect(events).toContainEqual(expect.objectContaining({ type: 'appointment.paid', appointmentId: a._id, paymentId: 'pay-events' }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'appointment.statusChanged', appointmentId: a._id, from: 'Processing', to: 'Confirmed' }));
  });

  it('refuses a hospital visit (paid at the hospital)', async () => {
    const res = await patient.post('/new/appointment', { doctorId: ids.farzana, patientName: 'Rahima', phone: '01712345678', date: dayFromToday(3), slot: 'Morning' });
    await expect(pay(res.body.appointment._id, 100000)).rejects.toMatchObject({ reason: 'NOT_PAYABLE' });
  });

  it('gives the payments module the fee of the patient\'s own unpaid consultation only', async () => {
    const a = await bookVideo(patient);
    const em = t.orm.em.fork();
    const own = await t.services.appointments.consultationForPayment(em, { id: patient.user!.id, role: 'user' as never, sessionId: '' }, a._id);
    expect(own.feePoisha).toBe(120000);
    const karim = await asPatient(t, 'karim@nirog.test');
    await expect(t.services.appointments.consultationForPayment(t.orm.em.fork(), { id: karim.user!.id, role: 'user' as never, sessionId: '' }, a._id))
      .rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('paying through the payments module (sandbox)', () => {
  it('books with a payment method, pays in the bKash sandbox, lands on /payment/successfull/:tranId, and the consultation is confirmed with its room', async () => {
    const res = await patient.post('/new/appointment', { ...consultation(ids.mahbub!), paymentMethod: 'Bkash' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/sandbox\/bkash\/checkout\//);
    const landing = await payInSandbox(t, res.body.url, 'approve');
    expect(landing).toBe(`${t.config.payments.publicUrl}/payment/successfull/${res.body.tranId}`);
    const after = (await patient.get(`/appointment/${res.body.appointment._id}`)).body.appointment;
    expect(after).toMatchObject({ bookingStatus: 'Confirmed', paymentStatus: 'paid', url: expect.stringMatching(/^https:\/\/meet\.jit\.si\//) });
    const payment = await patient.gql('query($t: String!) { payment(tranId: $t) { status amountPoisha purposeId } }', { t: res.body.tranId });
    expect(payment.data!.payment).toMatchObject({ amountPoisha: 120000, purposeId: res.body.appointment._id });
  });

  it('leaves the consultation unpaid when the patient cancels in Nagad, and pays on a second try (GraphQL)', async () => {
    const a = await bookVideo(patient);
    const first = await patient.gql('mutation($id: ID!) { payForConsultation(appointmentId: $id, provider: Nagad) { paymentUrl tranId } }', { id: a._id });
    expect(first.errors).toBeUndefined();
    await payInSandbox(t, first.data!.payForConsultation.paymentUrl, 'cancel');
    expect((await patient.get(`/appointment/${a._id}`)).body.appointment.paymentStatus).toBe('unpaid');
    const second = await patient.post(`/appointment/${a._id}/pay`, { paymentMethod: 'Nagad' });
    await payInSandbox(t, second.body.url, 'approve');
    expect((await patient.get(`/appointment/${a._id}`)).body.appointment.paymentStatus).toBe('paid');
    expect((await patient.post(`/appointment/${a._id}/pay`, {})).body.reason).toBe('ALREADY_PAID');
  });

  it("refuses to start a payment for someone else's consultation", async () => {
    const a = await bookVideo(patient);
    const karim = await asPatient(t, 'karim@nirog.test');
    expect((await karim.post(`/appointment/${a._id}/pay`, {})).status).toBe(404);
    expect((await (await asDoctor(t)).post(`/appointment/${a._id}/pay`, {})).status).toBe(403);
  });
});

describe('unpaid consultations expire', () => {
  it('cancels an unpaid consultation after its hold, and a late payment revives it', async () => {
    const a = await bookVideo(patient);
    await t.orm.em.fork().nativeUpdate(Appointment, { id: a._id }, { holdExpiresAt: new Date(Date.now() - 1000) });
    const mine = (await patient.get('/mybooking?pageSize=100')).body.appointment.find((x: { _id: string }) => x._id === a._id);
    expect(mine).toMatchObject({ bookingStatus: 'Cancelled', paymentStatus: 'unpaid' });
    const doctorView = (await (await asDoctor(t, 'mahbub.cardio@nirog.test')).get('/single/doctor/appointment?pageSize=100')).body.appointment;
    expect(doctorView.map((x: { _id: string }) => x._id)).not.toContain(a._id);
    await pay(a._id, 120000);
    expect((await patient.get(`/appointment/${a._id}`)).body.appointment.bookingStatus).toBe('Confirmed');
  });
});

describe('hospital visits', () => {
  const visit = (date: string, slot = 'Morning', doctorId = ids.farzana) => ({ doctorId, patientName: 'Rahima Akter', phone: '01712345678', date, slot });

  it('books a visit in a slot, paid at the hospital', async () => {
    const res = await patient.post('/new/appointment', visit(dayFromToday(2), 'Afternoon'));
    expect(res.status).toBe(200);
    expect(res.body.appointment).toMatchObject({ kind: 'hospital', schedule: 'Afternoon', date: dayFromToday(2), phone: '1712345678', paymentStatus: 'at_hospital' });
  });

  it('refuses a date in the past', async () => {
    const res = await patient.post('/new/appointment', visit(dayFromToday(-1)));
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('DATE_IN_PAST');
  });

  it("refuses a missing slot with 'Please enter your details'", async () => {
    const res = await patient.post('/new/appointment', { ...visit(dayFromToday(2)), slot: '' });
    expect(res.status).toBe(400);
  });

  it('never goes past capacity under concurrent bookings: exactly capacity succeed, the slot then says it is full', async () => {
    const capacity = 3;
    await admin.gql('mutation($id: ID!) { updateDoctor(id: $id, input: { hospitalSlotCapacity: 3 }) { hospitalSlotCapacity } }', { id: ids.ayesha });
    const date = dayFromToday(7);
    const clients = await Promise.all(['patient@nirog.test', 'karim@nirog.test', 'nusrat@nirog.test'].map((e) => asPatient(t, e)));
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => clients[i % 3]!.post('/new/appointment', visit(date, 'Evening', ids.ayesha))));
    const ok = results.filter((r) => r.status === 200);
    const full = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(capacity);
    expect(full).toHaveLength(8 - capacity);
    expect(full[0]!.body.reason).toBe('SLOT_FULL');
    const slots = await patient.get(`/hospital/slots?doctorId=${ids.ayesha}&date=${date}`);
    expect(slots.body.slots).toContainEqual({ slot: 'Evening', capacity: 3, booked: 3, available: 0 });
    expect(slots.body.slots).toContainEqual({ slot: 'Morning', capacity: 3, booked: 0, available: 3 });

    // a cancelled visit gives its place back
    await admin.put(`/admin/appointment/${ok[0]!.body.appointment._id}`, { bookingStatus: 'Cancelled' });
    expect((await patient.post('/new/appointment', visit(date, 'Evening', ids.ayesha))).status).toBe(200);
    expect((await patient.post('/new/appointment', visit(date, 'Evening', ids.ayesha))).status).toBe(409);
  });
});

describe('status workflow', () => {
  const ALL = Object.values(AppointmentStatus);
  const LEGAL: [AppointmentStatus, AppointmentStatus][] = [
    [AppointmentStatus.Processing, AppointmentStatus.Confirmed], [AppointmentStatus.Processing, AppointmentStatus.Cancelled],
    [AppointmentStatus.Confirmed, AppointmentStatus.Finished], [AppointmentStatus.Confirmed, AppointmentStatus.Cancelled],
  ];
  const ILLEGAL = ALL.flatMap((from) => ALL.map((to) => [from, to] as [AppointmentStatus, AppointmentStatus]))
    .filter(([f, to]) => !LEGAL.some(([a, b]) => a === f && b === to));

  let n = 0;
  async function hospitalVisitIn(status: AppointmentStatus) {
    n += 1; // spread over days so that no slot fills up
    const res = await patient.post('/new/appointment', { doctorId: ids.farzana, patientName: 'Rahima', phone: '01712345678', date: dayFromToday(10 + n), slot: 'Morning' });
    expect(res.status).toBe(200);
    await setStatus(res.body.appointment._id, status);
    return res.body.appointment._id as string;
  }

  it.each(ILLEGAL)('refuses %s → %s', async (from, to) => {
    const id = await hospitalVisitIn(from);
    const res = await admin.put(`/admin/appointment/${id}`, { bookingStatus: to });
    // The same answer as for orders and hires: 409, the record's state does not allow it.
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('ILLEGAL_TRANSITION');
    expect((await admin.get(`/appointment/${id}`)).body.appointment.bookingStatus).toBe(from);
  });

  it.each(LEGAL)("allows %s → %s ('Appointments status updated')", async (from, to) => {
    const id = await hospitalVisitIn(from);
    const res = await admin.post(`/admin/appointment/${id}`, { bookingStatus: to, doctorname: 'ignored', patientemail: 'x@y.z' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Appointments status updated');
    expect(res.body.appointment.bookingStatus).toBe(to);
    expect(events).toContainEqual(expect.objectContaining({ type: 'appointment.statusChanged', appointmentId: id, from, to }));
  });

  it('refuses to confirm an unpaid video consultation', async () => {
    const a = await bookVideo(patient);
    const res = await admin.put(`/admin/appointment/${a._id}`, { bookingStatus: 'Confirmed' });
    expect(res.body.reason).toBe('NOT_PAID');
  });

  it('lets exactly one of two admins move the same appointment', async () => {
    const id = await hospitalVisitIn(AppointmentStatus.Processing);
    const other = await asAdmin(t);
    const results = await Promise.all([admin.put(`/admin/appointment/${id}`, { bookingStatus: 'Confirmed' }), other.put(`/admin/appointment/${id}`, { bookingStatus: 'Confirmed' })]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // the loser saw either the new status (illegal move) or lost the compare-and-set (stale)
    expect(results.filter((r) => r.status !== 200).map((r) => r.body.reason)).toEqual([expect.stringMatching(/^(ILLEGAL_TRANSITION|CHANGED_MEANWHILE)$/)]);
    expect(events.filter((e) => e.type === 'appointment.statusChanged' && e.appointmentId === id)).toHaveLength(1);
  });

  it('lets the patient cancel a Processing booking but not confirm it', async () => {
    const id = await hospitalVisitIn(AppointmentStatus.Processing);
    expect((await patient.put(`/appointment/${id}/status`, { status: 'Confirmed' })).status).toBe(403);
    expect((await patient.put(`/appointment/${id}/status`, { status: 'Cancelled' })).status).toBe(200);
  });
});

describe('who sees which appointment', () => {
  it('GET /mybooking gives the patient their own bookings only, newest first, as {appointment}', async () => {
    const mine = (await patient.get('/mybooking?pageSize=100')).body.appointment;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((a: { patientemail: string }) => a.patientemail === 'patient@nirog.test')).toBe(true);
    const times = mine.map((a: { createdAt: string }) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('GET /single/doctor/appointment gives the doctor their own consultations with patient details, newest first', async () => {
    const res = await (await asDoctor(t, 'mahbub.cardio@nirog.test')).get('/single/doctor/appointment');
    expect(res.status).toBe(200);
    expect(res.body.appointment.length).toBeGreaterThan(0);
    expect(res.body.appointment.every((a: { doctorname: string }) => a.doctorname === 'Mahbubur Rahman')).toBe(true);
    expect(res.body.appointment[0]).toHaveProperty('patientname');
    expect(res.body.appointment[0]).toHaveProperty('problem');
  });

  it('GET /getall/appointment pages for admins as {appointments, resultPerPage, appointmentCount}', async () => {
    const res = await admin.get('/getall/appointment?page=1&pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.appointments).toHaveLength(5);
    expect(res.body.resultPerPage).toBe(5);
    expect(res.body.appointmentCount).toBeGreaterThan(5);
    const p2 = await admin.get('/getall/appointment?page=2&pageSize=5');
    expect(p2.body.appointments[0]._id).not.toBe(res.body.appointments[0]._id);
  });

  it('GET /appointment/:id: the patient, the doctor of it and admins; others get 404, visitors 401', async () => {
    const a = await bookVideo(patient);
    expect((await patient.get(`/appointment/${a._id}`)).status).toBe(200);
    expect((await admin.get(`/appointment/${a._id}`)).status).toBe(200);
    expect((await (await asDoctor(t, 'mahbub.cardio@nirog.test')).get(`/appointment/${a._id}`)).status).toBe(200);
    expect((await (await asDoctor(t)).get(`/appointment/${a._id}`)).status).toBe(404);
    expect((await (await asPatient(t, 'karim@nirog.test')).get(`/appointment/${a._id}`)).status).toBe(404);
    expect((await asVisitor(t).get(`/appointment/${a._id}`)).status).toBe(401);
  });

  it.each([
    ['post', '/new/appointment', ['visitor', 401], ['doctor', 403], ['admin', 403]],
    ['get', '/mybooking', ['visitor', 401], ['doctor', 403], ['admin', 403]],
    ['get', '/single/doctor/appointment', ['visitor', 401], ['patient', 403], ['admin', 403]],
    ['get', '/getall/appointment', ['visitor', 401], ['patient', 403], ['doctor', 403]],
    ['put', '/admin/appointment/00000000-0000-0000-0000-000000000000', ['visitor', 401], ['patient', 403], ['doctor', 403]],
    ['post', '/admin/appointment/00000000-0000-0000-0000-000000000000', ['visitor', 401], ['patient', 403], ['doctor', 403]],
  ] as const)('%s %s refuses the wrong callers', async (method, path, ...cases) => {
    for (const [who, status] of cases) {
      const client = who === 'visitor' ? asVisitor(t) : who === 'patient' ? patient : who === 'doctor' ? await asDoctor(t) : admin;
      const res = method === 'get' ? await client.get(path) : method === 'put' ? await client.put(path, {}) : await client.post(path, {});
      expect([who, res.status]).toEqual([who, status]);
    }
  });

  it('GraphQL: myAppointments, doctorAppointments and allAppointments follow the same rules', async () => {
    const q = '{ myAppointments(pageSize: 3) { total items { id status feePoisha doctor { name } patientEmail } } }';
    const mine = await patient.gql(q);
    expect(mine.data!.myAppointments.items[0].patientEmail).toBe('patient@nirog.test');
    expect((await (await asDoctor(t)).gql(q)).code).toBe('FORBIDDEN');
    expect((await asVisitor(t).gql('{ allAppointments { total } }')).code).toBe('UNAUTHENTICATED');
    expect((await admin.gql('{ allAppointments(pageSize: 2) { total items { id } } }')).data!.allAppointments.items).toHaveLength(2);
  });
});
