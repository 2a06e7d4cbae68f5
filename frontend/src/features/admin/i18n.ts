import { registerTranslations } from '@/i18n';

registerTranslations('admin', {
  en: {
    pendingDoctors: 'Doctors waiting for approval', noPending: 'No doctor found !', photo: 'Photo', name: 'Name', email: 'Email',
    phone: 'Phone', degree: 'Degree', specialities: 'Specialities', work: 'Works at', bmdc: 'BMDC', nid: 'NID', registered: 'Registered',
    actions: 'Actions', approve: 'Approve', reject: 'Reject', approveConfirm: 'Approve this doctor? They will be listed and can log in.',
    rejectConfirm: 'Reject this registration? The doctor will not be able to log in.', approved: 'Doctor approved', rejected: 'Registration rejected',
    first: '1st', prev: 'Prev', next: 'Next', last: 'Last', pageOf: 'Page {{page}} of {{count}}',
    allUsers: 'All Users', noUsers: 'No Users Found', search: 'Search by name, email or phone', role: 'Role', allRoles: 'All roles',
    sort: 'Sort', newest: 'Newest first', oldest: 'Oldest first', byName: 'Name', byEmail: 'Email', joined: 'Joined', verified: 'Verified',
    exportCsv: 'Export CSV', deleteUser: 'Delete', deleteConfirm: 'Delete this account? Personal data is removed; orders and prescriptions stay.',
    userDeleted: 'User Delete Successful', roles: { User: 'Patient', Doctor: 'Doctor', Admin: 'Admin' }, yes: 'Yes', no: 'No',
    auditLog: 'Audit Log', noAudit: 'No audit entries', when: 'When', who: 'Who', action: 'Action', record: 'Record', from: 'From',
    details: 'Details', filterAction: 'Filter by action', filterRecord: 'Record id', appendOnly: 'Entries cannot be changed or deleted.',
  },
  bn: {
    pendingDoctors: 'অনুমোদনের অপেক্ষায় ডাক্তার', noPending: 'কোনো ডাক্তার পাওয়া যায়নি!', photo: 'ছবি', name: 'নাম', email: 'ইমেইল',
    phone: 'ফোন', degree: 'ডিগ্রি', specialities: 'বিশেষজ্ঞতা', work: 'কর্মস্থল', bmdc: 'বিএমডিসি', nid: 'এনআইডি', registered: 'নিবন্ধন',
    actions: 'কাজ', approve: 'অনুমোদন', reject: 'বাতিল', approveConfirm: 'এই ডাক্তারকে অনুমোদন দেবেন? তিনি তালিকায় আসবেন ও লগইন করতে পারবেন।',
    rejectConfirm: 'এই নিবন্ধন বাতিল করবেন? ডাক্তার লগইন করতে পারবেন না।', approved: 'ডাক্তার অনুমোদিত', rejected: 'নিবন্ধন বাতিল',
    first: 'প্রথম', prev: 'আগের', next: 'পরের', last: 'শেষ', pageOf: 'পাতা {{page}} / {{count}}',
    allUsers: 'সব ব্যবহারকারী', noUsers: 'কোনো ব্যবহারকারী পাওয়া যায়নি', search: 'নাম, ইমেইল বা ফোন দিয়ে খুঁজুন', role: 'ভূমিকা', allRoles: 'সব ভূমিকা',
    sort: 'সাজান', newest: 'নতুন আগে', oldest: 'পুরনো আগে', byName: 'নাম', byEmail: 'ইমেইল', joined: 'যোগদান', verified: 'যাচাইকৃত',
    exportCsv: 'CSV ডাউনলোড', deleteUser: 'মুছুন', deleteConfirm: 'অ্যাকাউন্টটি মুছবেন? ব্যক্তিগত তথ্য মুছে যাবে; অর্ডার ও প্রেসক্রিপশন থাকবে।',
    userDeleted: 'ব্যবহারকারী মুছে ফেলা হয়েছে', roles: { User: 'রোগী', Doctor: 'ডাক্তার', Admin: 'অ্যাডমিন' }, yes: 'হ্যাঁ', no: 'না',
    auditLog: 'অডিট লগ', noAudit: 'কোনো অডিট নেই', when: 'কখন', who: 'কে', action: 'কাজ', record: 'রেকর্ড', from: 'কোথা থেকে',
    details: 'বিস্তারিত', filterAction: 'কাজ দিয়ে খুঁজুন', filterRecord: 'রেকর্ড আইডি', appendOnly: 'এন্ট্রি বদলানো বা মোছা যায় না।',
  },
});
