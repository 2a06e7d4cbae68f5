import { registerTranslations } from '@/i18n';

/** Strings of the home sections from the care issue (best nurses, partners, qualities, insurance articles). */
registerTranslations('homeCare', {
  en: {
    bestNurses: 'Our Best Nurses', noNurses: 'No Doctors Found', wait: 'please wait a sec', loadMore: 'Load More', perVisit: '{{amount}} per visit',
    partners: 'Our Partners', qualities: 'Why Nirog',
    q1t: 'Verified professionals', q1: 'Every doctor is checked against the BMDC register and every nurse against the BNMC register before listing.',
    q2t: 'Care at home', q2: 'Video consultations, home-care nurses and medicine delivered to your door, in Dhaka and beyond.',
    q3t: 'Fair, clear prices', q3: 'Fees are shown in taka before you book, and you pay only what the server priced.',
    q4t: 'In Bangla and English', q4: 'Every screen speaks both languages; switch at any time from the header.',
    insurance: 'Health insurance, explained', readAll: 'Read all and apply',
  },
  bn: {
    bestNurses: 'আমাদের সেরা নার্স', noNurses: 'কোনো নার্স পাওয়া যায়নি', wait: 'একটু অপেক্ষা করুন', loadMore: 'আরও দেখুন', perVisit: 'প্রতি ভিজিট {{amount}}',
    partners: 'আমাদের সহযোগী', qualities: 'কেন নীরোগ',
    q1t: 'যাচাই করা পেশাদার', q1: 'তালিকায় আসার আগে প্রতিটি ডাক্তারের বিএমডিসি ও নার্সের বিএনএমসি নিবন্ধন যাচাই করা হয়।',
    q2t: 'বাসায় সেবা', q2: 'ভিডিও পরামর্শ, হোম-কেয়ার নার্স আর দরজায় ওষুধ — ঢাকা ও তার বাইরে।',
    q3t: 'ন্যায্য, স্পষ্ট দাম', q3: 'বুক করার আগেই টাকায় ফি দেখানো হয়, আর আপনি শুধু সার্ভারের নির্ধারিত দামই দেন।',
    q4t: 'বাংলা ও ইংরেজিতে', q4: 'প্রতিটি পাতা দুই ভাষায়; হেডার থেকে যেকোনো সময় বদলান।',
    insurance: 'স্বাস্থ্য বিমা, সহজ ভাষায়', readAll: 'সব পড়ুন ও আবেদন করুন',
  },
});
