import { useTranslation } from 'react-i18next';
import type { MedicineUnit } from '@/gql/graphql';
import '../i18n';

export function useUnitLabel() {
  const { t } = useTranslation('pharmacy');
  return (unit: MedicineUnit) => t(`unit.${unit}`);
}
