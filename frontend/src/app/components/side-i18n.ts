import { registerTranslations } from '@/i18n';

/**
 * The side menus' words (menus.ts), merged into the 'common' namespace by the screens that show a side
 * menu (the account screens, the phone drawer): the first load of a public page does not carry them.
 */
registerTranslations('common', {
  en: {
    side: {
      dashboard: 'Dashboard', allAppointments: 'All Appointments', createDoctor: 'Create Doctor', allDoctors: 'All Doctors',
      pendingDoctors: 'Pending Doctors', createNurse: 'Create Nurse', allNurses: 'All Nurses', bookedNurses: 'Booked Nurses',
      allUsers: 'All Users', orderList: 'Order List', auditLog: 'Audit Log', myProfile: 'My Profile', setProfile: 'Set Profile', outbox: 'Outbox', medicines: 'Medicines', integrators: 'Integrator Apps', webhooks: 'Webhooks',
      changePassword: 'Change Password', videoLink: 'Update Video Link', myConsultations: 'My Consultations',
      consultationsHistory: 'Consultations History', prescriptionHistory: 'Prescription History',
      orderHistory: 'Order History', hiredNurses: 'Hired Nurses History', logout: 'Logout', inbox: 'Requests & Messages', family: 'Family Members',
      prescriptionChecks: 'Prescription Checks', refunds: 'Refunds', searchTerms: 'Search Words', catalogue: 'Catalogue Import',
    },
  },
  bn: {
    side: {
      dashboard: 'ড্যাশবোর্ড', allAppointments: 'সব অ্যাপয়েন্টমেন্ট', createDoctor: 'ডাক্তার যোগ করুন', allDoctors: 'সব ডাক্তার',
      pendingDoctors: 'অনুমোদনের অপেক্ষায় ডাক্তার', createNurse: 'নার্স যোগ করুন', allNurses: 'সব নার্স', bookedNurses: 'বুক করা নার্স',
      allUsers: 'সব ব্যবহারকারী', orderList: 'অর্ডার তালিকা', auditLog: 'অডিট লগ', myProfile: 'আমার প্রোফাইল', setProfile: 'প্রোফাইল', outbox: 'আউটবক্স', medicines: 'ওষুধ', integrators: 'ইন্টিগ্রেটর অ্যাপ', webhooks: 'ওয়েবহুক',
      changePassword: 'পাসওয়ার্ড পরিবর্তন', videoLink: 'ভিডিও লিংক হালনাগাদ', myConsultations: 'আমার পরামর্শ',
      consultationsHistory: 'পরামর্শের ইতিহাস', prescriptionHistory: 'প্রেসক্রিপশনের ইতিহাস',
      orderHistory: 'অর্ডারের ইতিহাস', hiredNurses: 'ভাড়া করা নার্সের ইতিহাস', logout: 'লগ আউট', inbox: 'অনুরোধ ও বার্তা', family: 'পরিবারের সদস্য',
      prescriptionChecks: 'প্রেসক্রিপশন যাচাই', refunds: 'ফেরত', searchTerms: 'খোঁজার শব্দ', catalogue: 'ক্যাটালগ ইমপোর্ট',
    },
  },
});
