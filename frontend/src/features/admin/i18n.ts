import { registerTranslations } from '@/i18n';

registerTranslations('admin', {
  en: {
    pendingDoctors: 'Doctors waiting for approval', noPending: 'No doctor found !', photo: 'Photo', name: 'Name', email: 'Email',
    phone: 'Phone', degree: 'Degree', specialities: 'Specialities', work: 'Works at', bmdc: 'BMDC', nid: 'NID', registered: 'Registered',
    actions: 'Actions', approve: 'Approve', reject: 'Reject', approveConfirm: 'Approve this doctor? They will be listed and can log in.',
    rejectConfirm: 'Reject this registration? The doctor will not be able to log in.', approved: 'Doctor approved', rejected: 'Registration rejected',
    first: '1st', prev: 'Prev', next: 'Next', last: 'Last', pageOf: 'Page {{page}} of {{count}}',
  },
  bn: {
    pendingDoctors: 'অনুমোদনের অপেক্ষায় ডাক্তার', noPending: 'কোনো ডাক্তার পাওয়া যায়নি!', photo: 'ছবি', name: 'নাম', email: 'ইমেইল',
    phone: 'ফোন', degree: 'ডিগ্রি', specialities: 'বিশেষজ্ঞতা', work: 'কর্মস্থল', bmdc: 'বিএমডিসি', nid: 'এনআইডি', registered: 'নিবন্ধন',
    actions: 'কাজ', approve: 'অনুমোদন', reject: 'বাতিল', approveConfirm: 'এই ডাক্তারকে অনুমোদন দেবেন? তিনি তালিকায় আসবেন ও লগইন করতে পারবেন।',
    rejectConfirm: 'এই নিবন্ধন বাতিল করবেন? ডাক্তার লগইন করতে পারবেন না।', approved: 'ডাক্তার অনুমোদিত', rejected: 'নিবন্ধন বাতিল',
    first: 'প্রথম', prev: 'আগের', next: 'পরের', last: 'শেষ', pageOf: 'পাতা {{page}} / {{count}}',
  },
});
