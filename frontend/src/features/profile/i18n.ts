import { registerTranslations } from '@/i18n';

registerTranslations('profile', {
  en: {
    myProfile: 'My Profile', updateProfile: 'Update Profile', updateYourInfo: 'Update Your Info', name: 'Name', email: 'Email',
    gender: 'Gender', phone: 'Phone', birthdate: 'Birthdate', birthdateRequired: 'Choose your birthdate', whatName: 'What is your Name?', selectGender: 'Select Gender',
    male: 'Male', female: 'Female', enterPhone: 'Enter Your Phone Number', update: 'Update', infoUpdated: 'Your Info Updated',
    photo: 'Photo', changePhoto: 'Change photo', photoUpdated: 'Photo updated', online: 'Online', offline: 'Offline',
    onlineSwitch: 'Available for consultations now', degree: 'Degree', specialities: 'Specialities', work: 'Works at',
    experience: 'Experience', years: '{{count}} years', fee: 'Consultation fee', location: 'Location', bmdc: 'BMDC number',
    nid: 'National ID', type: 'Type', medical: 'Medical', dental: 'Dental', status: 'Account status', rating: 'Rating', reviews_one: '{{count}} review', reviews_other: '{{count}} reviews',
    professional: 'Professional profile', displayOnly: 'Your professional details are checked by Nirog. To change them, contact an admin.',
    pending: 'Waiting for approval', approved: 'Approved', rejected: 'Not approved', notVerified: 'Email not verified yet',
  },
  bn: {
    myProfile: 'আমার প্রোফাইল', updateProfile: 'প্রোফাইল হালনাগাদ', updateYourInfo: 'আপনার তথ্য হালনাগাদ করুন', name: 'নাম', email: 'ইমেইল',
    gender: 'লিঙ্গ', phone: 'ফোন', birthdate: 'জন্মতারিখ', birthdateRequired: 'আপনার জন্মতারিখ বেছে নিন', whatName: 'আপনার নাম কী?', selectGender: 'লিঙ্গ বাছাই করুন',
    male: 'পুরুষ', female: 'নারী', enterPhone: 'আপনার ফোন নম্বর দিন', update: 'হালনাগাদ', infoUpdated: 'আপনার তথ্য হালনাগাদ হয়েছে',
    photo: 'ছবি', changePhoto: 'ছবি বদলান', photoUpdated: 'ছবি হালনাগাদ হয়েছে', online: 'অনলাইন', offline: 'অফলাইন',
    onlineSwitch: 'এখন পরামর্শের জন্য প্রস্তুত', degree: 'ডিগ্রি', specialities: 'বিশেষজ্ঞতা', work: 'কর্মস্থল',
    experience: 'অভিজ্ঞতা', years: '{{count}} বছর', fee: 'পরামর্শ ফি', location: 'এলাকা', bmdc: 'বিএমডিসি নম্বর',
    nid: 'জাতীয় পরিচয়পত্র', type: 'ধরন', medical: 'মেডিকেল', dental: 'ডেন্টাল', status: 'অ্যাকাউন্টের অবস্থা', rating: 'রেটিং', reviews_one: '{{count}}টি রিভিউ', reviews_other: '{{count}}টি রিভিউ',
    professional: 'পেশাগত প্রোফাইল', displayOnly: 'আপনার পেশাগত তথ্য নীরোগ যাচাই করে। পরিবর্তন করতে অ্যাডমিনের সাথে যোগাযোগ করুন।',
    pending: 'অনুমোদনের অপেক্ষায়', approved: 'অনুমোদিত', rejected: 'অনুমোদিত হয়নি', notVerified: 'ইমেইল এখনো যাচাই হয়নি',
  },
});
