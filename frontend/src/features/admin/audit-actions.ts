/**
 * The audit log's action codes in words, English and Bangla. A code is what the server wrote: the
 * name of the GraphQL mutation an admin ran (`approveDoctor`), the REST route (`PUT /admin/doctor/:id/approve`,
 * worded like the mutation it matches), or an action a service records (`csv.export`, `read:prescription`).
 * Plain data without imports: the backend's test (audit-words.test.ts) checks that every code the server
 * can write is here; i18n.ts registers it; an unknown code is shown as it is.
 */
type Words = readonly [en: string, bn: string];

const OPERATIONS = {
  // Accounts and sessions
  signup: ['Signed up', 'নিবন্ধন করেছেন'],
  login: ['Logged in', 'লগইন করেছেন'],
  doctorLogin: ['Logged in as a doctor', 'ডাক্তার হিসেবে লগইন করেছেন'],
  refreshSession: ['Renewed the session', 'সেশন নবায়ন করেছেন'],
  logout: ['Logged out', 'লগআউট করেছেন'],
  updateProfile: ['Updated their profile', 'নিজের প্রোফাইল হালনাগাদ করেছেন'],
  updateAvatar: ['Changed their photo', 'নিজের ছবি বদলেছেন'],
  changePassword: ['Changed their password', 'পাসওয়ার্ড বদলেছেন'],
  updateLanguage: ['Changed their language', 'ভাষা বদলেছেন'],
  deleteUser: ['Deleted a user', 'একজন ব্যবহারকারী মুছেছেন'],
  activateAccount: ['Activated an account', 'অ্যাকাউন্ট সক্রিয় করেছেন'],
  confirmEmail: ['Confirmed their email', 'ইমেইল নিশ্চিত করেছেন'],
  resendVerification: ['Asked for a new email code', 'নতুন ইমেইল কোড চেয়েছেন'],
  forgotPassword: ['Asked for a password reset', 'পাসওয়ার্ড রিসেট চেয়েছেন'],
  doctorForgotPassword: ['Asked for a doctor password reset', 'ডাক্তারের পাসওয়ার্ড রিসেট চেয়েছেন'],
  resetPassword: ['Reset a password', 'পাসওয়ার্ড রিসেট করেছেন'],
  sendSignupCode: ['Asked for a signup code by SMS', 'এসএমএসে নিবন্ধনের কোড চেয়েছেন'],
  sendLoginCode: ['Asked for a login code by SMS', 'এসএমএসে লগইনের কোড চেয়েছেন'],
  loginWithCode: ['Logged in with an SMS code', 'এসএমএস কোড দিয়ে লগইন করেছেন'],
  sendPhoneCode: ['Asked for a code to verify a mobile number', 'মোবাইল নম্বর যাচাইয়ের কোড চেয়েছেন'],
  verifyPhone: ['Verified a mobile number', 'মোবাইল নম্বর যাচাই করেছেন'],
  doctorResetPassword: ['Reset a doctor\'s password', 'ডাক্তারের পাসওয়ার্ড রিসেট করেছেন'],
  // Doctors
  doctorSignup: ['Registered a doctor', 'ডাক্তার নিবন্ধন করেছেন'],
  createDoctor: ['Created a doctor', 'ডাক্তার যোগ করেছেন'],
  updateDoctor: ['Updated a doctor', 'ডাক্তারের তথ্য হালনাগাদ করেছেন'],
  approveDoctor: ['Approved a doctor', 'ডাক্তার অনুমোদন করেছেন'],
  rejectDoctor: ['Rejected a doctor', 'ডাক্তারের নিবন্ধন বাতিল করেছেন'],
  // Appointments
  changeAppointmentStatus: ['Changed an appointment\'s status', 'অ্যাপয়েন্টমেন্টের অবস্থা বদলেছেন'],
  // Pharmacy
  createMedicine: ['Added a medicine', 'ওষুধ যোগ করেছেন'],
  checkCatalogueImport: ['Checked a catalogue file', 'ক্যাটালগ ফাইল যাচাই করেছেন'],
  runCatalogueImport: ['Started a catalogue import', 'ক্যাটালগ ইমপোর্ট শুরু করেছেন'],
  createSpeciality: ['Added a speciality', 'বিশেষজ্ঞতা যোগ করেছেন'],
  updateSpeciality: ['Edited a speciality', 'বিশেষজ্ঞতা সম্পাদনা করেছেন'],
  createSpecialityTerm: ['Added a search word for a speciality', 'বিশেষজ্ঞতার খোঁজার শব্দ যোগ করেছেন'],
  updateSpecialityTerm: ['Edited a search word for a speciality', 'বিশেষজ্ঞতার খোঁজার শব্দ সম্পাদনা করেছেন'],
  deleteSpecialityTerm: ['Removed a search word for a speciality', 'বিশেষজ্ঞতার খোঁজার শব্দ মুছেছেন'],
  updateMedicine: ['Updated a medicine', 'ওষুধের তথ্য হালনাগাদ করেছেন'],
  updateOrderStatus: ['Changed an order\'s status', 'অর্ডারের অবস্থা বদলেছেন'],
  reviewOrderPrescription: ['Checked an order\'s prescription', 'অর্ডারের প্রেসক্রিপশন যাচাই করেছেন'],
  updateMedicineStock: ['Set a medicine\'s stock or price', 'ওষুধের মজুদ বা দাম ঠিক করেছেন'],
  archiveOrder: ['Archived an order', 'অর্ডার আর্কাইভ করেছেন'],
  quoteCart: ['Priced a cart', 'কার্টের দাম হিসাব করেছেন'],
  // Nurses
  createNurse: ['Added a nurse', 'নার্স যোগ করেছেন'],
  updateNurse: ['Updated a nurse', 'নার্সের তথ্য হালনাগাদ করেছেন'],
  deleteNurse: ['Removed a nurse', 'নার্স মুছেছেন'],
  setNurseHireStatus: ['Changed a nurse hire\'s status', 'নার্স নিয়োগের অবস্থা বদলেছেন'],
  // Requests, mail
  requestBlood: ['Sent a blood request', 'রক্তের অনুরোধ পাঠিয়েছেন'],
  registerBloodDonor: ['Registered as a blood donor', 'রক্তদাতা হিসেবে নিবন্ধন করেছেন'],
  applyInsurance: ['Applied for insurance', 'বীমার আবেদন করেছেন'],
  sendContactMessage: ['Sent a contact message', 'যোগাযোগ বার্তা পাঠিয়েছেন'],
  retryMail: ['Sent a mail again', 'মেইল আবার পাঠিয়েছেন'],
  // Integrator apps
  createIntegratorApp: ['Registered an integrator app', 'একটি ইন্টিগ্রেটর অ্যাপ নিবন্ধন করেছেন'],
  revokeIntegratorApp: ['Revoked an integrator app', 'একটি ইন্টিগ্রেটর অ্যাপ বাতিল করেছেন'],
  rotateIntegratorKey: ['Gave an integrator app a new key', 'ইন্টিগ্রেটর অ্যাপকে নতুন কী দিয়েছেন'],
  updateIntegratorApp: ['Changed an integrator app (scopes, budget or contact)', 'একটি ইন্টিগ্রেটর অ্যাপ বদলেছেন (অনুমতি, বাজেট বা যোগাযোগ)'],
  resendWebhookDelivery: ['Sent a webhook delivery again', 'একটি ওয়েবহুক ডেলিভারি আবার পাঠিয়েছেন'],
  subscribeWebhook: ['Subscribed to webhooks', 'ওয়েবহুকে সাবস্ক্রাইব করেছে'],
  unsubscribeWebhook: ['Ended a webhook subscription', 'একটি ওয়েবহুক সাবস্ক্রিপশন শেষ করেছে'],
} as const satisfies Record<string, Words>;

type Operation = keyof typeof OPERATIONS;

/** REST routes, worded as the mutation they match. */
const REST: Record<string, Operation> = {
  'POST /register': 'signup',
  'POST /login': 'login',
  'POST /login/doctor': 'doctorLogin',
  'POST /token/refresh': 'refreshSession',
  'POST /logout': 'logout',
  'PUT /logout': 'logout',
  'PUT /update/currentUserdetails': 'updateProfile',
  'PUT /update/avatar': 'updateAvatar',
  'PUT /updatePassword': 'changePassword',
  'PUT /update/language': 'updateLanguage',
  'DELETE /admin/user/:id': 'deleteUser',
  'POST /activation': 'activateAccount',
  'POST /confirm/email': 'confirmEmail',
  'POST /confirm/email/resend': 'resendVerification',
  'POST /password/forgot': 'forgotPassword',
  'POST /doctor/forgotPassword': 'doctorForgotPassword',
  'POST /password/reset/:token': 'resetPassword',
  'PUT /password/reset/:token': 'resetPassword',
  'POST /forgot/password/reset/:token': 'doctorResetPassword',
  'PUT /forgot/password/reset/:token': 'doctorResetPassword',
  'POST /register/doctor': 'doctorSignup',
  'POST /doctor': 'createDoctor',
  'PUT /doctor/:id': 'updateDoctor',
  'PUT /admin/doctor/:id/approve': 'approveDoctor',
  'PUT /admin/doctor/:id/reject': 'rejectDoctor',
  'PUT /admin/appointment/:id': 'changeAppointmentStatus',
  'POST /admin/appointment/:id': 'changeAppointmentStatus',
  'PUT /appointment/:id/status': 'changeAppointmentStatus',
  'POST /admin/medicine': 'createMedicine',
  'PUT /admin/medicine/:id': 'updateMedicine',
  'POST /cart/quote': 'quoteCart',
  'PUT /admin/order/:id': 'updateOrderStatus',
  'DELETE /admin/order/:id': 'archiveOrder',
  'PUT /admin/mail/:id/retry': 'retryMail',
  'POST /create/nurse': 'createNurse',
  'PUT /nurse/:id': 'updateNurse',
  'DELETE /nurse/:id': 'deleteNurse',
  'PUT /admin/hire/nurse/:id': 'setNurseHireStatus',
  'POST /blood/booking': 'requestBlood',
  'POST /blood/donor': 'registerBloodDonor',
  'POST /insurance/apply': 'applyInsurance',
  'POST /contact': 'sendContactMessage',
};

/** Actions the server's services record themselves. */
const SERVICE: Record<string, Words> = {
  'csv.export': ['Exported a table as CSV', 'টেবিল CSV হিসেবে ডাউনলোড করেছেন'],
  'read:appointment': ['Read a patient\'s appointment', 'রোগীর অ্যাপয়েন্টমেন্ট দেখেছেন'],
  'read:prescription': ['Read a patient\'s prescription', 'রোগীর প্রেসক্রিপশন দেখেছেন'],
  'read:order': ['Read a patient\'s order and its prescription', 'রোগীর অর্ডার ও তার প্রেসক্রিপশন দেখেছেন'],
  'read:medicalfile': ['Opened a patient\'s medical file (a prescription photo) through its link', 'লিংক দিয়ে রোগীর মেডিক্যাল ফাইল (প্রেসক্রিপশনের ছবি) খুলেছেন'],
  'integrator.read': ['An integrator app read personal data', 'একটি ইন্টিগ্রেটর অ্যাপ ব্যক্তিগত তথ্য দেখেছে'],
  'catalogue.imported': ['Catalogue rows written', 'ক্যাটালগের সারি লেখা হয়েছে'],
  'admin.created': ['An admin was made on the server', 'সার্ভারে একজন অ্যাডমিন তৈরি হয়েছে'],
};

const all: Record<string, Words> = {
  ...OPERATIONS,
  ...Object.fromEntries(Object.entries(REST).map(([code, op]) => [code, OPERATIONS[op]])),
  ...SERVICE,
};

/** Code → words, per language, as i18n resources (namespace `auditActions`). */
export const AUDIT_ACTION_WORDS = {
  en: Object.fromEntries(Object.entries(all).map(([code, [en]]) => [code, en])),
  bn: Object.fromEntries(Object.entries(all).map(([code, [, bn]]) => [code, bn])),
};
