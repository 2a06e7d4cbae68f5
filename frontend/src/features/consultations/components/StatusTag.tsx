import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@/gql/graphql';
import '../i18n';

const COLORS: Record<AppointmentStatus, string> = { Processing: 'gold', Confirmed: 'blue', Finished: 'green', Cancelled: 'red' };

export default function StatusTag({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation('consultations');
  return <Tag color={COLORS[status]}>{t(status)}</Tag>;
}
