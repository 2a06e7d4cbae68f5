import { registerTranslations } from '@/i18n';

registerTranslations('doctors', {
  en: {
    doctors: 'Doctors', filters: 'Filters', onlineNow: 'Online Now', gender: 'Gender', fees: 'Fees', ratings: 'Ratings', speciality: 'Speciality',
    search: 'Name, speciality, hospital or what you feel (chest pain, fever)', resetFilter: 'Reset Filter', noDoctors: 'No Doctors Found', online: 'Online',
    offline: 'Offline', worksAt: 'Works at', experience_one: '{{count}} year experience', experience_other: '{{count}} years experience',
    totalRatings_one: '{{count}} rating', totalRatings_other: '{{count}} ratings', fee: 'Fees', perConsultation: 'per consultation',
    viewProfile: 'View profile', results_one: '{{count}} doctor',
    results_other: '{{count}} doctors', sort: 'Sort', sortRecommended: 'Recommended', sortRating: 'Best rated', sortFeeAsc: 'Fee: low to high',
    sortFeeDesc: 'Fee: high to low', sortExperience: 'Most experienced', location: 'Location', experienceYears: 'Experience (years)',
    male: 'Male', female: 'Female', filtersButton: 'Filters', apply: 'Show doctors',
    searchButton: 'Search', didYouMean: 'Did you mean:',
    // Filter options by the server's ids (doctorFilterOptions); its English titles are for the REST door.
    statusOptionTrue: 'Online Now', statusOptionFalse: 'Offline', anyOnline: 'Online or not', anyRating: 'Any rating', ratingAtLeast_one: '{{count}} star & up', ratingAtLeast_other: '{{count}} stars & up',
    feeUpTo500: 'Up to 500 BDT', feeFrom501To1000: '501 - 1000 BDT', feeFrom1001To1500: '1001 - 1500 BDT', feeFrom1501To2000: '1501 - 2000 BDT', feeAbove2000: 'Above 2000 BDT',
  },
  bn: {
    doctors: 'ডাক্তার', filters: 'ফিল্টার', onlineNow: 'এখন অনলাইনে', gender: 'লিঙ্গ', fees: 'ফি', ratings: 'রেটিং', speciality: 'বিশেষজ্ঞতা',
    search: 'নাম, বিশেষজ্ঞতা, হাসপাতাল বা সমস্যা (বুকে ব্যথা, জ্বর)', resetFilter: 'ফিল্টার মুছুন', noDoctors: 'কোনো ডাক্তার পাওয়া যায়নি', online: 'অনলাইন',
    offline: 'অফলাইন', worksAt: 'কর্মস্থল', experience: '{{count}} বছরের অভিজ্ঞতা', totalRatings_one: '{{count}}টি রেটিং',
    totalRatings_other: '{{count}}টি রেটিং', fee: 'ফি', perConsultation: 'প্রতি পরামর্শ',
    viewProfile: 'প্রোফাইল দেখুন', results: '{{count}} জন ডাক্তার', sort: 'সাজান', sortRecommended: 'প্রস্তাবিত',
    sortRating: 'সেরা রেটিং', sortFeeAsc: 'ফি: কম থেকে বেশি', sortFeeDesc: 'ফি: বেশি থেকে কম', sortExperience: 'সবচেয়ে অভিজ্ঞ', location: 'এলাকা',
    experienceYears: 'অভিজ্ঞতা (বছর)', male: 'পুরুষ', female: 'নারী',
    filtersButton: 'ফিল্টার', apply: 'ডাক্তার দেখুন', searchButton: 'খুঁজুন', didYouMean: 'আপনি কি খুঁজছেন:', statusOptionTrue: 'এখন অনলাইনে', statusOptionFalse: 'অফলাইন',
    anyOnline: 'অনলাইন বা অফলাইন', anyRating: 'যেকোনো রেটিং', ratingAtLeast: '{{count}} তারা ও তার বেশি', feeUpTo500: '৫০০ টাকা পর্যন্ত',
    feeFrom501To1000: '৫০১ - ১০০০ টাকা', feeFrom1001To1500: '১০০১ - ১৫০০ টাকা', feeFrom1501To2000: '১৫০১ - ২০০০ টাকা', feeAbove2000: '২০০০ টাকার বেশি',
  },
});
