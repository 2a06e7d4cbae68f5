import { registerTranslations } from '@/i18n';

registerTranslations('blood', {
  en: {
    title: 'Find Bloods', requestTitle: 'Request blood', name: 'Name', phone: 'Phone', email: 'Email', group: 'Blood group',
    selectGroup: 'Select blood group', area: 'Area (optional)', anyArea: 'Any area of Dhaka', send: 'Send request', sent: 'Send successfully',
    benefitsTitle: 'Why donate blood?',
    benefits: {
      b1: 'One donation can save up to three lives: red cells, plasma and platelets go to different patients.',
      b2: 'Your blood is checked for hepatitis B and C, HIV, syphilis and malaria, free of charge.',
      b3: 'Donating regularly helps keep iron levels in balance and refreshes your blood cells.',
      b4: 'A healthy adult between 18 and 60 years, over 50 kg, can donate every 3 months (90 days).',
    },
    donorsTitle: 'Donors who can give now', donorsHint: 'Matching and compatible donors in your area who last donated at least 90 days ago. Their names and contact details stay private.',
    notified: 'We have sent your request to these donors by email and SMS, with your name and phone number. A donor who can give will call you: keep your phone close.',
    shareNotice: 'Your name and phone number will be sent to the matching donors, so that a donor who can give can call you.',
    noDonors: 'No eligible donor found yet. We keep your request; admins will help you.', donorN: 'Donor {{n}}',
    newRequest: 'New request',
    donorTitle: 'Become a donor', donorHint: 'Join the registry so that people near you can find you when they need blood.',
    lastDonation: 'Last donation date', lastDonationHint: 'Leave empty if you have never donated', available: 'I am available to donate',
    register: 'Register as donor', updateDonor: 'Update', registered: 'You are in the donor registry', loginToDonate: 'Log in to register as a donor',
    eligibleNow: 'You can donate now', notYet: 'You can donate again 90 days after your last donation', login: 'Log in',
  },
  bn: {
    title: 'রক্ত খুঁজুন', requestTitle: 'রক্তের অনুরোধ', name: 'নাম', phone: 'ফোন', email: 'ইমেইল', group: 'রক্তের গ্রুপ',
    selectGroup: 'রক্তের গ্রুপ বাছাই করুন', area: 'এলাকা (ঐচ্ছিক)', anyArea: 'ঢাকার যেকোনো এলাকা', send: 'অনুরোধ পাঠান', sent: 'সফলভাবে পাঠানো হয়েছে',
    benefitsTitle: 'কেন রক্ত দেবেন?',
    benefits: {
      b1: 'একবারের রক্তদান তিনজন পর্যন্ত মানুষের জীবন বাঁচাতে পারে।',
      b2: 'আপনার রক্ত বিনামূল্যে হেপাটাইটিস বি ও সি, এইচআইভি, সিফিলিস ও ম্যালেরিয়ার জন্য পরীক্ষা করা হয়।',
      b3: 'নিয়মিত রক্তদান শরীরে আয়রনের ভারসাম্য রাখে এবং নতুন রক্তকণিকা তৈরিতে সাহায্য করে।',
      b4: '১৮ থেকে ৬০ বছরের সুস্থ, ৫০ কেজির বেশি ওজনের মানুষ প্রতি ৩ মাস (৯০ দিন) পরপর রক্ত দিতে পারেন।',
    },
    donorsTitle: 'এখন রক্ত দিতে পারবেন এমন দাতা', donorsHint: 'আপনার এলাকার মানানসই দাতা, যাঁরা অন্তত ৯০ দিন আগে শেষ রক্ত দিয়েছেন। তাঁদের নাম ও যোগাযোগের তথ্য গোপন থাকে।',
    notified: 'আপনার নাম ও ফোন নম্বরসহ অনুরোধটি এই দাতাদের ইমেইল ও এসএমএসে পাঠানো হয়েছে। যিনি রক্ত দিতে পারবেন, তিনি আপনাকে ফোন করবেন: ফোন কাছে রাখুন।',
    shareNotice: 'আপনার নাম ও ফোন নম্বর মানানসই দাতাদের কাছে পাঠানো হবে, যাতে রক্ত দিতে পারেন এমন দাতা আপনাকে ফোন করতে পারেন।',
    noDonors: 'এখনো উপযুক্ত দাতা পাওয়া যায়নি। আপনার অনুরোধ রাখা হয়েছে; অ্যাডমিন সাহায্য করবেন।', donorN: 'দাতা {{n}}',
    newRequest: 'নতুন অনুরোধ',
    donorTitle: 'রক্তদাতা হোন', donorHint: 'তালিকায় যোগ দিন, যাতে কাছের মানুষ প্রয়োজনে আপনাকে খুঁজে পান।',
    lastDonation: 'শেষ রক্তদানের তারিখ', lastDonationHint: 'কখনো না দিয়ে থাকলে খালি রাখুন', available: 'আমি রক্ত দিতে প্রস্তুত',
    register: 'দাতা হিসেবে নিবন্ধন', updateDonor: 'হালনাগাদ', registered: 'আপনি রক্তদাতার তালিকায় আছেন', loginToDonate: 'রক্তদাতা হতে লগইন করুন',
    eligibleNow: 'আপনি এখন রক্ত দিতে পারবেন', notYet: 'শেষ রক্তদানের ৯০ দিন পরে আবার দিতে পারবেন', login: 'লগ ইন',
  },
});
