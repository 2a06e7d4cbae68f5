import type { Translations } from './index';

export const common: Translations = {
  en: {
    brand: 'Nirog',
    tagline: 'Healthcare for Bangladesh',
    nav: {
      home: 'Home', consultations: 'Consultations', doctors: 'Doctors', nurses: 'Nurses', medicine: 'Order Medicine',
      insurance: 'Insurance', bloods: 'Find Bloods', ambulance: 'Find Ambulance', forDoctors: 'For Doctors',
      login: 'Log in', doctorLogin: 'Doctor Login', logout: 'Logout', hello: 'Hello, {{name}}', cart: 'Cart',
      menu: 'Menu', myProfile: 'My Profile', language: 'বাংলা',
    },
    side: {
      dashboard: 'Dashboard', allAppointments: 'All Appointments', createDoctor: 'Create Doctor', allDoctors: 'All Doctors',
      pendingDoctors: 'Pending Doctors', createNurse: 'Create Nurse', allNurses: 'All Nurses', bookedNurses: 'Booked Nurses',
      allUsers: 'All Users', orderList: 'Order List', auditLog: 'Audit Log', myProfile: 'My Profile', setProfile: 'Set Profile', outbox: 'Outbox', medicines: 'Medicines',
      changePassword: 'Change Password', videoLink: 'Update Video Link', myConsultations: 'My Consultations',
      consultationsHistory: 'Consultations History', prescriptionHistory: 'Prescription History',
      orderHistory: 'Order History', hiredNurses: 'Hired Nurses History', logout: 'Logout', inbox: 'Requests & Messages',
    },
    footer: {
      services: 'Services', onlineConsultant: 'Online Consultant', blood: 'Blood', nurses: 'Nurses', about: 'About',
      contact: 'Contact', legal: 'Legal', terms: 'Terms of use', privacy: 'Privacy policy', cookie: 'Cookie policy',
      copyright: '© {{year}} Nirog. Healthcare for Bangladesh.',
    },
    state: {
      loading: 'Loading…', wait: 'please wait a sec', retry: 'Try again', empty: 'Nothing here yet',
      notAllowed: 'You are not allowed to see this page', notAllowedHint: 'This page is for {{roles}} accounts.',
      notFound: 'Page not found', notFoundHint: 'The page you are looking for does not exist.', backHome: 'Back to home',
      comingSoon: 'This screen is on its way', comingSoonHint: 'It is part of a feature that is being built.',
      unexpected: 'Unexpected Application Error!', chunkFailed: 'Loading chunk failed. Please reload the page.', reload: 'Reload',
    },
    roles: { user: 'patient', doctor: 'doctor', admin: 'admin' },
    actions: { save: 'Save', cancel: 'Cancel', confirm: 'Confirm', delete: 'Delete', update: 'Update', back: 'Back', loadMore: 'Load More' },
    messages: { enterDetails: 'Please enter your details', enterAllFields: 'Enter all Fields', loggedOut: 'You are logged out' },
    splash: { title: 'Nirog', subtitle: 'Free of disease · নীরোগ' },
    pager: { first: '1st', prev: 'Prev', next: 'Next', last: 'Last', pageOf: 'Page {{page}} of {{count}}' },
  },
  bn: {
    brand: 'নীরোগ',
    tagline: 'বাংলাদেশের স্বাস্থ্যসেবা',
    nav: {
      home: 'হোম', consultations: 'পরামর্শ', doctors: 'ডাক্তার', nurses: 'নার্স', medicine: 'ওষুধ অর্ডার',
      insurance: 'বিমা', bloods: 'রক্ত খুঁজুন', ambulance: 'অ্যাম্বুলেন্স খুঁজুন', forDoctors: 'ডাক্তারদের জন্য',
      login: 'লগ ইন', doctorLogin: 'ডাক্তার লগইন', logout: 'লগ আউট', hello: 'হ্যালো, {{name}}', cart: 'কার্ট',
      menu: 'মেনু', myProfile: 'আমার প্রোফাইল', language: 'English',
    },
    side: {
      dashboard: 'ড্যাশবোর্ড', allAppointments: 'সব অ্যাপয়েন্টমেন্ট', createDoctor: 'ডাক্তার যোগ করুন', allDoctors: 'সব ডাক্তার',
      pendingDoctors: 'অনুমোদনের অপেক্ষায় ডাক্তার', createNurse: 'নার্স যোগ করুন', allNurses: 'সব নার্স', bookedNurses: 'বুক করা নার্স',
      allUsers: 'সব ব্যবহারকারী', orderList: 'অর্ডার তালিকা', auditLog: 'অডিট লগ', myProfile: 'আমার প্রোফাইল', setProfile: 'প্রোফাইল', outbox: 'আউটবক্স', medicines: 'ওষুধ',
      changePassword: 'পাসওয়ার্ড পরিবর্তন', videoLink: 'ভিডিও লিংক হালনাগাদ', myConsultations: 'আমার পরামর্শ',
      consultationsHistory: 'পরামর্শের ইতিহাস', prescriptionHistory: 'প্রেসক্রিপশনের ইতিহাস',
      orderHistory: 'অর্ডারের ইতিহাস', hiredNurses: 'ভাড়া করা নার্সের ইতিহাস', logout: 'লগ আউট', inbox: 'অনুরোধ ও বার্তা',
    },
    footer: {
      services: 'সেবা', onlineConsultant: 'অনলাইন পরামর্শ', blood: 'রক্ত', nurses: 'নার্স', about: 'আমাদের সম্পর্কে',
      contact: 'যোগাযোগ', legal: 'আইনি', terms: 'ব্যবহারের শর্তাবলী', privacy: 'গোপনীয়তা নীতি', cookie: 'কুকি নীতি',
      copyright: '© {{year}} নীরোগ। বাংলাদেশের স্বাস্থ্যসেবা।',
    },
    state: {
      loading: 'লোড হচ্ছে…', wait: 'একটু অপেক্ষা করুন', retry: 'আবার চেষ্টা করুন', empty: 'এখনো কিছু নেই',
      notAllowed: 'এই পাতাটি দেখার অনুমতি আপনার নেই', notAllowedHint: 'এই পাতাটি {{roles}} অ্যাকাউন্টের জন্য।',
      notFound: 'পাতাটি পাওয়া যায়নি', notFoundHint: 'আপনি যে পাতাটি খুঁজছেন সেটি নেই।', backHome: 'হোমে ফিরুন',
      comingSoon: 'এই পাতাটি আসছে', comingSoonHint: 'এটি একটি নির্মাণাধীন ফিচারের অংশ।',
      unexpected: 'অপ্রত্যাশিত ত্রুটি!', chunkFailed: 'পাতার অংশ লোড হয়নি। আবার লোড করুন।', reload: 'আবার লোড করুন',
    },
    roles: { user: 'রোগী', doctor: 'ডাক্তার', admin: 'অ্যাডমিন' },
    actions: { save: 'সংরক্ষণ', cancel: 'বাতিল', confirm: 'নিশ্চিত করুন', delete: 'মুছুন', update: 'হালনাগাদ', back: 'ফিরে যান', loadMore: 'আরও দেখুন' },
    messages: { enterDetails: 'অনুগ্রহ করে আপনার তথ্য দিন', enterAllFields: 'সব ঘর পূরণ করুন', loggedOut: 'আপনি লগ আউট করেছেন' },
    splash: { title: 'নীরোগ', subtitle: 'রোগমুক্ত জীবন · Nirog' },
    pager: { first: 'প্রথম', prev: 'আগের', next: 'পরের', last: 'শেষ', pageOf: 'পাতা {{page}} / {{count}}' },
  },
};
