import { registerTranslations } from '@/i18n';

/**
 * The words of the admin's doctor screens (all doctors, the doctor form), in the 'doctors' namespace
 * beside the public screens' own (i18n.ts): kept out of the /doctors first load, loaded with those screens.
 */
registerTranslations('doctors', {
  en: {
    allDoctors: 'All Doctors', createDoctor: 'Create Doctor', updateDoctor: 'Update Doctor', name: 'Name', email: 'Email', phone: 'Phone',
    phoneHint: 'A Bangladeshi mobile number, like 01712345678', medical: 'Medical', dental: 'Dental', specialitiesExample: 'Cardiology, Medicine',
    degree: 'Degree', specialities: 'Specialities', work: 'Works at', description: 'Description', title: 'Title', feesBdt: 'Fees (BDT)',
    bmdc: 'BMDC number', nid: 'NID (optional)', type: 'Type', capacity: 'Hospital visits per slot', status: 'Status', actions: 'Actions',
    update: 'Update', create: 'Create', images: 'Image', chooseImage: 'Choose image', createSuccess: 'Create Doctor Successful',
    updateSuccess: 'Update Doctor Successful', noDoctorFound: 'No doctor found !', statusApproved: 'Approved', statusPending: 'Pending',
    statusRejected: 'Rejected', anyStatus: 'Any status', pendingLink: 'Doctors waiting for approval',
  },
  bn: {
    allDoctors: 'সব ডাক্তার', createDoctor: 'ডাক্তার যোগ করুন', updateDoctor: 'ডাক্তার হালনাগাদ', name: 'নাম', email: 'ইমেইল', phone: 'ফোন',
    phoneHint: 'একটি বাংলাদেশি মোবাইল নম্বর, যেমন ০১৭১২৩৪৫৬৭৮', medical: 'মেডিকেল', dental: 'ডেন্টাল',
    specialitiesExample: 'যেমন Cardiology, Medicine (ইংরেজি নাম)', degree: 'ডিগ্রি', specialities: 'বিশেষজ্ঞতা', work: 'কর্মস্থল',
    description: 'বিবরণ', title: 'পদবি', feesBdt: 'ফি (টাকা)', bmdc: 'বিএমডিসি নম্বর', nid: 'এনআইডি (ঐচ্ছিক)', type: 'ধরন',
    capacity: 'প্রতি স্লটে হাসপাতাল ভিজিট', status: 'অবস্থা', actions: 'কাজ', update: 'হালনাগাদ', create: 'তৈরি করুন', images: 'ছবি',
    chooseImage: 'ছবি বেছে নিন', createSuccess: 'ডাক্তার যোগ হয়েছে', updateSuccess: 'ডাক্তার হালনাগাদ হয়েছে',
    noDoctorFound: 'কোনো ডাক্তার পাওয়া যায়নি!', statusApproved: 'অনুমোদিত', statusPending: 'অপেক্ষমাণ', statusRejected: 'বাতিল',
    anyStatus: 'সব অবস্থা', pendingLink: 'অনুমোদনের অপেক্ষায় ডাক্তার',
  },
});
