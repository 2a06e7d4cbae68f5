import { registerTranslations } from '@/i18n';

/** The words of the search suggestions (components/SearchSuggestions.tsx), loaded with them. */
registerTranslations('search', {
  en: {
    suggestions: 'Suggestions', count_one: '{{count}} suggestion', count_other: '{{count}} suggestions', none: 'No suggestions',
    didYouMean: 'Did you mean “{{text}}”?', via: 'for “{{term}}”', medicinesFor: 'Search medicines for “{{text}}”',
    group: { fix: 'Spelling', specialities: 'Specialities', doctors: 'Doctors', medicines: 'Medicines', more: 'More' },
  },
  bn: {
    suggestions: 'পরামর্শ', count_one: '{{count}}টি পরামর্শ', count_other: '{{count}}টি পরামর্শ', none: 'কোনো পরামর্শ নেই',
    didYouMean: 'আপনি কি “{{text}}” খুঁজছেন?', via: '“{{term}}” এর জন্য', medicinesFor: '“{{text}}” ওষুধ খুঁজুন',
    group: { fix: 'বানান', specialities: 'বিশেষজ্ঞতা', doctors: 'ডাক্তার', medicines: 'ওষুধ', more: 'আরও' },
  },
});
