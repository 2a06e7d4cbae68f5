import { registerTranslations } from '@/i18n';

// The words of a prescription line's ledger (DispensingSummary): the prescription, order and
// pharmacist screens load them with the widget.
registerTranslations('widgets', {
  en: {
    dispensing: {
      doses_one: '{{count}} dose', doses_other: '{{count}} doses', packs_one: '{{count}} pack', packs_other: '{{count}} packs',
      dispensed: 'Dispensed {{amount}}', left: '{{amount}} left of {{allowed}}', usedUp: 'Used up ({{allowed}})',
      held: '{{amount}} reserved by an unpaid order',
      refills_one: '{{count}} refill', refills_other: '{{count}} refills', noRefills: 'No refills',
      validUntil: 'Valid until {{date}}', expired: 'Expired {{date}}',
    },
  },
  bn: {
    dispensing: {
      doses_one: '{{count}}টি ডোজ', doses_other: '{{count}}টি ডোজ', packs_one: '{{count}}টি প্যাক', packs_other: '{{count}}টি প্যাক',
      dispensed: 'দেওয়া হয়েছে {{amount}}', left: 'মোট {{allowed}} এর মধ্যে বাকি {{amount}}', usedUp: 'শেষ ({{allowed}})',
      held: '{{amount}} অপরিশোধিত অর্ডারে সংরক্ষিত',
      refills_one: '{{count}} বার রিফিল', refills_other: '{{count}} বার রিফিল', noRefills: 'রিফিল নেই',
      validUntil: '{{date}} পর্যন্ত বৈধ', expired: '{{date}} তারিখে মেয়াদ শেষ',
    },
  },
});
