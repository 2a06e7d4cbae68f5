import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GraphQLSchema } from 'graphql';
import { asAdmin, asDoctor, asPatient, createTestApp, login, type TestApp } from '../app.js';
import { buildNirogSchema } from '../../src/schema.js';
import {
  callGraphql, callRest, documentFor, graphqlOperations, minimalVariables, pathWithParams, restKey, type CallResult, type GraphqlOp,
} from './operations.js';
import type { RestRouteInfo } from '../../src/common/rest.js';

/**
 * The authorization matrix: every GraphQL query and mutation and every REST path, for each of
 * visitor, patient, doctor and admin. Each row is written out by hand — four cells, in that order:
 *   '+'  the caller gets past authorization (whatever the operation then says about its input),
 *   'x'  refused: UNAUTHENTICATED (401) for the visitor, FORBIDDEN (403) for a logged-in role.
 * The list of operations comes from the built schema and the REST registry, so an operation added
 * without its row here fails the first test. Ownership (whose record) is in ownership.test.ts.
 */
const ROLES = ['visitor', 'patient', 'doctor', 'admin'] as const;
type Role = (typeof ROLES)[number];

const EXPECTED: Record<string, string> = {
  // GraphQL
  'Query.nurses': '++++',
  'Query.nurse': '++++',
  'Query.nurseReviews': '++++',
  'Query.nurseReviewEligibility': 'x+++',
  'Query.myNurseHires': 'x+xx',
  'Query.adminNurses': 'xxx+',
  'Query.nurseHires': 'xxx+',
  'Query.bloodRequestDonors': '++++',
  'Query.bloodRequests': 'xxx+',
  'Query.myBloodDonor': 'x+++',
  'Query.insuranceArticles': '++++',
  'Query.insuranceApplications': 'xxx+',
  'Query.ambulanceServices': '++++',
  'Query.siteSettings': '++++',
  'Query.partners': '++++',
  'Query.contactMessages': 'xxx+',
  'Query.me': 'x+++',
  'Query.users': 'xxx+',
  'Query.doctors': '++++',
  'Query.doctor': '++++',
  'Query.specialities': '++++',
  'Query.doctorFilterOptions': '++++',
  'Query.allDoctors': 'xxx+',
  'Query.myDoctorProfile': 'xx+x',
  'Query.pendingDoctors': 'xxx+',
  'Query.hospitalSlots': 'x+++',
  'Query.myAppointments': 'x+xx',
  'Query.doctorAppointments': 'xx+x',
  'Query.allAppointments': 'xxx+',
  'Query.appointment': 'x+++',
  'Query.myPrescriptions': 'x+xx',
  'Query.prescription': 'x+++',
  'Query.doctorReviews': '++++',
  'Query.myDoctorReviewEligibility': 'x+xx',
  'Query.medicines': '++++',
  'Query.medicine': '++++',
  'Query.quoteCart': '++++',
  'Query.myOrders': 'x+xx',
  'Query.order': 'x+++',
  'Query.adminOrders': 'xxx+',
  'Query.payment': 'x+++',
  'Query.auditLog': 'xxx+',
  'Query.mailOutbox': 'xxx+',
  'Query.smsOutbox': 'xxx+',
  'Query.myMailbox': 'x+++',
  'Query.mailDelivery': 'x+++',
  'Mutation.createNurseReview': 'x+xx',
  'Mutation.updateNurseReview': 'x+xx',
  'Mutation.hireNurse': 'x+xx',
  'Mutation.cancelMyNurseHire': 'x+xx',
  'Mutation.createNurse': 'xxx+',
  'Mutation.updateNurse': 'xxx+',
  'Mutation.deleteNurse': 'xxx+',
  'Mutation.setNurseHireStatus': 'xxx+',
  'Mutation.requestBlood': '++++',
  'Mutation.registerBloodDonor': 'x+++',
  'Mutation.applyInsurance': '++++',
  'Mutation.sendContactMessage': '++++',
  'Mutation.signup': '++++',
  'Mutation.login': '++++',
  'Mutation.doctorLogin': '++++',
  'Mutation.refreshSession': '++++',
  'Mutation.logout': 'x+++',
  'Mutation.updateProfile': 'x+++',
  'Mutation.updateAvatar': 'x+++',
  'Mutation.changePassword': 'x+++',
  'Mutation.deleteUser': 'xxx+',
  'Mutation.doctorSignup': '++++',
  'Mutation.createDoctor': 'xxx+',
  'Mutation.updateDoctor': 'xxx+',
  'Mutation.setMeetingUrl': 'xx+x',
  'Mutation.setDoctorOnline': 'xx+x',
  'Mutation.approveDoctor': 'xxx+',
  'Mutation.rejectDoctor': 'xxx+',
  'Mutation.bookConsultation': 'x+xx',
  'Mutation.payForConsultation': 'x+xx',
  'Mutation.bookHospitalVisit': 'x+xx',
  'Mutation.changeAppointmentStatus': 'x+++',
  'Mutation.writePrescription': 'xx+x',
  'Mutation.reviewDoctor': 'x+xx',
  'Mutation.updateDoctorReview': 'x+xx',
  'Mutation.createMedicine': 'xxx+',
  'Mutation.updateMedicine': 'xxx+',
  'Mutation.createOrder': 'x+xx',
  'Mutation.updateOrderStatus': 'xxx+',
  'Mutation.archiveOrder': 'xxx+',
  'Mutation.retryMail': 'xxx+',
  'Mutation.updateLanguage': 'x+++',
  'Mutation.activateAccount': '++++',
  'Mutation.confirmEmail': 'x+++',
  'Mutation.resendVerification': 'x+++',
  'Mutation.forgotPassword': '++++',
  'Mutation.doctorForgotPassword': '++++',
  'Mutation.resetPassword': '++++',
  'Mutation.doctorResetPassword': '++++',
  // REST (/api)
  'POST /register': '++++',
  'POST /login': '++++',
  'POST /login/doctor': '++++',
  'POST /token/refresh': '++++',
  'PUT /logout/doctor': 'xx+x',
  'POST /logout': 'x+++',
  'PUT /logout': 'x+++',
  'GET /currentUserDetails': 'x+++',
  'PUT /update/currentUserdetails': 'x+++',
  'PUT /update/avatar': 'x+++',
  'PUT /updatePassword': 'x+x+',
  'PUT /doctor/updatePassword': 'xx+x',
  'GET /users': 'xxx+',
  'GET /admin/users.csv': 'xxx+',
  'DELETE /admin/user/:id': 'xxx+',
  'POST /register/doctor': '++++',
  'GET /current/Doctor/Details': 'xx+x',
  'GET /admin/pending/doctors': 'xxx+',
  'PUT /admin/doctor/:id/approve': 'xxx+',
  'PUT /admin/doctor/:id/reject': 'xxx+',
  'GET /doctors': '++++',
  'GET /fees': '++++',
  'GET /gender': '++++',
  'GET /ratings': '++++',
  'GET /status': '++++',
  'GET /category': '++++',
  'GET /admin/doctors': 'xxx+',
  'PUT /doctor/update/url': 'xx+x',
  'POST /doctor': 'xxx+',
  'PUT /doctor/:id': 'xxx+',
  'GET /doctor/:id': '++++',
  'POST /new/appointment': 'x+xx',
  'POST /appointment/:id/pay': 'x+xx',
  'GET /hospital/slots': 'x+++',
  'GET /mybooking': 'x+xx',
  'GET /single/doctor/appointment': 'xx+x',
  'GET /getall/appointment': 'xxx+',
  'GET /appointment/:id': 'x+++',
  'PUT /admin/appointment/:id': 'xxx+',
  'POST /admin/appointment/:id': 'xxx+',
  'PUT /appointment/:id/status': 'x+++',
  'POST /create/prescription': 'xx+x',
  'GET /my/prescription': 'x+xx',
  'GET /prescription/:id': 'x+++',
  'GET /prescription/:id/pdf': 'x+++',
  'GET /verify/prescription/:code': '++++',
  'POST /create/review': 'x+xx',
  'PUT /create/review': 'x+xx',
  'GET /payments/bkash/callback': '++++',
  'GET /payments/nagad/callback': '++++',
  'GET /payment/:tranId': 'x+++',
  'GET /get/medicine': '++++',
  'GET /medicine/:id': '++++',
  'POST /admin/medicine': 'xxx+',
  'PUT /admin/medicine/:id': 'xxx+',
  'POST /cart/quote': '++++',
  'POST /create/order': 'x+xx',
  'GET /orders/myorders': 'x+xx',
  'GET /order/:id': 'x+++',
  'GET /admin/allorder': 'xxx+',
  'PUT /admin/order/:id': 'xxx+',
  'DELETE /admin/order/:id': 'xxx+',
  'GET /admin/mail/outbox': 'xxx+',
  'GET /admin/sms/outbox': 'xxx+',
  'PUT /admin/mail/:id/retry': 'xxx+',
  'GET /my/mailbox': 'x+++',
  'PUT /update/language': 'x+++',
  'POST /activation': '++++',
  'POST /confirm/email': 'x+++',
  'POST /confirm/email/resend': 'x+++',
  'POST /password/forgot': '++++',
  'POST /doctor/forgotPassword': '++++',
  'POST /password/reset/:token': '++++',
  'POST /forgot/password/reset/:token': '++++',
  'PUT /password/reset/:token': '++++',
  'PUT /forgot/password/reset/:token': '++++',
  'GET /get/nurses': '++++',
  'GET /nurse/:id': '++++',
  'POST /create/nurse/review': 'x+xx',
  'PUT /create/nurse/review': 'x+xx',
  'POST /new/hire/nurse': 'x+xx',
  'GET /my/hire': 'x+xx',
  'PUT /my/hire/:id/cancel': 'x+xx',
  'GET /admin/nurses': 'xxx+',
  'POST /create/nurse': 'xxx+',
  'PUT /nurse/:id': 'xxx+',
  'DELETE /nurse/:id': 'xxx+',
  'GET /getall/hire/nurse': 'xxx+',
  'PUT /admin/hire/nurse/:id': 'xxx+',
  'POST /blood/booking': '++++',
  'GET /blood/request/:id/donors': '++++',
  'GET /admin/blood/requests': 'xxx+',
  'POST /blood/donor': 'x+++',
  'GET /blood/donor/me': 'x+++',
  'GET /insurance/articles': '++++',
  'POST /insurance/apply': '++++',
  'GET /admin/insurance/applications': 'xxx+',
  'GET /ambulances': '++++',
  'GET /partners': '++++',
  'POST /contact': '++++',
  'GET /admin/contact/messages': 'xxx+',
};

let t: TestApp;
let schema: GraphQLSchema;
const tokens: Partial<Record<Role, string>> = {};

async function relogin(role: Role) {
  if (role === 'visitor') return;
  const c = role === 'patient' ? await asPatient(t) : role === 'doctor' ? await asDoctor(t) : await asAdmin(t);
  tokens[role] = c.token;
}

beforeAll(async () => {
  // The matrix calls throttled operations (signup, reset…) many times from one address.
  t = await createTestApp({ env: { SIGNUPS_PER_IP_PER_HOUR: '100000', PASSWORD_RESETS_PER_IP_PER_HOUR: '100000', CODE_ATTEMPTS_PER_IP_PER_HOUR: '100000', FORMS_PER_IP_PER_HOUR: '100000', LOGIN_FAILURES_PER_IP: '100000', LOGIN_LOCK_THRESHOLD: '1000' } });
  schema = await buildNirogSchema();
  for (const r of ROLES) await relogin(r);
});
afterAll(async () => {
  await t?.close();
});

/** Ends a session (logout) or changes who the caller is: run last, then log in again. */
const SESSION_ENDING = /logout|Logout/;

const figures = { cells: 0, refused: 0, allowed: 0 };

function judge(key: string, role: Role, expected: string, r: CallResult): string | null {
  figures.cells += 1;
  if (r.status >= 500 && r.code !== 'SERVICE_UNAVAILABLE') return `${key} as ${role}: HTTP ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
  if (r.code === 'INTERNAL_SERVER_ERROR') return `${key} as ${role}: INTERNAL_SERVER_ERROR`;
  if (expected === 'x') {
    figures.refused += 1;
    const want = role === 'visitor' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
    return r.code === want ? null : `${key} as ${role}: expected ${want}, got ${r.status} ${r.code ?? ''} ${r.reason ?? ''} ${r.message ?? ''}`;
  }
  figures.allowed += 1;
  const refusedByRole = (r.code === 'UNAUTHENTICATED' && role !== 'visitor' && r.reason !== 'BAD_CREDENTIALS' && r.reason !== 'INVALID_REFRESH_TOKEN')
    || (r.code === 'UNAUTHENTICATED' && role === 'visitor' && r.reason === 'UNAUTHENTICATED')
    || (r.code === 'FORBIDDEN' && r.reason === 'FORBIDDEN');
  return refusedByRole ? `${key} as ${role}: expected to get past authorization, got ${r.status} ${r.code} ${r.reason} ${r.message}` : null;
}

async function callOp(op: GraphqlOp, role: Role) {
  return callGraphql(t, tokens[role], documentFor(op), minimalVariables(op));
}
async function callRoute(route: RestRouteInfo, role: Role) {
  return callRest(t, tokens[role], route, pathWithParams(route.path), {});
}

describe('authorization matrix', () => {
  it('has exactly one row per operation: a new GraphQL field or REST path needs its row', () => {
    const actual = [...graphqlOperations(schema).map((o) => o.key), ...t.restRoutes.map(restKey)];
    const missing = actual.filter((k) => !(k in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((k) => !actual.includes(k));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    for (const [k, v] of Object.entries(EXPECTED)) expect([k, /^[x+]{4}$/.test(v)]).toEqual([k, true]);
  });

  it('every GraphQL operation, for every role, answers as the table says (and never 500)', async () => {
    const ops = graphqlOperations(schema).sort((a, b) => Number(SESSION_ENDING.test(a.name)) - Number(SESSION_ENDING.test(b.name)));
    const failures: string[] = [];
    for (const op of ops) {
      for (const [i, role] of ROLES.entries()) {
        const f = judge(op.key, role, EXPECTED[op.key]![i]!, await callOp(op, role));
        if (f) failures.push(f);
        if (SESSION_ENDING.test(op.name)) await relogin(role);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every REST path, for every role, answers as the table says (and never 500)', async () => {
    const routes = [...t.restRoutes].sort((a, b) => Number(SESSION_ENDING.test(a.path)) - Number(SESSION_ENDING.test(b.path)));
    const failures: string[] = [];
    for (const route of routes) {
      const key = restKey(route);
      for (const [i, role] of ROLES.entries()) {
        const f = judge(key, role, EXPECTED[key]![i]!, await callRoute(route, role));
        if (f) failures.push(f);
        if (SESSION_ENDING.test(route.path)) await relogin(role);
      }
    }
    expect(failures).toEqual([]);
  });

  it('reports its figures', () => {
    const ops = graphqlOperations(schema).length + t.restRoutes.length;
    // Printed for SECURITY.md.
    console.log(`authorization matrix: ${ops} operations × ${ROLES.length} roles = ${figures.cells} cells (${figures.refused} refused, ${figures.allowed} allowed)`);
    expect(figures.cells).toBe(ops * ROLES.length);
    void login;
  });
});
