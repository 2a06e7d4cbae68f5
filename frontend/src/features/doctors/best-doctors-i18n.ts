import { registerTranslations } from '@/i18n';

/** The words of the home page's best doctors (components/BestDoctors.tsx), kept out of the /doctors first load. */
registerTranslations('doctors', {
  en: { ourBestDoctors: 'Our Best Doctors', loadMore: 'Load More', pleaseWait: 'please wait a sec' },
  bn: { ourBestDoctors: 'আমাদের সেরা ডাক্তার', loadMore: 'আরও দেখুন', pleaseWait: 'একটু অপেক্ষা করুন' },
});
