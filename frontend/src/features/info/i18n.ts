import { registerTranslations } from '@/i18n';

registerTranslations('info', {
  en: {
    insurance: {
      title: 'Health insurance', articles: 'Learn about health insurance', formTitle: 'Apply for insurance', name: 'Name', email: 'Email',
      phone: 'Phone', gender: 'Gender', selectGender: 'Select Gender', male: 'Male', female: 'Female', apply: 'Apply Insurance',
      applied: 'Send successfully. Our insurance partner will call you within two working days.', noArticles: 'No articles yet', readMore: 'Read more', readLess: 'Show less',
    },
    ambulance: {
      title: 'Find Ambulance', subtitle: 'Call an ambulance directly. In a life-threatening emergency call 999.', area: 'Area', allAreas: 'All areas',
      call: 'Call {{phone}}', none: 'No ambulance service found in this area', open24: 'Open 24 hours', dayOnly: 'Daytime service',
      type: { AC: 'AC', NonAC: 'Non-AC', ICU: 'ICU', Freezer: 'Freezer' },
    },
    about: {
      title: 'About Nirog',
      p1: 'Nirog (নীরোগ, "free of disease") brings Bangladesh\'s doctors, nurses and pharmacies to your phone. Patients talk to BMDC-registered doctors by video, book hospital visits, hire home-care nurses and order medicine paid with bKash or Nagad.',
      p2: 'Every doctor is checked against the Bangladesh Medical & Dental Council register before they are listed. Nurses are registered with the Bangladesh Nursing and Midwifery Council and visit homes in Dhaka.',
      p3: 'We started in Dhaka and are growing across the country. Questions, ideas or complaints are welcome on the contact page.',
    },
    contact: {
      title: 'Contact', intro: 'Write to us and we will answer by email within one working day.', name: 'Name', email: 'Email', subject: 'Subject (optional)',
      message: 'Message', send: 'Send', sent: 'Send successfully', address: 'House 12, Road 7, Dhanmondi, Dhaka 1205', hotline: 'Hotline: 09610-000000',
    },
    chat: {
      title: 'Chat with Nirog', placeholder: 'Type a message…', send: 'Send', demo: 'This chat is a preview; replies are not live yet.',
      m1: 'Assalamu alaikum! How can we help you today?', m2: 'I need a nurse for my father in Mirpur for next week.',
      m3: 'Certainly. You can choose a nurse on the Nurses page and pick the date; we confirm within a few hours.',
    },
    inbox: { title: 'Requests and messages', blood: 'Blood requests', insurance: 'Insurance applications', contact: 'Contact messages', bloodTab: 'Blood', insuranceTab: 'Insurance', contactTab: 'Messages', empty: 'Nothing received yet', name: 'Name', phone: 'Phone', group: 'Group', area: 'Area', gender: 'Gender', message: 'Message', received: 'Received' },
    soon: { title: 'Coming Soon', subtitle: 'This service opens in', days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
  },
  bn: {
    insurance: {
      title: 'স্বাস্থ্য বিমা', articles: 'স্বাস্থ্য বিমা সম্পর্কে জানুন', formTitle: 'বিমার জন্য আবেদন', name: 'নাম', email: 'ইমেইল',
      phone: 'ফোন', gender: 'লিঙ্গ', selectGender: 'লিঙ্গ বাছাই করুন', male: 'পুরুষ', female: 'নারী', apply: 'বিমার আবেদন করুন',
      applied: 'সফলভাবে পাঠানো হয়েছে। আমাদের বিমা সহযোগী দুই কর্মদিবসের মধ্যে আপনাকে ফোন করবেন।', noArticles: 'এখনো কোনো লেখা নেই', readMore: 'আরও পড়ুন', readLess: 'কম দেখুন',
    },
    ambulance: {
      title: 'অ্যাম্বুলেন্স খুঁজুন', subtitle: 'সরাসরি অ্যাম্বুলেন্সে ফোন করুন। জীবন-সংকটে ৯৯৯-এ ফোন করুন।', area: 'এলাকা', allAreas: 'সব এলাকা',
      call: 'কল {{phone}}', none: 'এই এলাকায় কোনো অ্যাম্বুলেন্স সেবা পাওয়া যায়নি', open24: '২৪ ঘণ্টা খোলা', dayOnly: 'দিনের সেবা',
      type: { AC: 'এসি', NonAC: 'নন-এসি', ICU: 'আইসিইউ', Freezer: 'ফ্রিজার' },
    },
    about: {
      title: 'নীরোগ সম্পর্কে',
      p1: 'নীরোগ বাংলাদেশের ডাক্তার, নার্স ও ফার্মেসিকে আপনার ফোনে নিয়ে আসে। রোগীরা বিএমডিসি নিবন্ধিত ডাক্তারের সাথে ভিডিওতে কথা বলেন, হাসপাতালে অ্যাপয়েন্টমেন্ট নেন, হোম-কেয়ার নার্স নেন এবং বিকাশ বা নগদে ওষুধ কেনেন।',
      p2: 'তালিকায় আসার আগে প্রতিটি ডাক্তারের নিবন্ধন বাংলাদেশ মেডিকেল অ্যান্ড ডেন্টাল কাউন্সিলে যাচাই করা হয়। নার্সরা বাংলাদেশ নার্সিং ও মিডওয়াইফারি কাউন্সিলে নিবন্ধিত এবং ঢাকায় বাসায় গিয়ে সেবা দেন।',
      p3: 'আমরা ঢাকায় শুরু করেছি এবং সারা দেশে বাড়ছি। প্রশ্ন, পরামর্শ বা অভিযোগ যোগাযোগ পাতায় জানান।',
    },
    contact: {
      title: 'যোগাযোগ', intro: 'আমাদের লিখুন, এক কর্মদিবসের মধ্যে ইমেইলে উত্তর দেব।', name: 'নাম', email: 'ইমেইল', subject: 'বিষয় (ঐচ্ছিক)',
      message: 'বার্তা', send: 'পাঠান', sent: 'সফলভাবে পাঠানো হয়েছে', address: 'বাড়ি ১২, সড়ক ৭, ধানমন্ডি, ঢাকা ১২০৫', hotline: 'হটলাইন: ০৯৬১০-০০০০০০',
    },
    chat: {
      title: 'নীরোগের সাথে চ্যাট', placeholder: 'বার্তা লিখুন…', send: 'পাঠান', demo: 'এই চ্যাটটি একটি নমুনা; এখনো সরাসরি উত্তর আসে না।',
      m1: 'আসসালামু আলাইকুম! আজ কীভাবে সাহায্য করতে পারি?', m2: 'আগামী সপ্তাহে মিরপুরে আমার বাবার জন্য একজন নার্স দরকার।',
      m3: 'অবশ্যই। নার্স পাতায় একজন নার্স ও তারিখ বেছে নিন; কয়েক ঘণ্টার মধ্যে আমরা নিশ্চিত করব।',
    },
    inbox: { title: 'অনুরোধ ও বার্তা', blood: 'রক্তের অনুরোধ', insurance: 'বিমার আবেদন', contact: 'যোগাযোগের বার্তা', bloodTab: 'রক্ত', insuranceTab: 'বিমা', contactTab: 'বার্তা', empty: 'এখনো কিছু আসেনি', name: 'নাম', phone: 'ফোন', group: 'গ্রুপ', area: 'এলাকা', gender: 'লিঙ্গ', message: 'বার্তা', received: 'পাওয়া গেছে' },
    soon: { title: 'শীঘ্রই আসছে', subtitle: 'এই সেবা চালু হবে', days: 'দিন', hours: 'ঘণ্টা', minutes: 'মিনিট', seconds: 'সেকেন্ড' },
  },
});
