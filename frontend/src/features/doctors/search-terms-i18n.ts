import { registerTranslations } from '@/i18n';

/** The words of the admin's search terms screen (pages/AdminSearchTermsPage.tsx), loaded with it. */
registerTranslations('searchTerms', {
  en: {
    title: 'Search words and complaints',
    intro: 'A patient who types one of these finds the doctors of its specialities. Write them as patients type: English, Bangla or Banglish; spellings that read the same are one word.',
    search: 'Find a word', anyKind: 'Words and complaints', anySpeciality: 'Any speciality', kind: 'Kind', term: 'Word or complaint',
    specialities: 'Leads to', changed: 'Changed', actions: 'Actions', add: 'Add a word', edit: 'Edit', delete: 'Delete', save: 'Save',
    deleteQuestion: 'Delete “{{term}}”?', saved: 'Saved', deleted: 'Deleted', empty: 'No search words', required: 'Enter all Fields',
    termHint: 'For example: chest pain, heart, fever (in Bangla too)', specialitiesHint: 'The most fitting first, at most five',
    kinds: { Word: 'Body part or field', Complaint: 'Complaint' },
  },
  bn: {
    title: 'খোঁজার শব্দ ও সমস্যা',
    intro: 'রোগী এগুলোর কোনোটি লিখে খুঁজলে সংশ্লিষ্ট বিশেষজ্ঞতার ডাক্তাররা আসবেন। রোগীরা যেভাবে লেখেন সেভাবে লিখুন: ইংরেজি, বাংলা বা ইংরেজি হরফে বাংলা; একই উচ্চারণের বানানগুলো একই শব্দ।',
    search: 'শব্দ খুঁজুন', anyKind: 'শব্দ ও সমস্যা', anySpeciality: 'যেকোনো বিশেষজ্ঞতা', kind: 'ধরন', term: 'শব্দ বা সমস্যা',
    specialities: 'যেখানে নিয়ে যায়', changed: 'বদলানো হয়েছে', actions: 'কাজ', add: 'শব্দ যোগ করুন', edit: 'বদলান', delete: 'মুছুন', save: 'সংরক্ষণ',
    deleteQuestion: '“{{term}}” মুছবেন?', saved: 'সংরক্ষণ হয়েছে', deleted: 'মুছে ফেলা হয়েছে', empty: 'কোনো খোঁজার শব্দ নেই', required: 'সব ঘর পূরণ করুন',
    termHint: 'যেমন: বুকে ব্যথা, হৃদয়, জ্বর', specialitiesHint: 'সবচেয়ে মানানসইটি আগে, অনধিক পাঁচটি',
    kinds: { Word: 'অঙ্গ বা চিকিৎসার শাখা', Complaint: 'সমস্যা' },
  },
});
