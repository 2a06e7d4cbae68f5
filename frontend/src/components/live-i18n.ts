import { registerTranslations } from '@/i18n';

// The live badge's words (components/LiveBadge.tsx), loaded with the screens that listen.
registerTranslations('live', {
  en: {
    live: 'Live', connecting: 'Connecting…', polling: 'Updating every {{seconds}} s',
    liveHint: 'Changes appear here as they happen', pollingHint: 'Live updates cannot reach this device now: this page asks again every {{seconds}} seconds',
  },
  bn: {
    live: 'লাইভ', connecting: 'সংযোগ হচ্ছে…', polling: 'প্রতি {{seconds}} সেকেন্ডে হালনাগাদ',
    liveHint: 'পরিবর্তন হওয়া মাত্র এখানে দেখা যাবে', pollingHint: 'এই ডিভাইসে এখন লাইভ হালনাগাদ পৌঁছাচ্ছে না: পাতাটি প্রতি {{seconds}} সেকেন্ডে আবার খোঁজ নেয়',
  },
});
