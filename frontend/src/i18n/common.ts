import type { Translations } from './index';

export const common: Translations = {
  en: {
    brand: 'Nirog',
    tagline: 'Healthcare for Bangladesh',
    nav: {
      home: 'Home', consultations: 'Consultations', doctors: 'Doctors', nurses: 'Nurses', medicine: 'Order Medicine',
      insurance: 'Insurance', bloods: 'Find Bloods', ambulance: 'Find Ambulance', forDoctors: 'For Doctors',
      login: 'Log in', doctorLogin: 'Doctor Login', logout: 'Logout', hello: 'Hello, {{name}}', cart: 'Cart',
      menu: 'Menu', myProfile: 'My Profile', language: 'বাংলা', languageHint: 'Show the site in Bangla',
    },
    footer: {
      services: 'Services', onlineConsultant: 'Online Consultant', blood: 'Blood', nurses: 'Nurses', about: 'About',
      contact: 'Contact', developers: 'Developers (API)', legal: 'Legal', terms: 'Terms of use', privacy: 'Privacy policy', cookie: 'Cookie policy',
      copyright: '© {{year}} Nirog. Healthcare for Bangladesh.',
    },
    state: {
      loading: 'Loading…', wait: 'please wait a sec', retry: 'Try again', empty: 'Nothing here yet',
      notAllowed: 'You are not allowed to see this page', notAllowedHint: 'This page is for {{roles}} accounts.',
      notFound: 'Page not found', notFoundHint: 'The page you are looking for does not exist.', backHome: 'Back to home',
      comingSoon: 'This screen is on its way', comingSoonHint: 'It is part of a feature that is being built.',
      unexpected: 'Unexpected Application Error!', chunkFailed: 'Loading chunk failed. Please reload the page.', reload: 'Reload',
    },
    roles: { user: 'patient', doctor: 'doctor', admin: 'admin', pharmacist: 'pharmacist' },
    actions: { save: 'Save', cancel: 'Cancel', confirm: 'Confirm', delete: 'Delete', update: 'Update', back: 'Back', loadMore: 'Load More' },
    messages: { enterDetails: 'Please enter your details', enterAllFields: 'Enter all Fields', loggedOut: 'You are logged out' },
    // What a form says beside a field it cannot take (shared by the forms that ask for the same things).
    fields: {
      nameRequired: 'Enter your name', emailRequired: 'Enter your email', emailInvalid: 'Enter a valid email address',
      phoneRequired: 'Enter a mobile number, like 01712345678', messageRequired: 'Write your message', chooseOne: 'Choose one of the options',
      tooLong: 'At most {{max}} characters',
    },
    splash: { title: 'Nirog', subtitle: 'Free of disease · নীরোগ' },
    pager: { label: 'Pages', first: '1st', prev: 'Prev', next: 'Next', last: 'Last', pageOf: 'Page {{page}} of {{count}}' },
    dialog: { close: 'Close' },
    a11y: { skipToContent: 'Skip to content', mainNav: 'Main', accountNav: 'Account' },
    picture: { photoOf: 'Photo of {{name}}', packOf: 'Pack of {{name}}' },
    stars: 'Rated {{value}} out of 5',
    doctorTitle: { Dr: 'Dr.', ProfDr: 'Prof. Dr.', AssProfDr: 'Ass.Prof. Dr.', AssocProfDr: 'Assoc.Prof. Dr.' },
    areas: {
      Uttara: 'Uttara', Dhanmondi: 'Dhanmondi', Mirpur: 'Mirpur', Banani: 'Banani', Gulshan: 'Gulshan', Mohammadpur: 'Mohammadpur',
      Motijheel: 'Motijheel', Badda: 'Badda', Bashundhara: 'Bashundhara', OldDhaka: 'Old Dhaka',
    },
  },
  bn: {
    brand: 'নীরোগ',
    tagline: 'বাংলাদেশের স্বাস্থ্যসেবা',
    nav: {
      home: 'হোম', consultations: 'পরামর্শ', doctors: 'ডাক্তার', nurses: 'নার্স', medicine: 'ওষুধ অর্ডার',
      insurance: 'বিমা', bloods: 'রক্ত খুঁজুন', ambulance: 'অ্যাম্বুলেন্স খুঁজুন', forDoctors: 'ডাক্তারদের জন্য',
      login: 'লগ ইন', doctorLogin: 'ডাক্তার লগইন', logout: 'লগ আউট', hello: 'হ্যালো, {{name}}', cart: 'কার্ট',
      menu: 'মেনু', myProfile: 'আমার প্রোফাইল', language: 'English', languageHint: 'সাইটটি ইংরেজিতে দেখুন',
    },
    footer: {
      services: 'সেবা', onlineConsultant: 'অনলাইন পরামর্শ', blood: 'রক্ত', nurses: 'নার্স', about: 'আমাদের সম্পর্কে',
      contact: 'যোগাযোগ', developers: 'ডেভেলপার (এপিআই)', legal: 'আইনি', terms: 'ব্যবহারের শর্তাবলী', privacy: 'গোপনীয়তা নীতি', cookie: 'কুকি নীতি',
      copyright: '© {{year}} নীরোগ। বাংলাদেশের স্বাস্থ্যসেবা।',
    },
    state: {
      loading: 'লোড হচ্ছে…', wait: 'একটু অপেক্ষা করুন', retry: 'আবার চেষ্টা করুন', empty: 'এখনো কিছু নেই',
      notAllowed: 'এই পাতাটি দেখার অনুমতি আপনার নেই', notAllowedHint: 'এই পাতাটি {{roles}} অ্যাকাউন্টের জন্য।',
      notFound: 'পাতাটি পাওয়া যায়নি', notFoundHint: 'আপনি যে পাতাটি খুঁজছেন সেটি নেই।', backHome: 'হোমে ফিরুন',
      comingSoon: 'এই পাতাটি আসছে', comingSoonHint: 'এটি একটি নির্মাণাধীন ফিচারের অংশ।',
      unexpected: 'অপ্রত্যাশিত ত্রুটি!', chunkFailed: 'পাতার অংশ লোড হয়নি। আবার লোড করুন।', reload: 'আবার লোড করুন',
    },
    roles: { user: 'রোগী', doctor: 'ডাক্তার', admin: 'অ্যাডমিন', pharmacist: 'ফার্মাসিস্ট' },
    actions: { save: 'সংরক্ষণ', cancel: 'বাতিল', confirm: 'নিশ্চিত করুন', delete: 'মুছুন', update: 'হালনাগাদ', back: 'ফিরে যান', loadMore: 'আরও দেখুন' },
    messages: { enterDetails: 'অনুগ্রহ করে আপনার তথ্য দিন', enterAllFields: 'সব ঘর পূরণ করুন', loggedOut: 'আপনি লগ আউট করেছেন' },
    fields: {
      nameRequired: 'আপনার নাম দিন', emailRequired: 'আপনার ইমেইল দিন', emailInvalid: 'সঠিক ইমেইল ঠিকানা দিন',
      phoneRequired: 'একটি মোবাইল নম্বর দিন, যেমন ০১৭১২৩৪৫৬৭৮', messageRequired: 'আপনার বার্তা লিখুন', chooseOne: 'একটি বিকল্প বেছে নিন',
      tooLong: 'সর্বোচ্চ {{max}} অক্ষর',
    },
    splash: { title: 'নীরোগ', subtitle: 'রোগমুক্ত জীবন · Nirog' },
    pager: { label: 'পাতা', first: 'প্রথম', prev: 'আগের', next: 'পরের', last: 'শেষ', pageOf: 'পাতা {{page}} / {{count}}' },
    dialog: { close: 'বন্ধ করুন' },
    a11y: { skipToContent: 'মূল অংশে যান', mainNav: 'প্রধান', accountNav: 'অ্যাকাউন্ট' },
    picture: { photoOf: '{{name}}-এর ছবি', packOf: '{{name}}-এর প্যাকেট' },
    stars: '৫-এর মধ্যে {{value}} রেটিং',
    doctorTitle: { Dr: 'ডা.', ProfDr: 'অধ্যাপক ডা.', AssProfDr: 'সহকারী অধ্যাপক ডা.', AssocProfDr: 'সহযোগী অধ্যাপক ডা.' },
    areas: {
      Uttara: 'উত্তরা', Dhanmondi: 'ধানমন্ডি', Mirpur: 'মিরপুর', Banani: 'বনানী', Gulshan: 'গুলশান', Mohammadpur: 'মোহাম্মদপুর',
      Motijheel: 'মতিঝিল', Badda: 'বাড্ডা', Bashundhara: 'বসুন্ধরা', OldDhaka: 'পুরান ঢাকা',
    },
  },
};
