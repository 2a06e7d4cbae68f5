import { paths } from '@/config/paths';
import type { Role } from '@/lib/session';
import './side-i18n';

/** The side menu of each role (spec §2), as i18n keys under `side.` and paths. */
export const SIDE_MENU: Record<Role, { key: string; to: string }[]> = {
  admin: [
    { key: 'dashboard', to: paths.adminDashboard },
    { key: 'allAppointments', to: paths.adminAppointments },
    { key: 'pendingDoctors', to: paths.adminPendingDoctors },
    { key: 'createDoctor', to: paths.adminCreateDoctor },
    { key: 'allDoctors', to: paths.adminAllDoctors },
    { key: 'createNurse', to: paths.adminCreateNurse },
    { key: 'allNurses', to: paths.adminAllNurses },
    { key: 'bookedNurses', to: paths.adminHiredNurses },
    { key: 'allUsers', to: paths.adminUsers },
    { key: 'orderList', to: paths.adminOrders },
    { key: 'auditLog', to: paths.adminAuditLog },
    { key: 'outbox', to: paths.adminOutbox },
    { key: 'inbox', to: paths.adminInbox },
    { key: 'medicines', to: paths.adminMedicines },
    { key: 'searchTerms', to: paths.adminSearchTerms },
    { key: 'catalogue', to: paths.adminCatalogue },
    { key: 'prescriptionChecks', to: paths.pharmacistQueue },
    { key: 'refunds', to: paths.adminRefunds },
    { key: 'integrators', to: paths.adminIntegrators },
    { key: 'webhooks', to: paths.adminWebhooks },
  ],
  pharmacist: [
    { key: 'prescriptionChecks', to: paths.pharmacistQueue },
    { key: 'changePassword', to: paths.userChangePassword },
  ],
  doctor: [
    { key: 'myProfile', to: paths.doctorInfo },
    { key: 'setProfile', to: paths.doctorUpdateInfo },
    { key: 'changePassword', to: paths.doctorChangePassword },
    { key: 'videoLink', to: paths.doctorSetUrl },
    { key: 'myConsultations', to: paths.doctorBooking },
  ],
  user: [
    { key: 'myProfile', to: paths.userInfo },
    { key: 'family', to: paths.myFamily },
    { key: 'changePassword', to: paths.userChangePassword },
    { key: 'consultationsHistory', to: paths.myBooking },
    { key: 'prescriptionHistory', to: paths.myPrescription },
    { key: 'orderHistory', to: paths.myOrder },
    { key: 'hiredNurses', to: paths.myHiredNurses },
  ],
};

/** The side menu of this user: an account made with a mobile number alone has no password to change. */
export function sideMenuOf(user: { role: Role; hasPassword?: boolean }): { key: string; to: string }[] {
  return SIDE_MENU[user.role].filter((m) => m.key !== 'changePassword' || user.hasPassword !== false);
}
