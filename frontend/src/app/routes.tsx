import { lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Role } from '@/lib/session';
import SiteLayout from './layouts/SiteLayout';
import { withAntd } from './withAntd';
import RequireAuth from './components/RequireAuth';
import NotFound from './components/NotFound';
import { withData } from '@/components/withData';
import SectionPlaceholder from '@/components/SectionPlaceholder';
import DataSection from '@/components/DataSection';
import HomePage from '@/features/home/pages/HomePage';

/** Each page is its own chunk, loaded when its route is first visited, with antd's provider beside it. */
function page(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = withAntd(load);
  return <Page />;
}

/** A page built without antd (the public catalogues; the home page is in the main chunk): its own chunk and the data layer. */
function lightPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props = {} as P): ReactNode {
  const Page = withData(load);
  return <Page {...props} />;
}

/**
 * A page that reads nothing through Apollo and uses no antd (the developer guide; the sign-in doors,
 * whose one write goes by lib/registeredOperation.ts): its own chunk alone.
 */
function staticPage(load: () => Promise<{ default: ComponentType }>): ReactNode {
  const Page = lazy(load);
  return <Page />;
}

// The home page's best doctors (the doctors feature's section, handed in: features never import each
// other), with the data layer; the section's placeholder keeps its place meanwhile.
const BestDoctors = withData(() => import('@/features/doctors/components/BestDoctors'));
const bestDoctors = (
  <DataSection placeholder={<SectionPlaceholder style={{ marginTop: 32 }} gridClass="best-doctors" cardClass="light-card card-placeholder" />}>
    <BestDoctors />
  </DataSection>
);

// A doctor's page is light; its review form (antd) is handed in with antd's provider and loaded for
// patients only, once the profile is on screen.
const DoctorReviewForm = withAntd(() => import('@/features/doctors/components/ReviewForm'));

// The account screens' side menu is antd's Menu: loaded with the first account screen.
const DashboardLayout = withAntd(() => import('./layouts/DashboardLayout'));

const only = (roles: Role[] | undefined, element: ReactNode) => <RequireAuth roles={roles}>{element}</RequireAuth>;

const PATIENT: Role[] = ['user'];
const PATIENT_OR_ADMIN: Role[] = ['user', 'admin'];
const DOCTOR: Role[] = ['doctor'];
const ADMIN: Role[] = ['admin'];
const PHARMACY: Role[] = ['pharmacist', 'admin'];
const PATIENT_ADMIN_OR_PHARMACIST: Role[] = ['user', 'admin', 'pharmacist'];

const ChangePassword = () => page(() => import('@/features/auth/pages/ChangePasswordPage'));
const UpdateProfile = () => page(() => import('@/features/profile/pages/UpdateProfilePage'));
const NurseForm = () => page(() => import('@/features/nurses/pages/NurseFormPage'));
const PaymentResult = () => page(() => import('@/features/pharmacy/pages/PaymentResultPage'));

export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      // In the main chunk: the page most visitors land on paints without waiting for a second download;
      // its sections that read data arrive with the data layer.
      { path: paths.home, element: <HomePage doctors={bestDoctors} /> },
      { path: paths.homeAlias, element: <HomePage doctors={bestDoctors} /> },

      // Accounts (foundation)
      { path: paths.userSignin, element: staticPage(() => import('@/features/auth/pages/PatientLoginPage')) },
      { path: paths.userSignup, element: page(() => import('@/features/auth/pages/PatientSignupPage')) },
      { path: paths.phoneSignin, element: page(() => import('@/features/auth/pages/PhoneLoginPage')) },
      { path: paths.phoneSignup, element: page(() => import('@/features/auth/pages/PhoneSignupPage')) },
      { path: paths.doctorLogin, element: staticPage(() => import('@/features/auth/pages/DoctorLoginPage')) },
      { path: paths.doctorSignup, element: page(() => import('@/features/auth/pages/DoctorSignupPage')) },

      // Email (verification and password reset)
      { path: paths.activation, element: page(() => import('@/features/email/pages/ActivationPage')) },
      { path: paths.confirmEmail, element: only(undefined, page(() => import('@/features/email/pages/ConfirmEmailPage'))) },
      { path: paths.userForgotPassword, element: page(() => import('@/features/email/pages/ForgotPasswordPage')) },
      { path: paths.userResetPassword, element: page(() => import('@/features/email/pages/ResetPasswordPage')) },
      { path: paths.doctorForgotPassword, element: page(() => import('@/features/email/pages/DoctorForgotPasswordPage')) },
      { path: paths.doctorForgotPasswordAlias, element: page(() => import('@/features/email/pages/DoctorForgotPasswordPage')) },
      { path: paths.doctorResetPassword, element: page(() => import('@/features/email/pages/DoctorResetPasswordPage')) },

      // Doctors and consultations
      { path: paths.consultation, element: page(() => import('@/features/doctors/pages/ConsultationPage')) },
      { path: paths.doctors, element: lightPage(() => import('@/features/doctors/pages/DoctorsPage')) },
      { path: paths.doctorDetail, element: lightPage(() => import('@/features/doctors/pages/DoctorDetailPage'), { ReviewForm: DoctorReviewForm }) },
      { path: paths.bookAppointment, element: only(PATIENT, page(() => import('@/features/consultations/pages/BookAppointmentPage'))) },
      { path: paths.hospitalAppointment, element: only(PATIENT, page(() => import('@/features/consultations/pages/HospitalAppointmentPage'))) },
      { path: paths.consultationPaid, element: only(PATIENT, page(() => import('@/features/consultations/pages/ConsultationPaidPage'))) },

      // Pharmacy
      { path: paths.medicine, element: lightPage(() => import('@/features/pharmacy/pages/MedicinePage')) },
      { path: paths.medicineDetail, element: page(() => import('@/features/pharmacy/pages/MedicineDetailPage')) },
      { path: paths.cart, element: lightPage(() => import('@/features/pharmacy/pages/CartPage')) },
      // Only patients can order (the API refuses the other roles).
      { path: paths.shipping, element: only(PATIENT, page(() => import('@/features/pharmacy/pages/ShippingPage'))) },
      { path: paths.prescriptionOrder, element: only(PATIENT, page(() => import('@/features/pharmacy/pages/PrescriptionOrderPage'))) },
      { path: paths.orderPaid, element: only(undefined, PaymentResult()) },
      { path: paths.orderPaymentFailed, element: only(undefined, PaymentResult()) },
      { path: paths.paymentFailed, element: only(undefined, PaymentResult()) },

      // Nurses, blood, insurance, ambulance, information pages
      { path: paths.nurses, element: lightPage(() => import('@/features/nurses/pages/NursesPage')) },
      { path: paths.nurseDetail, element: page(() => import('@/features/nurses/pages/NurseDetailPage')) },
      { path: paths.bloods, element: page(() => import('@/features/blood/pages/BloodsPage')) },
      { path: paths.insurance, element: page(() => import('@/features/info/pages/InsurancePage')) },
      { path: paths.ambulance, element: page(() => import('@/features/info/pages/AmbulancePage')) },
      { path: paths.about, element: page(() => import('@/features/info/pages/AboutPage')) },
      { path: paths.contact, element: page(() => import('@/features/info/pages/ContactPage')) },
      { path: paths.chat, element: only(undefined, page(() => import('@/features/info/pages/ChatPage'))) },
      { path: paths.comingSoon, element: page(() => import('@/features/info/pages/ComingSoonPage')) },
      { path: paths.developers, element: staticPage(() => import('@/features/developers/pages/DevelopersPage')) },

      // Account screens with the side menu of the role
      {
        element: only(undefined, <DashboardLayout />),
        children: [
          { path: paths.userInfo, element: only(PATIENT_OR_ADMIN, page(() => import('@/features/profile/pages/UserInfoPage'))) },
          { path: paths.userUpdateProfile, element: only(undefined, UpdateProfile()) },
          { path: paths.userUpdateInfo, element: only(undefined, UpdateProfile()) },
          { path: paths.userChangePassword, element: only(PATIENT_ADMIN_OR_PHARMACIST, ChangePassword()) },
          { path: paths.verifyPhone, element: only(undefined, page(() => import('@/features/profile/pages/VerifyPhonePage'))) },
          { path: paths.myFamily, element: only(PATIENT, page(() => import('@/features/profile/pages/FamilyPage'))) },
          { path: paths.myBooking, element: only(PATIENT, page(() => import('@/features/consultations/pages/MyBookingPage'))) },
          { path: paths.myPrescription, element: only(PATIENT, page(() => import('@/features/consultations/pages/MyPrescriptionPage'))) },
          { path: paths.myOrder, element: only(PATIENT, page(() => import('@/features/pharmacy/pages/MyOrdersPage'))) },
          { path: paths.myHiredNurses, element: only(PATIENT, page(() => import('@/features/nurses/pages/MyHiredNursesPage'))) },

          { path: paths.doctorInfo, element: only(DOCTOR, page(() => import('@/features/profile/pages/DoctorInfoPage'))) },
          { path: paths.doctorUpdateInfo, element: only(DOCTOR, page(() => import('@/features/profile/pages/DoctorUpdateInfoPage'))) },
          { path: paths.doctorChangePassword, element: only(DOCTOR, ChangePassword()) },
          { path: paths.doctorSetUrl, element: only(DOCTOR, page(() => import('@/features/consultations/pages/SetUrlPage'))) },
          { path: paths.doctorBooking, element: only(DOCTOR, page(() => import('@/features/consultations/pages/DoctorBookingPage'))) },

          { path: paths.adminDashboard, element: only(ADMIN, page(() => import('@/features/admin/pages/DashboardPage'))) },
          { path: paths.adminPendingDoctors, element: only(ADMIN, page(() => import('@/features/admin/pages/PendingDoctorsPage'))) },
          { path: paths.adminAppointments, element: only(ADMIN, page(() => import('@/features/consultations/pages/AdminAppointmentsPage'))) },
          { path: paths.adminAppointment, element: only(ADMIN, page(() => import('@/features/consultations/pages/AdminAppointmentPage'))) },
          { path: paths.adminAllDoctors, element: only(ADMIN, page(() => import('@/features/doctors/pages/AdminAllDoctorsPage'))) },
          { path: paths.adminCreateDoctor, element: only(ADMIN, page(() => import('@/features/doctors/pages/AdminDoctorFormPage'))) },
          { path: paths.adminUpdateDoctor, element: only(ADMIN, page(() => import('@/features/doctors/pages/AdminDoctorFormPage'))) },
          { path: paths.adminCreateNurse, element: only(ADMIN, NurseForm()) },
          { path: paths.adminUpdateNurse, element: only(ADMIN, NurseForm()) },
          { path: paths.adminAllNurses, element: only(ADMIN, page(() => import('@/features/nurses/pages/AdminNursesPage'))) },
          { path: paths.adminHiredNurses, element: only(ADMIN, page(() => import('@/features/nurses/pages/AdminHiredNursesPage'))) },
          { path: paths.adminUsers, element: only(ADMIN, page(() => import('@/features/admin/pages/AllUsersPage'))) },
          { path: paths.adminAuditLog, element: only(ADMIN, page(() => import('@/features/admin/pages/AuditLogPage'))) },
          { path: paths.adminOrders, element: only(ADMIN, page(() => import('@/features/pharmacy/pages/AdminOrdersPage'))) },
          { path: paths.adminOutbox, element: only(ADMIN, page(() => import('@/features/email/pages/AdminOutboxPage'))) },
          { path: paths.adminInbox, element: only(ADMIN, page(() => import('@/features/info/pages/AdminInboxPage'))) },
          { path: paths.adminMedicines, element: only(ADMIN, page(() => import('@/features/pharmacy/pages/AdminMedicinesPage'))) },
          { path: paths.adminRefunds, element: only(ADMIN, page(() => import('@/features/admin/pages/RefundsPage'))) },
          { path: paths.adminSearchTerms, element: only(ADMIN, page(() => import('@/features/doctors/pages/AdminSearchTermsPage'))) },
          { path: paths.adminCatalogue, element: only(ADMIN, page(() => import('@/features/admin/pages/CataloguePage'))) },
          { path: paths.pharmacistQueue, element: only(PHARMACY, page(() => import('@/features/pharmacy/pages/PrescriptionQueuePage'))) },
          { path: paths.pharmacistReview, element: only(PHARMACY, page(() => import('@/features/pharmacy/pages/PrescriptionReviewPage'))) },
          { path: paths.adminIntegrators, element: only(ADMIN, page(() => import('@/features/integrators/pages/AdminIntegratorsPage'))) },
          { path: paths.adminWebhooks, element: only(ADMIN, page(() => import('@/features/integrators/pages/AdminWebhooksPage'))) },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
