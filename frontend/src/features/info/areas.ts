import type { DhakaArea } from '@/gql/graphql';

export const AREAS: { value: DhakaArea; en: string; bn: string }[] = [
  { value: 'Uttara', en: 'Uttara', bn: 'উত্তরা' }, { value: 'Dhanmondi', en: 'Dhanmondi', bn: 'ধানমন্ডি' }, { value: 'Mirpur', en: 'Mirpur', bn: 'মিরপুর' },
  { value: 'Banani', en: 'Banani', bn: 'বনানী' }, { value: 'Gulshan', en: 'Gulshan', bn: 'গুলশান' }, { value: 'Mohammadpur', en: 'Mohammadpur', bn: 'মোহাম্মদপুর' },
  { value: 'Motijheel', en: 'Motijheel', bn: 'মতিঝিল' }, { value: 'Badda', en: 'Badda', bn: 'বাড্ডা' }, { value: 'Bashundhara', en: 'Bashundhara', bn: 'বসুন্ধরা' },
  { value: 'OldDhaka', en: 'Old Dhaka', bn: 'পুরান ঢাকা' },
];

export function areaLabel(area: DhakaArea, lang: string): string {
  const a = AREAS.find((x) => x.value === area);
  return a ? (lang.startsWith('bn') ? a.bn : a.en) : area;
}
