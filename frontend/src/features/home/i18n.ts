import { registerTranslations } from '@/i18n';

registerTranslations('home', {
  en: {
    heading: 'Your doctor, nurse and medicine, a tap away',
    paragraph: 'Talk to a BMDC-registered doctor by video today, book a hospital visit, hire a home-care nurse, order medicine and pay with bKash or Nagad.',
    getAppointment: 'Get Appointment', learnMore: 'Learn more',
    search: 'A doctor, a speciality, what you feel or a medicine', searchButton: 'Search',
    banner: 'New: consultations with specialists from across Bangladesh, in Bangla. Read about Nirog →',
  },
  bn: {
    heading: 'ডাক্তার, নার্স আর ওষুধ — এক ট্যাপেই',
    paragraph: 'আজই বিএমডিসি নিবন্ধিত ডাক্তারের সাথে ভিডিওতে কথা বলুন, হাসপাতালে অ্যাপয়েন্টমেন্ট নিন, হোম-কেয়ার নার্স নিন, ওষুধ অর্ডার করুন আর বিকাশ বা নগদে পরিশোধ করুন।',
    getAppointment: 'অ্যাপয়েন্টমেন্ট নিন', learnMore: 'আরও জানুন',
    search: 'ডাক্তার, বিশেষজ্ঞতা, আপনার সমস্যা বা ওষুধ', searchButton: 'খুঁজুন',
    banner: 'নতুন: সারা বাংলাদেশের বিশেষজ্ঞ ডাক্তারদের সাথে বাংলায় পরামর্শ। নীরোগ সম্পর্কে পড়ুন →',
  },
});
