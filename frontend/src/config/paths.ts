/** Every route of the app (spec §2), in one place. Links and routes use these, never string literals. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  consultation: '/consultation',
  userSignin: '/user-signin',
  userSignup: '/user-signup',
  phoneSignin: '/user-signin/mobile',
  phoneSignup: '/user-signup/mobile',
  verifyPhone: '/user/phone',
  myFamily: '/my/family',
  activation: '/activation/:activation_token',
  userForgotPassword: '/user/password',
  userResetPassword: '/password/reset/:token',
  userChangePassword: '/user/change/password',
  userUpdateInfo: '/user/updateinfo',
  userUpdateProfile: '/user/update/profile',
  userInfo: '/user-info',
  confirmEmail: '/user/confirm/email',
  doctorSignup: '/doctor/signup',
  doctorLogin: '/doctor/login',
  doctorInfo: '/doctor-info',
  doctorForgotPassword: '/doctor-forgot-password',
  doctorForgotPasswordAlias: '/doctor/forgot-password',
  doctorResetPassword: '/forgot/password/reset/:token',
  doctorChangePassword: '/doctor/change/password',
  doctorSetUrl: '/doctor/set-url',
  doctorBooking: '/doctor-booking',
  doctorUpdateInfo: '/doctor/updateinfo',
  doctorDetail: '/doctor/:doctorId',
  doctors: '/doctors',
  bookAppointment: '/book-appointment',
  hospitalAppointment: '/hospital/appointment',
  consultationPaid: '/payment/successfull/:tranId',
  contact: '/contact',
  about: '/about',
  insurance: '/insurance',
  nurses: '/nurses',
  nurseDetail: '/nurse/:nurseId',
  myBooking: '/my-booking',
  myOrder: '/my-order',
  myHiredNurses: '/my/hire-nurses',
  chat: '/chat',
  adminAppointments: '/admin-appointments',
  adminAppointment: '/appointment/:appointmentId',
  adminAllDoctors: '/admin/all-doctors',
  adminCreateDoctor: '/admin/create-doctor',
  adminPendingDoctors: '/admin/pending-doctors',
  adminCreateNurse: '/admin/create-nurse',
  adminUpdateDoctor: '/update-doctor/:doctorId',
  adminUpdateNurse: '/update-nurse/:nurseId',
  adminAllNurses: '/admin/all-nurses',
  adminHiredNurses: '/admin/all-hired-nurses',
  adminDashboard: '/admin-dashboard',
  adminUsers: '/admin/alluser',
  adminOrders: '/admin/user/order',
  adminAuditLog: '/admin/audit-log', adminOutbox: '/admin/outbox', adminInbox: '/admin/requests',
  adminIntegrators: '/admin/integrators', adminWebhooks: '/admin/webhooks', developers: '/developers',
  bloods: '/bloods',
  medicine: '/medicine',
  medicineDetail: '/medicine/:id',
  ambulance: '/ambulance',
  cart: '/cart',
  shipping: '/shipping',
  orderPaid: '/order/payment/successfull/:tranId',
  orderPaymentFailed: '/order/payment/failed/:tranId',
  paymentFailed: '/payment/failed/:tranId',
  adminMedicines: '/admin/medicines',
  myPrescription: '/my-prescription',
  prescriptionOrder: '/my-prescription/:prescriptionId/order',
  pharmacistQueue: '/pharmacy/prescriptions',
  pharmacistReview: '/pharmacy/prescriptions/:orderId',
  adminRefunds: '/admin/refunds',
  adminSearchTerms: '/admin/search-terms',
  adminCatalogue: '/admin/catalogue',
  comingSoon: '/coming-soon',
} as const;

export type PathName = keyof typeof paths;

/** Fills route parameters: to('doctorDetail', { doctorId }) → /doctor/123. */
export function to(name: PathName, params: Record<string, string> = {}): string {
  return paths[name].replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}

/**
 * The URL filters each admin table reads (besides page, sort and the search q). The tables read
 * their filters from here, and the dashboard's tiles link into them: a test checks that every tile
 * links to a table that reads each filter the link sets.
 */
export const ADMIN_TABLE_FILTERS = {
  [paths.adminAppointments]: ['status', 'kind', 'paymentStatus'],
  [paths.adminOrders]: ['status', 'paymentStatus'],
  [paths.adminUsers]: ['role', 'status'],
  [paths.adminAllDoctors]: ['status'],
  [paths.adminHiredNurses]: ['status'],
  [paths.adminMedicines]: ['lowStock'],
  [paths.adminInbox]: ['tab'],
  [paths.adminPendingDoctors]: [],
  [paths.adminRefunds]: ['status', 'reason'],
  [paths.adminSearchTerms]: ['kind', 'speciality'],
} as const satisfies Record<string, readonly string[]>;

/** The doctors' own screens: a visitor opening one is sent to the doctor login, not the patient login. */
const DOCTOR_SCREENS: string[] = [paths.doctorInfo, paths.doctorUpdateInfo, paths.doctorChangePassword, paths.doctorSetUrl, paths.doctorBooking];
export const loginFor = (pathname: string): string => (DOCTOR_SCREENS.includes(pathname) ? paths.doctorLogin : paths.userSignin);
