import { registerTranslations } from '@/i18n';

/**
 * The doctors' words for the admin's doctor screens, the patient's review form and the consultation
 * page: merged into the 'doctors' namespace by the screens that use them, so that /doctors' first load
 * (the list, its filters) and a doctor's page do not carry them.
 */
registerTranslations('doctors', {
  en: {
    selectSpeciality: 'Please select a speaciality', giveReview: 'Give a review', writePlaceholder: 'Write ...', reviewAdded: 'Review Added',
    reviewUpdated: 'Review Updated', reviewAfterConsultation: 'You can review this doctor after a finished consultation with them.',
    editReview: 'Edit your review', allDoctors: 'All Doctors', createDoctor: 'Create Doctor', updateDoctor: 'Update Doctor', name: 'Name', email: 'Email',
    phone: 'Phone', phoneHint: 'A Bangladeshi mobile number, like 01712345678', medical: 'Medical', dental: 'Dental',
    specialitiesExample: 'Cardiology, Medicine', degree: 'Degree', specialities: 'Specialities', work: 'Works at', description: 'Description',
    title: 'Title', feesBdt: 'Fees (BDT)', bmdc: 'BMDC number', nid: 'NID (optional)', type: 'Type', capacity: 'Hospital visits per slot', update: 'Update',
    create: 'Create', images: 'Image', createSuccess: 'Create Doctor Successful', updateSuccess: 'Update Doctor Successful',
    noDoctorFound: 'No doctor found !', statusApproved: 'Approved', statusPending: 'Pending', statusRejected: 'Rejected', anyStatus: 'Any status',
    pendingLink: 'Doctors waiting for approval', required: 'Enter all Fields', status: 'Status', actions: 'Actions', chooseImage: 'Choose image',
  },
  bn: {
    selectSpeciality: 'একটি বিশেষজ্ঞতা বেছে নিন', giveReview: 'রিভিউ দিন', writePlaceholder: 'লিখুন ...', reviewAdded: 'রিভিউ যোগ হয়েছে',
    reviewUpdated: 'রিভিউ হালনাগাদ হয়েছে', reviewAfterConsultation: 'এই ডাক্তারের সঙ্গে পরামর্শ শেষ হলে রিভিউ দিতে পারবেন।',
    editReview: 'আপনার রিভিউ বদলান', allDoctors: 'সব ডাক্তার', createDoctor: 'ডাক্তার যোগ করুন', updateDoctor: 'ডাক্তার হালনাগাদ', name: 'নাম',
    email: 'ইমেইল', phone: 'ফোন', phoneHint: 'একটি বাংলাদেশি মোবাইল নম্বর, যেমন ০১৭১২৩৪৫৬৭৮', medical: 'মেডিকেল', dental: 'ডেন্টাল',
    specialitiesExample: 'যেমন Cardiology, Medicine (ইংরেজি নাম)', degree: 'ডিগ্রি', specialities: 'বিশেষজ্ঞতা', work: 'কর্মস্থল', description: 'বিবরণ',
    title: 'পদবি', feesBdt: 'ফি (টাকা)', bmdc: 'বিএমডিসি নম্বর', nid: 'এনআইডি (ঐচ্ছিক)', type: 'ধরন', capacity: 'প্রতি স্লটে হাসপাতাল ভিজিট',
    update: 'হালনাগাদ', create: 'তৈরি করুন', images: 'ছবি', createSuccess: 'ডাক্তার যোগ হয়েছে', updateSuccess: 'ডাক্তার হালনাগাদ হয়েছে',
    noDoctorFound: 'কোনো ডাক্তার পাওয়া যায়নি!', statusApproved: 'অনুমোদিত', statusPending: 'অপেক্ষমাণ', statusRejected: 'বাতিল', anyStatus: 'সব অবস্থা',
    pendingLink: 'অনুমোদনের অপেক্ষায় ডাক্তার', required: 'সব ঘর পূরণ করুন', status: 'অবস্থা', actions: 'কাজ', chooseImage: 'ছবি বেছে নিন',
  },
});
