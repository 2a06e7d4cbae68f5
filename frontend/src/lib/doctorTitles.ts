import { useTranslation } from 'react-i18next';
import type { DoctorTitle } from '@/gql/graphql';

const TITLES: DoctorTitle[] = ['Dr', 'ProfDr', 'AssProfDr', 'AssocProfDr'];

/** A doctor's title (GraphQL's enum name) as written before the name in the reader's language: Prof. Dr., অধ্যাপক ডা. (common `doctorTitle.*`). */
export function useDoctorTitle(): (title: DoctorTitle | string) => string {
  const { t } = useTranslation();
  return (title) => t(`doctorTitle.${title}`, { defaultValue: title });
}

/** The titles a doctor can choose, worded in the reader's language. */
export function useDoctorTitleOptions(): { value: DoctorTitle; label: string }[] {
  const titleOf = useDoctorTitle();
  return TITLES.map((value) => ({ value, label: titleOf(value) }));
}
