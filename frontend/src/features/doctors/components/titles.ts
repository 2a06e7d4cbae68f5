import type { DoctorTitle } from '@/gql/graphql';

/** GraphQL's enum names → the titles doctors use (spec §5). */
const TITLES: Record<DoctorTitle, string> = { Dr: 'Dr.', ProfDr: 'Prof. Dr.', AssProfDr: 'Ass.Prof. Dr.', AssocProfDr: 'Assoc.Prof. Dr.' };
export const titleOf = (t: DoctorTitle) => TITLES[t] ?? t;
export const TITLE_OPTIONS = Object.entries(TITLES).map(([value, label]) => ({ value: value as DoctorTitle, label }));
