import { registerTranslations } from '@/i18n';

/**
 * The words of a doctor's own page and its review form, in the 'doctors' namespace beside the list's
 * (i18n.ts): kept out of the /doctors first load, loaded with the doctor's page.
 */
registerTranslations('doctors', {
  en: {
    hospitalVisit: 'Hospital Visit', seeDoctorNow: 'See Doctor Now', reviews: 'Reviews ({{count}})',
    noReviews: 'No Reviews Yet !!!', giveReview: 'Give a review', writePlaceholder: 'Write ...', submit: 'Submit',
    reviewAdded: 'Review Added', reviewUpdated: 'Review Updated', loginToReview: 'Please be Login to Give a Review',
    reviewAfterConsultation: 'You can review this doctor after a finished consultation with them.',
    editReview: 'Edit your review', noDescription: 'This doctor has not written a description yet.',
  },
  bn: {
    hospitalVisit: 'হাসপাতালে দেখা', seeDoctorNow: 'এখনই ডাক্তার দেখান', reviews: 'রিভিউ ({{count}})',
    noReviews: 'এখনো কোনো রিভিউ নেই !!!', giveReview: 'রিভিউ দিন', writePlaceholder: 'লিখুন ...', submit: 'জমা দিন',
    reviewAdded: 'রিভিউ যোগ হয়েছে', reviewUpdated: 'রিভিউ হালনাগাদ হয়েছে', loginToReview: 'রিভিউ দিতে লগইন করুন',
    reviewAfterConsultation: 'এই ডাক্তারের সঙ্গে পরামর্শ শেষ হলে রিভিউ দিতে পারবেন।', editReview: 'আপনার রিভিউ বদলান',
    noDescription: 'এই ডাক্তার এখনো বিবরণ লেখেননি।',
  },
});
