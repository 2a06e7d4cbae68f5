import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { createTestApp, pngImage, type TestApp } from '../app.js';
import { restKey } from '../security/operations.js';
import { EXPECTED, ROLES, type MatrixRole } from '../security/access-table.js';
import { newMedicine, SHIPPING, dayFromToday } from '../fixtures.js';
import { decideInSandbox, pathOf, payInSandbox } from '../payments.js';
import { DEMO_PASSWORD } from '../../src/seeders/demo-accounts.js';
import type { RestRouteInfo } from '../../src/common/rest.js';
import { ErrorAnswer, PATH_SHAPES, type Shape } from './spec-shapes.js';

/**
 * The REST contract: every path of the REST door (from the app's route registry, like the
 * authorization matrix), called as every role its access rule lets in (access-table.ts), in a
 * populated world (the demo patient with orders, bookings and prescriptions, a doctor with reviews, an
 * order whose medicine was removed) and an empty one (a patient with no avatar and nothing booked or
 * ordered, a doctor with no reviews and no photo, a nurse with no reviews, empty pages), and each
 * answer is checked against the path's schema in spec-shapes.ts. Every picture url met is then
 * loaded. A path without a schema, or without a way to call it here, fails the first test.
 */
type Role = MatrixRole;
type State = 'populated' | 'empty';

interface Call {
  path?: string;
  query?: string;
  body?: unknown;
  /** Another session of the same role (the call ends a session, changes a password…); null: no token. */
  token?: string | null;
  headers?: Record<string, string>;
  /** The status the call must answer (200 by default); any other is checked against the error shape. */
  status?: number;
}
interface World {
  state: State;
  token: Partial<Record<Role, string>>;
  patientEmail: string;
  patientPassword: string;
  doctorEmail: string;
  doctorPassword: string;
  doctorId: string;
  nurseId: string;
  medicineId: string;
  /** The patient's own order, booking, prescription and payment; absent in the empty world. */
  own?: { orderId: string; tranId: string; appointmentId: string; prescriptionId: string };
  /** Records the doctor (and admins) may see: in the empty world, minimal ones (no prescription text, no photos). */
  appointmentId: string;
  prescriptionId: string;
  prescriptionCode: string;
  orderId: string;
  tranId: string;
}
type Plan = (w: World, role: Role) => Call | Promise<Call>;

let t: TestApp;
const worlds = {} as Record<State, World>;
const pictureUrls = new Set<string>();
let serial = 0;
const uniq = (s: string) => `${s}${Date.now().toString(36)}${(++serial).toString(36)}`;
let dataUrl = '';
let day = 20;
const nextDay = () => dayFromToday(day++ % 55 + 2);

// ---- helpers that act as the earlier client would, on their own sessions ----
const http = () => t.http();
async function ok<T = any>(p: Promise<{ status: number; body: any }>): Promise<T> {
  const res = await p;
  if (res.status !== 200) throw new Error(`setup call failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body as T;
}
const as = (token: string | undefined) => ({
  get: (p: string) => (token ? http().get(`/api${p}`).set('Authorization', token) : http().get(`/api${p}`)),
  post: (p: string, b?: object) => (token ? http().post(`/api${p}`).set('Authorization', token) : http().post(`/api${p}`)).send(b ?? {}),
  put: (p: string, b?: object) => (token ? http().put(`/api${p}`).set('Authorization', token) : http().put(`/api${p}`)).send(b ?? {}),
});
async function loginToken(email: string, password: string, door: 'patient' | 'doctor' = 'patient'): Promise<string> {
  return (await ok(http().post(door === 'doctor' ? '/api/login/doctor' : '/api/login').send({ email, password }))).token as string;
}
/** A patient signed up as the earlier form does (JSON, the placeholder instead of a photo). */
async function signup() {
  const email = `${uniq('p')}@example.com`;
  const password = 'contract-test-42';
  const { userId } = await ok(http().post('/api/register').send({ name: 'Contract Patient', email, password, avatar: '/Profile.png' }));
  return { email, password, id: userId as string };
}
/** …logged in, its email verified unless asked not to. */
async function newPatient(verified = true) {
  const p = await signup();
  if (verified) await t.sql('update users set email_verified_at = now() where id = ?', [p.id]);
  return { ...p, token: await loginToken(p.email, p.password) };
}
const doctorForm = (email: string) => ({
  title: 'Dr.', gender: 'Female', fees: '600', nid_No: '1234567890', bmdc_No: `A-${String(++serial).padStart(3, '0')}${String(Date.now()).slice(-4)}`, type: 'Medical',
  phone: '01712000123', name: 'Contract Doctor', email, password: 'contract-test-42', degree: 'MBBS', expert: 'Medicine', work: 'Nirog Clinic', experience: '3',
});
/** A doctor registered through the earlier form, pending. */
async function pendingDoctor() {
  const email = `${uniq('d')}@example.com`;
  const { doctor } = await ok(http().post('/api/register/doctor').send({ ...doctorForm(email), avatar: dataUrl }));
  return { email, password: 'contract-test-42', doctorId: doctor._id as string };
}
async function approvedDoctor(admin: string) {
  const d = await pendingDoctor();
  await ok(as(admin).put(`/admin/doctor/${d.doctorId}/approve`));
  return { ...d, token: await loginToken(d.email, d.password, 'doctor') };
}
const hospitalVisit = async (patientToken: string, doctorId: string) =>
  (await ok(as(patientToken).post('/new/appointment', { doctorId, patientname: 'Shapla Begum', patientgender: 'Female', phone: '01712000456', date: nextDay(), schedule: 'Evening' }))).appointment._id as string;
const videoConsultation = async (patientToken: string, doctorId: string) =>
  ok(as(patientToken).post('/new/appointment', { doctorId, name: 'Shapla Begum', age: '30', weight: '55', height: '5', gender: 'Female', problem: 'Cough' }));
const setStatus = (table: string, id: string, status: string) => t.sql(`update ${table} set status = ? where id = ?`, [status, id]);
const hire = async (patientToken: string, nurseId: string) =>
  (await ok(as(patientToken).post('/new/hire/nurse', { nurseId, nursename: 'x', nursefees: 1, nurseimage: 'x', patientgender: 'Female', phone: '01712000456', date: nextDay() }))).hireNurse._id as string;
async function order(patientToken: string, medicineId: string, paymentInfo = 'Bkash') {
  return ok(as(patientToken).post('/create/order', { shippingInfo: SHIPPING, orderItems: [{ _id: medicineId, cartQuantity: 1, quantity: 99, price: 1 }], paymentInfo }));
}
/** An order whose medicine was removed from the catalogue since, its picture with it. */
async function orderOfRemovedMedicine(patientToken: string, pay: boolean) {
  const m = await newMedicine(t, 5);
  const placed = await order(patientToken, m.id);
  if (pay) await payInSandbox(t, placed.url);
  await t.sql('update order_items set image_url = null where order_id = ?', [placed.order._id]);
  await t.sql('update medicines set is_active = false, image_url = null where id = ?', [m.id]);
  return { orderId: placed.order._id as string, tranId: placed.tranId as string };
}
async function mailLink(email: string, path: string): Promise<string> {
  const rows = await t.sql('select text from mail_outbox where to_email = ? order by created_at desc, id desc', [email]) as { text: string }[];
  for (const r of rows) {
    const m = new RegExp(`${path.replace(/\//g, '\\/')}([A-Za-z0-9_-]{20,100})`).exec(r.text);
    if (m) return m[1]!;
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}
async function mailCode(email: string): Promise<string> {
  const rows = await t.sql('select text from mail_outbox where to_email = ? order by created_at desc, id desc', [email]) as { text: string }[];
  for (const r of rows) {
    const m = /^(\d{6})$/m.exec(r.text);
    if (m) return m[1]!;
  }
  throw new Error(`no code mailed to ${email}`);
}
/** A fresh session of the role (for calls that end or change one). */
async function freshSession(w: World, role: Role): Promise<string | null> {
  if (role === 'visitor') return null;
  if (role === 'patient') return loginToken(w.patientEmail, w.patientPassword);
  if (role === 'doctor') return loginToken(w.doctorEmail, w.doctorPassword, 'doctor');
  return loginToken('admin@nirog.test', DEMO_PASSWORD);
}
/** Someone of the role, made for one call (their password changes, their email is not verified yet, …). */
async function throwaway(role: Role, verified = true): Promise<{ token: string | null; email: string; password: string; id: string }> {
  if (role === 'visitor') return { token: null, email: '', password: '', id: '' };
  if (role === 'admin') {
    const p = await newPatient(verified);
    await t.sql(`update users set role = 'admin' where id = ?`, [p.id]);
    return p;
  }
  if (role === 'doctor') {
    const d = await approvedDoctor(worlds.populated.token.admin!);
    const [row] = await t.sql(`update users set email_verified_at = ${verified ? 'now()' : 'null'} where email = ? returning id`, [d.email]) as { id: string }[];
    return { ...d, id: row!.id };
  }
  return newPatient(verified);
}
/** One account per kind for the reset links: each reset sets a new password, and the next asks again. */
const resetAccounts: Partial<Record<'patient' | 'doctor', Promise<{ email: string }>>> = {};
const emptyPage = (w: World) => (w.state === 'empty' ? 'page=9999' : '');

// ---- how to call each path: one plan per path ----
const PLANS: Record<string, Plan> = {
  'POST /register': (w) => ({ body: { name: 'Contract Signup', email: `${uniq('s')}@example.com`, password: 'contract-test-42', avatar: w.state === 'populated' ? dataUrl : '/Profile.png' } }),
  'POST /login': (w) => ({ body: { email: w.patientEmail, password: w.patientPassword } }),
  'POST /login/doctor': (w) => ({ body: { email: w.doctorEmail, password: w.doctorPassword } }),
  'POST /token/refresh': async (w) => ({ body: { refreshToken: (await ok(http().post('/api/login').send({ email: w.patientEmail, password: w.patientPassword }))).refreshToken } }),
  'PUT /logout/doctor': async (w, r) => ({ token: await freshSession(w, r), body: { isActive: false } }),
  'POST /logout': async (w, r) => ({ token: await freshSession(w, r) }),
  'PUT /logout': async (w, r) => ({ token: await freshSession(w, r) }),
  'GET /currentUserDetails': () => ({}),
  'PUT /update/currentUserdetails': (w) => ({
    body: { name: 'Updated Name', gender: 'Female', phone: '01712000789', birthdate: '1990-05-06', email: 'ignored@example.com', ...(w.state === 'populated' ? { avatar: dataUrl } : {}) },
  }),
  'PUT /update/avatar': () => ({ body: { avatar: dataUrl } }),
  'PUT /updatePassword': async (_w, r) => {
    const who = await throwaway(r);
    return { token: who.token, body: { oldPassword: who.password, newPassword: 'changed-pass-77', confirmPassword: 'changed-pass-77' } };
  },
  'PUT /doctor/updatePassword': async (_w, r) => {
    const who = await throwaway(r);
    return { token: who.token, body: { oldPassword: who.password, newPassword: 'changed-pass-77', confirmPassword: 'changed-pass-77' } };
  },
  'GET /users': (w) => ({ query: emptyPage(w) }),
  'DELETE /admin/user/:id': async () => ({ path: `/admin/user/${(await signup()).id}` }),
  'GET /admin/users.csv': () => ({}),
  'GET /admin/appointments.csv': () => ({}),
  'GET /admin/doctors.csv': () => ({}),
  'GET /admin/nurses.csv': () => ({}),
  'GET /admin/nurse-hires.csv': () => ({}),
  'GET /admin/orders.csv': () => ({}),
  'GET /admin/blood-requests.csv': () => ({}),
  'GET /admin/insurance-applications.csv': () => ({}),
  'GET /admin/refunds.csv': () => ({}),
  'GET /admin/dashboard': () => ({}),

  'POST /register/doctor': () => ({ body: { ...doctorForm(`${uniq('rd')}@example.com`), avatar: dataUrl } }),
  'GET /current/Doctor/Details': () => ({}),
  'GET /admin/pending/doctors': (w) => ({ query: emptyPage(w) }),
  'PUT /admin/doctor/:id/approve': async () => ({ path: `/admin/doctor/${(await pendingDoctor()).doctorId}/approve` }),
  'PUT /admin/doctor/:id/reject': async () => ({ path: `/admin/doctor/${(await pendingDoctor()).doctorId}/reject` }),
  'GET /doctors': (w) => ({ query: w.state === 'empty' ? 'keyword=no-such-doctor-anywhere' : 'fees=Up%20to%20500%20BDT&isActive=Online%20Now&ratings=1%20stars%20&%20up' }),
  'GET /fees': () => ({}),
  'GET /gender': () => ({}),
  'GET /ratings': () => ({}),
  'GET /status': () => ({}),
  'GET /category': () => ({}),
  'GET /admin/doctors': (w) => ({ query: w.state === 'empty' ? 'search=no-such-doctor-anywhere' : '' }),
  'PUT /doctor/update/url': () => ({ body: { url: 'https://meet.google.com/abc-defg-hij' } }),
  'POST /doctor': (w) => ({
    body: {
      name: 'Admin Created', email: `${uniq('ad')}@example.com`, description: '', expert: 'Medicine', work: 'Nirog Clinic', gender: 'Male', degree: 'MBBS',
      fees: '800', location: 'Mirpur', phone: '01712000321', images: w.state === 'populated' ? [dataUrl] : [],
      ...(w.state === 'populated' ? { bmdc_No: `B-${String(Date.now()).slice(-6)}` } : {}),
    },
  }),
  'PUT /doctor/:id': (w) => ({ path: `/doctor/${w.doctorId}`, body: { description: 'Sees patients on weekdays', location: '', images: [] } }),
  'GET /doctor/:id': (w) => ({ path: `/doctor/${w.doctorId}` }),

  'POST /new/appointment': (w) => (w.state === 'populated'
    ? { body: { doctorId: w.doctorId, patientname: 'Rahima Akter', patientgender: 'Female', phone: '01712345678', date: nextDay(), schedule: 'Morning' } }
    : { body: { doctorId: w.doctorId, name: 'Rahima Akter', age: '30', weight: '55', height: '5', gender: 'Female', problem: 'Cough', email: 'x@y.z' } }),
  'POST /appointment/:id/pay': async (w) => {
    const booked = await videoConsultation(w.token.patient!, w.doctorId);
    return { path: `/appointment/${booked.appointment._id}/pay`, body: w.state === 'empty' ? {} : { paymentMethod: 'Nagad' } };
  },
  'GET /hospital/slots': (w) => ({ query: `doctorId=${w.doctorId}&date=${nextDay()}` }),
  'GET /mybooking': () => ({}),
  'GET /single/doctor/appointment': () => ({}),
  'GET /getall/appointment': (w) => ({ query: emptyPage(w) }),
  'GET /appointment/:id': (w, r) => (r === 'patient'
    ? (w.own ? { path: `/appointment/${w.own.appointmentId}` } : { path: `/appointment/${w.appointmentId}`, status: 404 })
    : { path: `/appointment/${w.appointmentId}` }),
  'PUT /admin/appointment/:id': async (w) => ({ path: `/admin/appointment/${await hospitalVisit(w.token.patient!, w.doctorId)}`, body: { bookingStatus: 'Confirmed', doctorname: 'x', patientname: 'y', patientemail: 'z' } }),
  'POST /admin/appointment/:id': async (w) => ({ path: `/admin/appointment/${await hospitalVisit(w.token.patient!, w.doctorId)}`, body: { bookingStatus: 'Cancelled' } }),
  'PUT /appointment/:id/status': async (w, r) => ({
    path: `/appointment/${await hospitalVisit(w.token.patient!, w.doctorId)}/status`, body: { bookingStatus: r === 'patient' ? 'Cancelled' : 'Confirmed' },
  }),

  'POST /create/prescription': async (w) => {
    const id = await hospitalVisit(w.token.patient!, w.doctorId);
    await setStatus('appointments', id, 'Confirmed');
    const blank = { medname: '', dailyUse: '', days: '', quantity: '' };
    return {
      body: w.state === 'populated'
        ? { appointmentId: id, medicines: [{ medname: 'Napa 500', dailyUse: '3', days: '5', quantity: '15' }, blank], medInfo: { medname: 'Napa 500' }, doctorAdvice: 'Rest', followUp: '2026-12-24' }
        : { appointmentId: id, medicines: [blank], medInfo: {}, doctorAdvice: '', followUp: '' },
    };
  },
  'GET /my/prescription': () => ({}),
  'GET /prescription/:id': (w, r) => (r === 'patient'
    ? (w.own ? { path: `/prescription/${w.own.prescriptionId}` } : { path: `/prescription/${w.prescriptionId}`, status: 404 })
    : { path: `/prescription/${w.prescriptionId}` }),
  'GET /prescription/:id/pdf': (w, r) => (r === 'patient'
    ? (w.own ? { path: `/prescription/${w.own.prescriptionId}/pdf` } : { path: `/prescription/${w.prescriptionId}/pdf`, status: 404 })
    : { path: `/prescription/${w.prescriptionId}/pdf` }),
  'GET /verify/prescription/:code': (w) => ({ path: `/verify/prescription/${w.prescriptionCode}`, headers: { Accept: 'application/json' } }),
  'POST /create/review': async (w) => {
    // a doctor this patient finished a consultation with and has not reviewed (the empty world's doctor keeps none)
    const doctorId = w.state === 'populated' ? (await approvedDoctor(w.token.admin!)).doctorId : worlds.populated.doctorId;
    await setStatus('appointments', await hospitalVisit(w.token.patient!, doctorId), 'Finished');
    return { body: { rating: 4.5, comment: 'Listened well', doctorId } };
  },
  'PUT /create/review': async (w) => {
    await setStatus('appointments', await hospitalVisit(w.token.patient!, w.doctorId), 'Finished');
    return { body: { rating: '5', comment: 'Very kind', doctorId: w.doctorId } };
  },

  'GET /payments/bkash/callback': async (w) => {
    if (w.state === 'empty') return { query: '', status: 303 };
    const placed = await order(w.token.patient!, w.medicineId, 'Bkash');
    return { ...splitUrl(await decideInSandbox(t, placed.url, 'approve')), status: 303 };
  },
  'GET /payments/nagad/callback': async (w) => {
    if (w.state === 'empty') return { query: 'status=Aborted', status: 303 };
    const placed = await order(w.token.patient!, w.medicineId, 'Nagad');
    return { ...splitUrl(await decideInSandbox(t, placed.url, 'cancel')), status: 303 };
  },
  'GET /payment/:tranId': (w, r) => (r === 'admin' ? { path: `/payment/${w.tranId}` }
    : r === 'patient' && w.own ? { path: `/payment/${w.own.tranId}` } : { path: `/payment/${w.tranId}`, status: 404 }),

  'GET /get/medicine': (w) => ({ query: w.state === 'empty' ? 'keyword=no-such-medicine-anywhere' : 'keyword=napa' }),
  'GET /medicine/:id': (w) => ({ path: `/medicine/${w.medicineId}` }),
  'POST /admin/medicine': (w) => ({
    body: { name: uniq('Contract Med '), genericName: 'Paracetamol', company: 'Nirog Labs', strength: '500 mg', type: 'Tablet', unit: 'strip', price: '12.5', quantity: '40', ...(w.state === 'populated' ? { image: dataUrl } : {}) },
  }),
  'PUT /admin/medicine/:id': (w) => ({ path: `/admin/medicine/${w.medicineId}`, body: { price: '13' } }),
  'POST /cart/quote': (w) => ({ body: { orderItems: [{ _id: w.medicineId, name: 'x', price: 1, quantity: 40, cartQuantity: 2, image: { url: 'x' } }] } }),
  'POST /create/order': (w) => ({
    body: { shippingInfo: SHIPPING, orderItems: [{ _id: w.medicineId, cartQuantity: 1, quantity: 40 }], itemsPrice: 1, shippingPrice: 60, totalPrice: 61, paymentInfo: w.state === 'empty' ? '' : 'Nagad' },
  }),
  'GET /orders/myorders': () => ({}),
  'GET /order/:id': (w, r) => (r === 'admin' ? { path: `/order/${w.orderId}` }
    : r === 'patient' && w.own ? { path: `/order/${w.own.orderId}` } : { path: `/order/${w.orderId}`, status: 404 }),
  'GET /admin/allorder': (w) => ({ query: emptyPage(w) }),
  // As an <img> loads it: no token, the link is the authorization (the demo patient's photo order).
  'GET /medical-files/:link': async (w) => {
    if (w.state === 'empty') return { path: '/medical-files/not-a-link', token: null, status: 404 };
    const orders = (await ok(as(w.token.patient).get('/orders/myorders?pageSize=50'))).orders as { prescriptionImage: { url: string } | null }[];
    return { path: orders.find((o) => o.prescriptionImage)!.prescriptionImage!.url.replace(/^\/api/, ''), token: null };
  },
  'PUT /admin/order/:id': async (w) => {
    const placed = await order(w.token.patient!, w.medicineId);
    await payInSandbox(t, placed.url);
    return { path: `/admin/order/${placed.order._id}`, body: { status: 'Confirmed' } };
  },
  'DELETE /admin/order/:id': async (w) => {
    const placed = await order(w.token.patient!, w.medicineId);
    await ok(as(w.token.admin).put(`/admin/order/${placed.order._id}`, { status: 'Cancelled' }));
    return { path: `/admin/order/${placed.order._id}` };
  },

  'GET /admin/mail/outbox': (w) => ({ query: emptyPage(w) }),
  'GET /admin/sms/outbox': (w) => ({ query: emptyPage(w) }),
  'PUT /admin/mail/:id/retry': async () => {
    // a mail that gave up: the one thing an admin queues again
    const [row] = await t.sql(`update mail_outbox set status = 'failed' where id = (select id from mail_outbox order by created_at desc limit 1) returning id`) as { id: string }[];
    return { path: `/admin/mail/${row!.id}/retry` };
  },
  'GET /my/mailbox': (w) => ({ query: emptyPage(w) }),
  'PUT /update/language': () => ({ body: { language: 'en' } }),
  'POST /activation': async () => {
    const p = await signup();
    return { body: { activation_token: await mailLink(p.email, '/activation/') } };
  },
  'POST /confirm/email': async (_w, r) => {
    // someone of the role whose email is not verified yet, and the code mailed to them
    const who = await throwaway(r, false);
    await t.sql(`update account_tokens set created_at = created_at - interval '10 minutes' where user_id = ?`, [who.id]);
    await ok(as(who.token!).post('/confirm/email/resend'));
    return { token: who.token, body: { password: await mailCode(who.email) } };
  },
  'POST /confirm/email/resend': async (_w, r) => {
    const who = await throwaway(r, false);
    await t.sql(`update account_tokens set created_at = created_at - interval '10 minutes' where user_id = ?`, [who.id]);
    return { token: who.token };
  },
  'POST /password/forgot': (w) => ({ body: { email: w.patientEmail } }),
  'POST /doctor/forgotPassword': (w) => ({ body: { email: w.doctorEmail } }),
  'POST /password/reset/:token': () => reset('/password/forgot', '/password/reset/'),
  'PUT /password/reset/:token': () => reset('/password/forgot', '/password/reset/'),
  'POST /forgot/password/reset/:token': () => reset('/doctor/forgotPassword', '/forgot/password/reset/'),
  'PUT /forgot/password/reset/:token': () => reset('/doctor/forgotPassword', '/forgot/password/reset/'),

  'GET /get/nurses': (w) => ({ query: w.state === 'empty' ? 'page=9999' : 'location=Uttara' }),
  'GET /nurse/:id': (w) => ({ path: `/nurse/${w.nurseId}` }),
  'POST /create/nurse/review': async (w) => {
    const nurseId = w.state === 'populated' ? (await ok(as(w.token.admin).post('/create/nurse', nurseForm([])))).nurse._id as string : worlds.populated.nurseId;
    await setStatus('nurse_hires', await hire(w.token.patient!, nurseId), 'Completed');
    return { body: { rating: 4, comment: 'Gentle and on time', nurseId } };
  },
  'PUT /create/nurse/review': async (w) => {
    await setStatus('nurse_hires', await hire(w.token.patient!, w.nurseId), 'Completed');
    return { body: { rating: '4.5', comment: 'Gentle', nurseId: w.nurseId } };
  },
  'POST /new/hire/nurse': (w) => ({ body: { nursename: 'x', nursefees: 1, nurseimage: 'x', nurseId: w.nurseId, patientgender: 'Male', phone: '01712000456', date: nextDay() } }),
  'GET /my/hire': () => ({}),
  'PUT /my/hire/:id/cancel': async (w) => ({ path: `/my/hire/${await hire(w.token.patient!, w.nurseId)}/cancel` }),
  'GET /admin/nurses': (w) => ({ query: emptyPage(w) }),
  'POST /create/nurse': (w) => ({ body: nurseForm(w.state === 'populated' ? [dataUrl] : []) }),
  'PUT /nurse/:id': (w) => ({ path: `/nurse/${w.nurseId}`, body: { ...nurseForm([]), email: `${uniq('n')}@example.com` } }),
  'DELETE /nurse/:id': async (w) => ({ path: `/nurse/${(await ok(as(w.token.admin).post('/create/nurse', nurseForm([])))).nurse._id}` }),
  'GET /getall/hire/nurse': (w) => ({ query: emptyPage(w) }),
  'PUT /admin/hire/nurse/:id': async (w) => ({ path: `/admin/hire/nurse/${await hire(w.token.patient!, w.nurseId)}`, body: { bookingStatus: 'Confirmed' } }),

  'POST /blood/booking': () => ({ body: { name: 'Jamal Hossain', phone: '01712000111', email: 'jamal@example.com', group: 'O+' } }),
  'GET /blood/request/:id/donors': async () => {
    const made = await ok(http().post('/api/blood/booking').send({ name: 'Jamal Hossain', phone: '01712000111', email: 'jamal@example.com', group: 'A+' }));
    return { path: `/blood/request/${made.bloodRequest._id}/donors`, headers: { 'X-Blood-Request-Token': made.accessToken } };
  },
  'GET /admin/blood/requests': (w) => ({ query: emptyPage(w) }),
  'POST /blood/donor': () => ({ body: { group: 'B+', area: 'Mirpur', phone: '01712000999', lastDonationDate: '2025-01-01' } }),
  'GET /blood/donor/me': () => ({}),
  'GET /insurance/articles': () => ({}),
  'POST /insurance/apply': () => ({ body: { name: 'Selina Hayat', email: 'selina@example.com', phone: '01911223344', gender: 'Female' } }),
  'GET /admin/insurance/applications': (w) => ({ query: emptyPage(w) }),
  'GET /ambulances': () => ({}),
  'GET /partners': () => ({}),
  'POST /contact': () => ({ body: { name: 'Rahim', email: 'rahim@example.com', message: 'Hello there' } }),
  'GET /admin/contact/messages': (w) => ({ query: emptyPage(w) }),
};

function splitUrl(url: string): Call {
  const u = new URL(url, 'http://localhost');
  return { query: u.search.slice(1) };
}
function nurseForm(images: string[]) {
  return { name: 'Contract Nurse', email: `${uniq('n')}@example.com`, description: '', work: 'Home care', gender: 'Female', degree: 'Diploma in Nursing', fees: '900', location: 'Banani', phone: '01712000444', images };
}
async function reset(forgotPath: string, linkPath: string): Promise<Call> {
  const kind = forgotPath.startsWith('/doctor') ? 'doctor' : 'patient';
  const who = await (resetAccounts[kind] ??= kind === 'doctor' ? pendingDoctor() : signup());
  // past the cooldown between two reset mails
  await t.sql(`update account_tokens set created_at = created_at - interval '1 hour' where user_id = (select id from users where email = ?)`, [who.email]);
  await ok(http().post(`/api${forgotPath}`).send({ email: who.email }));
  return { path: `${linkPath}${await mailLink(who.email, linkPath)}`, body: { password: 'brand-new-pass-9', confirmPassword: 'brand-new-pass-9' } };
}

// ---- checking an answer ----
function collectPictures(value: unknown, key = ''): void {
  if (Array.isArray(value)) return value.forEach((v) => collectPictures(v, key));
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'url' && ['avatar', 'image', 'images'].includes(key)) || ((k === 'doctorimage' || k === 'nurseimage') && typeof v === 'string')) pictureUrls.add(v as string);
      else collectPictures(v, k);
    }
  }
}

function check(key: string, shape: Shape, status: number, res: { status: number; body: any; text?: string; headers: Record<string, string> }): string | null {
  if (res.status !== status) return `HTTP ${res.status}, expected ${status}: ${JSON.stringify(res.body).slice(0, 300)}`;
  if (status !== 200 && status !== 303) {
    const err = ErrorAnswer.safeParse(res.body);
    return err.success ? null : `error answer: ${JSON.stringify(err.error.issues).slice(0, 300)}`;
  }
  if (shape === 'csv') return /^text\/csv/.test(res.headers['content-type'] ?? '') && (res.text ?? '').length > 0 ? null : `not CSV: ${res.headers['content-type']}`;
  if (shape === 'pdf') return /^application\/pdf/.test(res.headers['content-type'] ?? '') ? null : `not a PDF: ${res.headers['content-type']}`;
  if (shape === 'webp') return res.headers['content-type'] === 'image/webp' ? null : `not a WebP picture: ${res.headers['content-type']}`;
  if (shape === 'redirect') return res.status === 303 && typeof res.headers.location === 'string' ? null : 'no redirect';
  const parsed = (shape as z.ZodType).safeParse(res.body);
  if (!parsed.success) {
    return parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  }
  collectPictures(res.body);
  return null;
}

async function callRoute(route: RestRouteInfo, w: World, role: Role): Promise<string | null> {
  const key = restKey(route);
  const plan = await PLANS[key]!(w, role);
  const token = plan.token === undefined ? w.token[role] : plan.token;
  const path = plan.path ?? route.path;
  let req = http()[route.method](`/api${path}${plan.query ? `?${plan.query}` : ''}`);
  if (token) req = req.set('Authorization', token);
  for (const [h, v] of Object.entries(plan.headers ?? {})) req = req.set(h, v);
  const res = route.method === 'get' || route.method === 'delete' ? await req : await req.send((plan.body ?? {}) as object);
  const problem = check(key, PATH_SHAPES[key]!, plan.status ?? 200, res as never);
  return problem ? `${key} as ${role} (${w.state}): ${problem}` : null;
}

/**
 * Paths whose answer has nothing of the caller's data or the catalogue's in it (static option lists,
 * a one-time link, a public form's receipt, an admin export of the same tables): one pass is enough.
 */
const SAME_IN_BOTH_WORLDS = new Set([
  'GET /fees', 'GET /gender', 'GET /ratings', 'GET /status', 'GET /insurance/articles', 'GET /ambulances', 'GET /partners', 'GET /admin/dashboard',
  'POST /activation', 'POST /confirm/email', 'POST /confirm/email/resend', 'POST /password/forgot', 'POST /doctor/forgotPassword', 'POST /token/refresh',
  'POST /password/reset/:token', 'PUT /password/reset/:token', 'POST /forgot/password/reset/:token', 'PUT /forgot/password/reset/:token',
  'POST /contact', 'POST /insurance/apply', 'POST /blood/booking', 'GET /blood/request/:id/donors',
  'GET /admin/users.csv', 'GET /admin/appointments.csv', 'GET /admin/doctors.csv', 'GET /admin/nurses.csv', 'GET /admin/nurse-hires.csv',
  'GET /admin/orders.csv', 'GET /admin/blood-requests.csv', 'GET /admin/insurance-applications.csv', 'GET /admin/refunds.csv',
]);

/** Reads first, then writes; calls that end a session last. */
const ORDER = (r: RestRouteInfo) => (r.method === 'get' ? 0 : /logout/.test(r.path) ? 2 : 1);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SIGNUPS_PER_IP_PER_HOUR: '100000', PASSWORD_RESETS_PER_IP_PER_HOUR: '100000', CODE_ATTEMPTS_PER_IP_PER_HOUR: '100000', FORMS_PER_IP_PER_HOUR: '100000',
      LOGIN_FAILURES_PER_IP: '100000', BLOOD_REQUESTS_PER_HOUR: '10000', CART_QUOTES_PER_IP_PER_MINUTE: '100000', OPEN_UNPAID_ORDERS_PER_PATIENT: '100000',
      HOSPITAL_PLACES_PER_PATIENT_SLOT: '100000', OPEN_HOSPITAL_VISITS_PER_PATIENT: '100000',
    },
  });
  dataUrl = `data:image/png;base64,${(await pngImage(24, 24)).toString('base64')}`;
  const admin = await loginToken('admin@nirog.test', DEMO_PASSWORD);

  // The populated world: the demo patient and doctor, with their history; an order whose medicine was removed.
  const patient = await loginToken('patient@nirog.test', DEMO_PASSWORD);
  const doctor = await loginToken('doctor@nirog.test', DEMO_PASSWORD, 'doctor');
  const doctorId = (await ok(as(doctor).get('/current/Doctor/Details'))).doctor._id as string;
  const nurses = (await ok(as(undefined).get('/get/nurses?pageSize=100'))).nurses as { _id: string; numOfReviews: number }[];
  const nurseId = nurses.sort((a, b) => b.numOfReviews - a.numOfReviews)[0]!._id;
  const medicineId = (await ok(as(undefined).get('/get/medicine?keyword=napa'))).medicines[0]._id as string;
  const removed = await orderOfRemovedMedicine(patient, true);
  const prescriptions = (await ok(as(patient).get('/my/prescription'))).prescription as { _id: string; doctorId: string; appointmentId: string; verificationCode: string }[];
  const withDoctor = prescriptions.find((p) => p.doctorId === doctorId)!;
  worlds.populated = {
    state: 'populated', token: { patient, doctor, admin }, patientEmail: 'patient@nirog.test', patientPassword: DEMO_PASSWORD,
    doctorEmail: 'doctor@nirog.test', doctorPassword: DEMO_PASSWORD, doctorId, nurseId, medicineId,
    own: { orderId: removed.orderId, tranId: removed.tranId, appointmentId: withDoctor.appointmentId, prescriptionId: withDoctor._id },
    appointmentId: withDoctor.appointmentId, prescriptionId: withDoctor._id, prescriptionCode: withDoctor.verificationCode, orderId: removed.orderId, tranId: removed.tranId,
  };

  // The empty world: a patient with no avatar and nothing booked, ordered, hired or prescribed; a doctor with
  // no photo and no reviews; a nurse with no reviews; and minimal records of someone else (no photos,
  // an unpaid-then-paid consultation with an empty prescription, an order whose medicine was removed).
  const empty = await newPatient();
  const d = await approvedDoctor(admin);
  await t.sql('update users set avatar_url = null where email = ?', [d.email]);
  const nurse = (await ok(as(admin).post('/create/nurse', nurseForm([])))).nurse._id as string;
  const med = await newMedicine(t, 50);
  const other = await newPatient();
  const booked = await videoConsultation(other.token, d.doctorId);
  await payInSandbox(t, booked.url);
  const written = (await ok(as(d.token).post('/create/prescription', { appointmentId: booked.appointment._id, medicines: [], medInfo: {} }))).prescription;
  const minimal = await orderOfRemovedMedicine(other.token, false);
  worlds.empty = {
    state: 'empty', token: { patient: empty.token, doctor: d.token, admin }, patientEmail: empty.email, patientPassword: empty.password,
    doctorEmail: d.email, doctorPassword: d.password, doctorId: d.doctorId, nurseId: nurse, medicineId: med.id,
    appointmentId: booked.appointment._id, prescriptionId: written._id, prescriptionCode: written.verificationCode, orderId: minimal.orderId, tranId: minimal.tranId,
  };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('REST contract', () => {
  it('has a schema and a call for every REST path, and no stale ones', () => {
    const keys = t.restRoutes.map(restKey);
    expect({
      withoutSchema: keys.filter((k) => !(k in PATH_SHAPES)), withoutCall: keys.filter((k) => !(k in PLANS)),
      staleSchemas: Object.keys(PATH_SHAPES).filter((k) => !keys.includes(k)), stalePlans: Object.keys(PLANS).filter((k) => !keys.includes(k)),
      staleOnePass: [...SAME_IN_BOTH_WORLDS].filter((k) => !keys.includes(k)),
    }).toEqual({ withoutSchema: [], withoutCall: [], staleSchemas: [], stalePlans: [], staleOnePass: [] });
  });

  for (const state of ['populated', 'empty'] as const) {
    it(`answers every path in the spec's shape, for every role it lets in, ${state}`, async () => {
      const failures: string[] = [];
      let calls = 0;
      for (const route of [...t.restRoutes].sort((a, b) => ORDER(a) - ORDER(b))) {
        const key = restKey(route);
        if (!PLANS[key] || !PATH_SHAPES[key] || (state === 'empty' && SAME_IN_BOTH_WORLDS.has(key))) continue;
        for (const [i, role] of ROLES.entries()) {
          if (EXPECTED[key]?.[i] !== '+') continue;
          calls += 1;
          try {
            const f = await callRoute(route, worlds[state], role);
            if (f) failures.push(f);
          } catch (e) {
            failures.push(`${key} as ${role} (${state}): ${(e as Error).message}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(calls).toBeGreaterThan(t.restRoutes.length - (state === 'empty' ? SAME_IN_BOTH_WORLDS.size : 0));
    }, 120_000);
  }

  it('answers picture urls that load an image', async () => {
    expect(pictureUrls.size).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const url of pictureUrls) {
      const res = await http().get(pathOf(url));
      if (res.status !== 200 || !/^image\//.test(res.headers['content-type'] ?? '')) broken.push(`${url}: ${res.status} ${res.headers['content-type']}`);
    }
    expect(broken).toEqual([]);
  });
});
