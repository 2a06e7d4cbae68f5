import type { MedicineForm } from '@/gql/graphql';

/** The catalogue's dosage forms (the MedicineForm enum), in the order the filters list them. */
export const FORMS: MedicineForm[] = ['Tablet', 'Capsule', 'Syrup', 'Suspension', 'Injection', 'Cream', 'Ointment', 'Gel', 'Drops', 'Inhaler', 'Powder', 'Suppository', 'Solution'];
