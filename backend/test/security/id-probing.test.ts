import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { getNamedType, isInputObjectType, type GraphQLInputType } from 'graphql';
import { asAdmin, asDoctor, asPatient, asVisitor, createTestApp, login, type Client, type TestApp } from '../app.js';
import { newMedicine, SHIPPING } from '../fixtures.js';
import { buildNirogSchema } from '../../src/schema.js';
import { EXPECTED, INTEGRATOR_SCOPE_OF, PHARMACIST_ALLOWED, ROLES } from './access-table.js';
import { graphqlOperations, restKey } from './operations.js';

/**
 * A made-up id and someone else's real id answer alike, everywhere: the same status, code, reason
 * and message, so no caller learns whether a record it may not see exists. Every GraphQL operation
 * taking an id (an ID argument or input field) and every REST path taking one (a path parameter, or
 * an id in the body or query string listed in BODY_IDS) has a row here, read from the built schema and
 * the route table: a new one without a row fails the test. A row probes, for each caller the access
 * table lets in, a record that is not the caller's to see (another patient's, another doctor's, an
 * order without a prescription for a pharmacist, another app's subscription, a doctor not approved yet,
 * a nurse removed, a medicine no longer sold) against a fresh random UUID, or says why it needs none.
 */
type Who = 'visitor' | 'patient' | 'doctor' | 'pharmacist' | 'admin' | 'app';
interface Answer {
  status: number;
  body: unknown;
}
interface Probe {
  /** Callers for whom `id` names a record they may not see. */
  who: Who[];
  /** The key of the real record in `ids`. */
  id: string;
  call: (who: Who, id: string) => Promise<Answer>;
  /** What both answers are: NOT_FOUND (the default), or the same harmless answer (an empty list, "cannot review"). */
  alike?: 'not-found' | 'same';
}
type Row = { probes: Probe[]; seeAll?: Who[] } | { skip: string };

let t: TestApp;
const clients = {} as Record<Exclude<Who, 'app'>, Client>;
let appKey = '';
const ids: Record<string, string> = {};
const madeUp = randomUUID();

// ---- callers -----------------------------------------------------------------------------------

async function gql(who: Who, query: string, variables: Record<string, unknown>): Promise<Answer> {
  let req = t.http().post('/graphql').set('Content-Type', 'application/json');
  const token = who === 'app' ? appKey : clients[who].token;
  if (token) req = req.set('Authorization', `Bearer ${token}`);
  const res = await req.send({ query, variables });
  return { status: res.status, body: { data: res.body.data ?? null, errors: res.body.errors ?? null } };
}

async function rest(who: Who, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object): Promise<Answer> {
  const c = clients[who as Exclude<Who, 'app'>];
  const res = method === 'get' ? await c.get(path) : method === 'delete' ? await c.delete(path) : await c[method](path, body ?? {});
  return { status: res.status, body: res.body };
}

const g = (query: string, vars: (id: string) => Record<string, unknown>) => (who: Who, id: string) => gql(who, query, vars(id));
const r = (method: 'get' | 'post' | 'put' | 'delete', path: (id: string) => string, body?: (id: string) => object) =>
  (who: Who, id: string) => rest(who, method, path(id), body?.(id));

const PEOPLE: Who[] = ['visitor', 'patient', 'doctor', 'pharmacist'];
const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const consultation = (extra: Record<string, unknown>) => ({ doctorId: ids.ayesha, weight: '60 kg', height: `5'0"`, problem: 'Dizzy', ...extra });
const restConsultation = (extra: Record<string, unknown>) => ({ ...consultation(extra), name: 'Rahima Akter', age: 34, gender: 'Female' });
const visit = (extra: Record<string, unknown>) => ({ doctorId: ids.ayesha, phone: '01712345678', date: soon(2), slot: 'Morning', ...extra });
const hire = (extra: Record<string, unknown>) => ({ nurseId: ids.nurse, patientGender: 'Female', phone: '01712345678', date: soon(4), ...extra });
const order = (extra: Record<string, unknown>, medicineId = ids.medicine) => ({ shippingInfo: SHIPPING, orderItems: [{ medicineId, quantity: 1 }], paymentMethod: 'Bkash', ...extra });
const restOrder = (extra: Record<string, unknown>, medicineId = ids.medicine) => ({ shippingInfo: SHIPPING, orderItems: [{ _id: medicineId, cartQuantity: 1 }], paymentMethod: 'Bkash', ...extra });
const prescriptionBody = (appointmentId: string) => ({
  appointmentId, medicines: [{ medname: 'Napa', dailyUse: '1+0+1', days: 5, quantity: '10 tablets' }], medInfo: '', doctorAdvice: '', followUp: '',
});

const ADMIN_ONLY = { skip: 'admins only, and an admin sees every record (a made-up id is NOT_FOUND: fuzz.test.ts)' };
const TOKEN = { skip: 'a secret token in the path, not a record id (limits.test.ts)' };

/**
 * The operations taking an id the scan cannot see: REST bodies and query strings (the route table
 * cannot tell) and GraphQL ids typed String (a payment's transaction id). Written out.
 */
const BODY_IDS = [
  'Query.payment',
  'POST /new/appointment', 'POST /new/hire/nurse', 'POST /create/order', 'POST /create/prescription', 'POST /cart/quote',
  'GET /mybooking?careFor', 'GET /my/prescription?careFor', 'GET /my/hire?careFor', 'GET /orders/myorders?careFor',
];

const ROWS: Record<string, Row> = {
  // ---- appointments
  'Query.appointment': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimConsultation', call: g('query($id: ID!) { appointment(id: $id) { id } }', (id) => ({ id })) }] },
  'GET /appointment/:id': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimConsultation', call: r('get', (id) => `/appointment/${id}`) }] },
  'Mutation.changeAppointmentStatus': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimOpenConsultation',
    call: g('mutation($id: ID!) { changeAppointmentStatus(id: $id, input: { status: Cancelled }) { id } }', (id) => ({ id })) }] },
  'PUT /appointment/:id/status': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimOpenConsultation',
    call: r('put', (id) => `/appointment/${id}/status`, () => ({ status: 'Cancelled' })) }] },
  'Mutation.payForConsultation': { probes: [{ who: ['patient'], id: 'karimOpenConsultation', call: g('mutation($id: ID!) { payForConsultation(appointmentId: $id) { paymentUrl } }', (id) => ({ id })) }] },
  'POST /appointment/:id/pay': { probes: [{ who: ['patient'], id: 'karimOpenConsultation', call: r('post', (id) => `/appointment/${id}/pay`, () => ({ paymentMethod: 'Bkash' })) }] },
  'Mutation.startConsultation': { probes: [{ who: ['doctor'], id: 'karimConsultation', call: g('mutation($id: ID!) { startConsultation(id: $id) { id } }', (id) => ({ id })) }] },
  'Mutation.bookConsultation': { probes: [
    { who: ['patient'], id: 'karimMember', call: g('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id } }', (id) => ({ i: consultation({ familyMemberId: id }) })) },
    { who: ['patient'], id: 'pendingDoctor', call: g('mutation($i: BookConsultationInput!) { bookConsultation(input: $i) { id } }',
      (id) => ({ i: consultation({ doctorId: id, name: 'Rahima Akter', age: 34, gender: 'Female' }) })) },
  ] },
  'Mutation.bookHospitalVisit': { probes: [
    { who: ['patient'], id: 'karimMember', call: g('mutation($i: BookHospitalVisitInput!) { bookHospitalVisit(input: $i) { id } }', (id) => ({ i: visit({ familyMemberId: id }) })) },
    { who: ['patient'], id: 'pendingDoctor', call: g('mutation($i: BookHospitalVisitInput!) { bookHospitalVisit(input: $i) { id } }', (id) => ({ i: visit({ doctorId: id }) })) },
  ] },
  'POST /new/appointment': { probes: [
    { who: ['patient'], id: 'karimMember', call: r('post', () => '/new/appointment', (id) => restConsultation({ familyMemberId: id })) },
    { who: ['patient'], id: 'pendingDoctor', call: r('post', () => '/new/appointment', (id) => restConsultation({ doctorId: id })) },
    { who: ['patient'], id: 'karimMember', call: r('post', () => '/new/appointment', (id) => ({ ...visit({ familyMemberId: id }), patientName: 'Rahima Akter' })) },
  ] },
  'Query.hospitalSlots': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'pendingDoctor',
    call: g('query($id: ID!, $d: String!) { hospitalSlots(doctorId: $id, date: $d) { slot } }', (id) => ({ id, d: soon(2) })) }] },
  'Query.myAppointments': { probes: [{ who: ['patient'], id: 'karimMember', call: g('query($f: ID) { myAppointments(careFor: $f) { total } }', (id) => ({ f: id })) }] },
  'GET /mybooking?careFor': { probes: [{ who: ['patient'], id: 'karimMember', call: r('get', (id) => `/mybooking?careFor=${id}`) }] },
  'PUT /admin/appointment/:id': ADMIN_ONLY,
  'POST /admin/appointment/:id': ADMIN_ONLY,

  // ---- prescriptions
  'Query.prescription': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimPrescription', call: g('query($id: ID!) { prescription(id: $id) { id } }', (id) => ({ id })) }] },
  'GET /prescription/:id': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimPrescription', call: r('get', (id) => `/prescription/${id}`) }] },
  'GET /prescription/:id/pdf': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimPrescription', call: r('get', (id) => `/prescription/${id}/pdf`) }] },
  'Mutation.writePrescription': { probes: [{ who: ['doctor'], id: 'karimOpenConsultation',
    call: g('mutation($i: WritePrescriptionInput!) { writePrescription(input: $i) { id } }', (id) => ({ i: prescriptionBody(id) })) }] },
  'POST /create/prescription': { probes: [{ who: ['doctor'], id: 'karimOpenConsultation', call: r('post', () => '/create/prescription', (id) => prescriptionBody(id)) }] },
  'Query.myPrescriptions': { probes: [{ who: ['patient'], id: 'karimMember', call: g('query($f: ID) { myPrescriptions(careFor: $f) { total } }', (id) => ({ f: id })) }] },
  'GET /my/prescription?careFor': { probes: [{ who: ['patient'], id: 'karimMember', call: r('get', (id) => `/my/prescription?careFor=${id}`) }] },
  'Query.prescriptionCart': { probes: [{ who: ['patient'], id: 'karimPrescription', call: g('query($id: ID!) { prescriptionCart(prescriptionId: $id) { prescriptionId } }', (id) => ({ id })) }] },
  'GET /medical-files/:link': { skip: 'a signed, short-lived link, not a record id: made-up, expired, altered and foreign-secret links answer one 404 (medical-files.api.test.ts)' },
  'GET /verify/prescription/:code': { skip: "the public genuineness check, by the code printed on a prescription: it says genuine or not and nothing about the patient (prescriptions.api.test.ts)" },

  // ---- orders and payments
  'Query.order': { seeAll: ['admin', 'app'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimOrder', call: g('query($id: ID!) { order(id: $id) { id } }', (id) => ({ id })) }] },
  'GET /order/:id': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimOrder', call: r('get', (id) => `/order/${id}`) }] },
  'Mutation.payForOrder': { probes: [{ who: ['patient'], id: 'karimOrder', call: g('mutation($id: ID!) { payForOrder(id: $id) { tranId } }', (id) => ({ id })) }] },
  'Mutation.reviewOrderPrescription': { seeAll: ['admin'], probes: [{ who: ['pharmacist'], id: 'karimOrder',
    call: g('mutation($i: ReviewPrescriptionInput!) { reviewOrderPrescription(input: $i) { id } }', (id) => ({ i: { orderId: id, approve: true } })) }] },
  'Mutation.createOrder': { probes: [
    { who: ['patient'], id: 'karimMember', call: g('mutation($i: CreateOrderInput!) { createOrder(input: $i) { tranId } }', (id) => ({ i: order({ familyMemberId: id }) })) },
    { who: ['patient'], id: 'karimPrescription', call: g('mutation($i: CreateOrderInput!) { createOrder(input: $i) { tranId } }', (id) => ({ i: order({ prescriptionId: id }, ids.rxMedicine) })) },
    { who: ['patient'], id: 'hiddenMedicine', call: g('mutation($i: CreateOrderInput!) { createOrder(input: $i) { tranId } }', (id) => ({ i: order({}, id) })) },
  ] },
  'POST /create/order': { probes: [
    { who: ['patient'], id: 'karimMember', call: r('post', () => '/create/order', (id) => restOrder({ familyMemberId: id })) },
    { who: ['patient'], id: 'karimPrescription', call: r('post', () => '/create/order', (id) => restOrder({ prescriptionId: id }, ids.rxMedicine)) },
    { who: ['patient'], id: 'hiddenMedicine', call: r('post', () => '/create/order', (id) => restOrder({}, id)) },
  ] },
  // A quote marks a line it cannot sell unavailable (and echoes the caller's own id back), whatever the id.
  'Query.quoteCart': { probes: [{ who: [...PEOPLE, 'admin'], id: 'hiddenMedicine', alike: 'same', call: g('query($i: [OrderLineInput!]!) { quoteCart(items: $i) { totalPoisha } }', (id) => ({ i: [{ medicineId: id, quantity: 1 }] })) }] },
  'POST /cart/quote': { probes: [{ who: [...PEOPLE, 'admin'], id: 'hiddenMedicine', alike: 'same', call: r('post', () => '/cart/quote', (id) => ({ items: [{ _id: id, cartQuantity: 1 }] })) }] },
  'Query.myOrders': { probes: [{ who: ['patient'], id: 'karimMember', call: g('query($f: ID) { myOrders(careFor: $f) { total } }', (id) => ({ f: id })) }] },
  'GET /orders/myorders?careFor': { probes: [{ who: ['patient'], id: 'karimMember', call: r('get', (id) => `/orders/myorders?careFor=${id}`) }] },
  'GET /payment/:tranId': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimTranId', call: r('get', (id) => `/payment/${id}`) }] },
  'Query.payment': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'karimTranId', call: g('query($t: String!) { payment(tranId: $t) { status } }', (id) => ({ t: id })) }] },
  'Mutation.updateOrderStatus': { skip: "admins and the orders:write app, who see every order (a made-up id is NOT_FOUND: fuzz.test.ts)" },
  'Mutation.archiveOrder': ADMIN_ONLY,
  'PUT /admin/order/:id': ADMIN_ONLY,
  'DELETE /admin/order/:id': ADMIN_ONLY,

  // ---- nurses and hires
  'Mutation.cancelMyNurseHire': { probes: [{ who: ['patient'], id: 'karimHire', call: g('mutation($id: ID!) { cancelMyNurseHire(id: $id) { id } }', (id) => ({ id })) }] },
  'PUT /my/hire/:id/cancel': { probes: [{ who: ['patient'], id: 'karimHire', call: r('put', (id) => `/my/hire/${id}/cancel`) }] },
  'Mutation.hireNurse': { probes: [
    { who: ['patient'], id: 'karimMember', call: g('mutation($i: NurseHireInput!) { hireNurse(input: $i) { id } }', (id) => ({ i: hire({ familyMemberId: id }) })) },
    { who: ['patient'], id: 'removedNurse', call: g('mutation($i: NurseHireInput!) { hireNurse(input: $i) { id } }', (id) => ({ i: hire({ nurseId: id }) })) },
  ] },
  'POST /new/hire/nurse': { probes: [
    { who: ['patient'], id: 'karimMember', call: r('post', () => '/new/hire/nurse', (id) => hire({ familyMemberId: id })) },
    { who: ['patient'], id: 'removedNurse', call: r('post', () => '/new/hire/nurse', (id) => hire({ nurseId: id })) },
  ] },
  'Query.myNurseHires': { probes: [{ who: ['patient'], id: 'karimMember', call: g('query($f: ID) { myNurseHires(careFor: $f) { total } }', (id) => ({ f: id })) }] },
  'GET /my/hire?careFor': { probes: [{ who: ['patient'], id: 'karimMember', call: r('get', (id) => `/my/hire?careFor=${id}`) }] },
  'Query.nurse': { seeAll: ['admin'], probes: [{ who: PEOPLE, id: 'removedNurse', call: g('query($id: ID!) { nurse(id: $id) { id } }', (id) => ({ id })) }] },
  'GET /nurse/:id': { seeAll: ['admin'], probes: [{ who: PEOPLE, id: 'removedNurse', call: r('get', (id) => `/nurse/${id}`) }] },
  'Query.nurseReviewEligibility': { seeAll: ['admin'], probes: [{ who: ['patient', 'doctor', 'pharmacist'], id: 'removedNurse',
    call: g('query($id: ID!) { nurseReviewEligibility(nurseId: $id) { canReview } }', (id) => ({ id })) }] },
  'Mutation.createNurseReview': { probes: [{ who: ['patient'], id: 'removedNurse',
    call: g('mutation($i: NurseReviewInput!) { createNurseReview(input: $i) { id } }', (id) => ({ i: { nurseId: id, rating: 4, comment: 'Kind' } })) }] },
  'Mutation.updateNurseReview': { probes: [{ who: ['patient'], id: 'nurseReviewedByAnother',
    call: g('mutation($i: NurseReviewInput!) { updateNurseReview(input: $i) { id } }', (id) => ({ i: { nurseId: id, rating: 1, comment: 'Taken over' } })) }] },
  'Query.nurseReviews': { skip: "a nurse's reviews are public, a removed nurse's kept as history (CareSeeder); there is no private record to probe" },
  'Mutation.setNurseHireStatus': ADMIN_ONLY,
  'Mutation.updateNurse': ADMIN_ONLY,
  'Mutation.deleteNurse': ADMIN_ONLY,
  'PUT /nurse/:id': ADMIN_ONLY,
  'DELETE /nurse/:id': ADMIN_ONLY,
  'PUT /admin/hire/nurse/:id': ADMIN_ONLY,

  // ---- family members
  'Mutation.updateFamilyMember': { probes: [{ who: ['patient'], id: 'karimMember',
    call: g('mutation($id: ID!, $i: FamilyMemberInput!) { updateFamilyMember(id: $id, input: $i) { id } }', (id) => ({ id, i: { name: 'Taken Over', relation: 'Mother', birthdate: '1955-05-05', gender: 'Female' } })) }] },
  'Mutation.removeFamilyMember': { probes: [{ who: ['patient'], id: 'karimMember', call: g('mutation($id: ID!) { removeFamilyMember(id: $id) }', (id) => ({ id })) }] },

  // ---- doctors and their reviews
  'Query.doctor': { seeAll: ['admin'], probes: [{ who: [...PEOPLE, 'app'], id: 'pendingDoctor', call: g('query($id: ID!) { doctor(id: $id) { id } }', (id) => ({ id })) }] },
  'GET /doctor/:id': { seeAll: ['admin'], probes: [{ who: PEOPLE, id: 'pendingDoctor', call: r('get', (id) => `/doctor/${id}`) }] },
  'Query.doctorReviews': { probes: [{ who: [...PEOPLE, 'admin'], id: 'pendingDoctor', alike: 'same', call: g('query($id: ID!) { doctorReviews(doctorId: $id) { total } }', (id) => ({ id })) }] },
  'Query.myDoctorReviewEligibility': { probes: [{ who: ['patient'], id: 'pendingDoctor', alike: 'same',
    call: g('query($id: ID!) { myDoctorReviewEligibility(doctorId: $id) { canReview review { id } } }', (id) => ({ id })) }] },
  'Mutation.reviewDoctor': { probes: [{ who: ['patient'], id: 'pendingDoctor',
    call: g('mutation($i: DoctorReviewInput!) { reviewDoctor(input: $i) { id } }', (id) => ({ i: { doctorId: id, rating: 4, comment: 'Fine' } })) }] },
  'Mutation.updateDoctorReview': { probes: [{ who: ['patient'], id: 'doctorReviewedByAnother',
    call: g('mutation($i: DoctorReviewInput!) { updateDoctorReview(input: $i) { id } }', (id) => ({ i: { doctorId: id, rating: 0.5, comment: 'Taken over' } })) }] },
  'Mutation.approveDoctor': ADMIN_ONLY,
  'Mutation.rejectDoctor': ADMIN_ONLY,
  'Mutation.updateDoctor': ADMIN_ONLY,
  'PUT /admin/doctor/:id/approve': ADMIN_ONLY,
  'PUT /admin/doctor/:id/reject': ADMIN_ONLY,
  'PUT /doctor/:id': ADMIN_ONLY,

  // ---- medicines
  'Query.medicine': { seeAll: ['admin'], probes: [{ who: [...PEOPLE, 'app'], id: 'hiddenMedicine', call: g('query($id: ID!) { medicine(id: $id) { id } }', (id) => ({ id })) }] },
  'GET /medicine/:id': { seeAll: ['admin'], probes: [{ who: PEOPLE, id: 'hiddenMedicine', call: r('get', (id) => `/medicine/${id}`) }] },
  'Mutation.updateMedicine': ADMIN_ONLY,
  'Query.catalogueImport': ADMIN_ONLY,
  'Mutation.runCatalogueImport': ADMIN_ONLY,
  'Mutation.updateSpeciality': ADMIN_ONLY,
  'Subscription.appointmentEvents': { skip: "a subscription over the WebSocket, not HTTP: someone else's consultation and a made-up id answer one NOT_FOUND (live/live.api.test.ts)" },
  'Subscription.orderEvents': { skip: "a subscription over the WebSocket, not HTTP: someone else's order and a made-up id answer one NOT_FOUND (live/live.api.test.ts)" },
  'Mutation.updateMedicineStock': { skip: "admins and the pharmacy's stock:write app keep every medicine's stock, hidden ones included" },
  'PUT /admin/medicine/:id': ADMIN_ONLY,

  // ---- blood requests
  'Query.bloodRequestDonors': { seeAll: ['admin'], probes: [{ who: PEOPLE, id: 'karimBloodRequest',
    call: g('query($i: BloodRequestAccessInput!) { bloodRequestDonors(input: $i) { id } }', (id) => ({ i: { requestId: id } })) }] },
  'GET /blood/request/:id/donors': { seeAll: ['admin'], probes: [{ who: PEOPLE, id: 'karimBloodRequest', call: r('get', (id) => `/blood/request/${id}/donors`) }] },

  // ---- webhooks and integrator apps
  'Mutation.unsubscribeWebhook': { probes: [{ who: ['app'], id: 'otherAppSubscription', call: g('mutation($id: ID!) { unsubscribeWebhook(id: $id) { id } }', (id) => ({ id })) }] },
  'Query.webhookDeliveries': { seeAll: ['admin'], probes: [{ who: ['app'], id: 'otherApp', alike: 'same', call: g('query($id: ID) { webhookDeliveries(appId: $id) { total } }', (id) => ({ id })) }] },
  'Mutation.resendWebhookDelivery': ADMIN_ONLY,
  'Mutation.createIntegratorApp': ADMIN_ONLY,
  'Mutation.updateIntegratorApp': ADMIN_ONLY,
  'Mutation.revokeIntegratorApp': ADMIN_ONLY,
  'Mutation.rotateIntegratorKey': ADMIN_ONLY,

  // ---- accounts, mail, audit
  'Mutation.deleteUser': ADMIN_ONLY,
  'DELETE /admin/user/:id': ADMIN_ONLY,
  'Mutation.retryMail': ADMIN_ONLY,
  'PUT /admin/mail/:id/retry': ADMIN_ONLY,
  'Query.auditLog': ADMIN_ONLY,
  'POST /password/reset/:token': TOKEN,
  'PUT /password/reset/:token': TOKEN,
  'POST /forgot/password/reset/:token': TOKEN,
  'PUT /forgot/password/reset/:token': TOKEN,
};

// ---- which operations take an id --------------------------------------------------------------

function takesId(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (named.name === 'ID') return true;
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((f) => takesId(f.type, seen));
}

let idOperations: string[] = [];

/** Who gets past authorization for an operation (the access table), so only they are probed. */
function allowed(op: string, who: Who): boolean {
  if (who === 'app') return op in INTEGRATOR_SCOPE_OF;
  const key = op.replace(/\?.*$/, '');
  if (who === 'pharmacist') return EXPECTED[key]![0] === '+' || PHARMACIST_ALLOWED.has(key);
  return EXPECTED[key]![ROLES.indexOf(who)] === '+';
}

beforeAll(async () => {
  t = await createTestApp({ env: { BLOOD_REQUESTS_PER_HOUR: '1000', OPEN_UNPAID_ORDERS_PER_PATIENT: '1000', CART_QUOTES_PER_IP_PER_MINUTE: '100000' } });
  const schema = await buildNirogSchema();
  idOperations = [
    ...graphqlOperations(schema).filter((op) => op.field.args.some((a) => takesId(a.type))).map((op) => op.key),
    ...t.restRoutes.filter((route) => route.path.includes(':')).map(restKey),
    ...BODY_IDS,
  ];

  clients.visitor = asVisitor(t);
  clients.patient = await asPatient(t); // Rahima: every record below is Karim's
  clients.doctor = await asDoctor(t, 'mahbub.cardio@nirog.test'); // the records are Ayesha's
  clients.pharmacist = await login(t, 'pharmacist@nirog.test');
  clients.admin = await asAdmin(t);
  const karim = await asPatient(t, 'karim@nirog.test');
  const ayesha = await asDoctor(t);
  ids.ayesha = (await asVisitor(t).get('/doctors?keyword=Ayesha')).body.doctors[0].id;

  // Karim's consultation with Ayesha, paid and prescribed; another, unpaid.
  const paid = await karim.post('/new/appointment', restConsultation({ name: 'Karim Uddin', gender: 'Male', problem: 'Back pain' }));
  expect(paid.status).toBe(200);
  ids.karimConsultation = paid.body.appointment._id;
  await t.orm.em.fork().transactional((tx) => t.services.appointments.markConsultationPaid(tx, ids.karimConsultation!, `pay-${ids.karimConsultation}`, paid.body.appointment.feePoisha));
  const written = await ayesha.post('/create/prescription', prescriptionBody(ids.karimConsultation!));
  expect(written.status).toBe(200);
  ids.karimPrescription = written.body.prescription._id;
  const open = await karim.post('/new/appointment', restConsultation({ name: 'Karim Uddin', gender: 'Male', problem: 'Headache' }));
  ids.karimOpenConsultation = open.body.appointment._id;

  const member = await karim.gql('mutation($i: FamilyMemberInput!) { addFamilyMember(input: $i) { id } }',
    { i: { name: 'Halima Khatun', relation: 'Mother', birthdate: '1955-05-05', gender: 'Female' } });
  ids.karimMember = member.data!.addFamilyMember.id;

  ids.medicine = (await newMedicine(t, 1000)).id;
  const rx = await newMedicine(t, 1000);
  const hidden = await newMedicine(t, 1000);
  await t.sql('update medicines set prescription_required = true where id = ?', [rx.id]);
  await t.sql('update medicines set is_active = false where id = ?', [hidden.id]);
  ids.rxMedicine = rx.id;
  ids.hiddenMedicine = hidden.id;
  const placed = await karim.post('/create/order', restOrder({}));
  expect(placed.status).toBe(200);
  ids.karimOrder = placed.body.order._id;
  ids.karimTranId = placed.body.tranId;

  const nurses = (await asVisitor(t).get('/get/nurses?pageSize=2')).body.nurses as { _id: string }[];
  ids.nurse = nurses[0]!._id;
  const hired = await karim.gql('mutation($i: NurseHireInput!) { hireNurse(input: $i) { id } }', { i: hire({ patientGender: 'Male', phone: '01819876543' }) });
  expect(hired.errors).toBeUndefined();
  ids.karimHire = hired.data!.hireNurse.id;
  ids.removedNurse = nurses[1]!._id;
  await t.sql('update nurses set deleted_at = now() where id = ?', [ids.removedNurse]);

  const blood = await karim.gql('mutation($i: BloodRequestInput!) { requestBlood(input: $i) { request { id } } }',
    { i: { name: 'Karim Uddin', phone: '01819876543', email: 'karim@example.com', group: 'APositive', area: 'Dhanmondi' } });
  ids.karimBloodRequest = blood.data!.requestBlood.request.id;

  [{ id: ids.pendingDoctor }] = await t.sql<{ id: string }>("select id from doctors where status = 'pending' limit 1");
  const rahimaId = clients.patient.user!._id ?? clients.patient.user!.id;
  [{ id: ids.doctorReviewedByAnother }] = await t.sql<{ id: string }>(
    'select doctor_id as id from doctor_reviews where patient_id <> ? and doctor_id not in (select doctor_id from doctor_reviews where patient_id = ?) limit 1', [rahimaId, rahimaId]);
  [{ id: ids.nurseReviewedByAnother }] = await t.sql<{ id: string }>(
    'select nurse_id as id from nurse_reviews where user_id <> ? and nurse_id not in (select nurse_id from nurse_reviews where user_id = ?) limit 1', [rahimaId, rahimaId]);

  // Two apps: the other's subscription is what this one probes.
  const newApp = async (name: string) => (await clients.admin.gql('mutation($i: IntegratorAppInput!) { createIntegratorApp(input: $i) { key app { id } } }',
    { i: { name, contactEmail: 'apps@apps.example', scopes: ['CATALOG_READ', 'ORDERS_READ', 'WEBHOOKS_MANAGE'] } })).data!.createIntegratorApp as { key: string; app: { id: string } };
  const other = await newApp('Other app');
  const mine = await newApp('Probing app');
  appKey = other.key;
  const sub = await gql('app', 'mutation($i: WebhookSubscriptionInput!) { subscribeWebhook(input: $i) { subscription { id } } }',
    { i: { url: 'http://127.0.0.1:9/hook', events: ['ORDER_PLACED'] } });
  ids.otherAppSubscription = (sub.body as { data: { subscribeWebhook: { subscription: { id: string } } } }).data.subscribeWebhook.subscription.id;
  ids.otherApp = other.app.id;
  appKey = mine.key;

  for (const [key, value] of Object.entries(ids)) expect([key, typeof value]).toEqual([key, 'string']);
});
afterAll(async () => {
  await t?.close();
});

const notFoundAnswer = (a: Answer) => {
  const body = a.body as { errors?: { extensions: { code: string } }[] | null; code?: string };
  return a.status === 404 || body?.errors?.[0]?.extensions.code === 'NOT_FOUND';
};

describe('a made-up id and someone else\'s real id', () => {
  it('every operation taking an id has a row, and each row probes exactly the callers the access table lets in', () => {
    expect(idOperations.length).toBeGreaterThan(60);
    expect(idOperations.filter((op) => !(op in ROWS))).toEqual([]);
    expect(Object.keys(ROWS).filter((op) => !idOperations.includes(op))).toEqual([]);
    for (const [op, row] of Object.entries(ROWS)) {
      if ('skip' in row) continue;
      const probed = new Set(row.probes.flatMap((p) => p.who));
      const let_in = (['visitor', 'patient', 'doctor', 'pharmacist', 'admin', 'app'] as Who[]).filter((who) => allowed(op, who));
      expect([op, [...probed].filter((who) => !let_in.includes(who))]).toEqual([op, []]);
      expect([op, let_in.filter((who) => !probed.has(who) && !row.seeAll?.includes(who))]).toEqual([op, []]);
    }
  });

  const cases = Object.entries(ROWS).flatMap(([op, row]) => ('skip' in row ? [] : row.probes.flatMap((probe, n) =>
    probe.who.map((who) => [`${op}${row.probes.length > 1 ? ` (${probe.id})` : ''}`, who, n] as const))));

  it.each(cases)('%s as %s: answers alike', async (label, who, n) => {
    const op = label.replace(/ \(.*\)$/, '');
    const probe = (ROWS[op] as { probes: Probe[] }).probes[n]!;
    const fake = probe.id === 'karimTranId' ? `${ids.karimTranId!.slice(0, -4)}ZZZZ` : madeUp;
    const real = ids[probe.id]!;
    // The caller's own id echoed back (a quote's line) tells nothing: compared as a placeholder.
    const [mine, theirs] = [await probe.call(who, fake), await probe.call(who, real)]
      .map((a) => JSON.parse(JSON.stringify(a).replaceAll(fake, '<id>').replaceAll(real, '<id>')) as Answer);
    expect(theirs).toEqual(mine);
    if ((probe.alike ?? 'not-found') === 'not-found') expect(notFoundAnswer(mine)).toBe(true);
  });
});
