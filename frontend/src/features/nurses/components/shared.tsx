import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NurseHireStatus } from '@/gql/graphql';
import PersonPhoto from '@/components/PersonPhoto';
import '../i18n';

const STATUS_COLOR: Record<NurseHireStatus, string> = { Processing: 'gold', Confirmed: 'blue', Completed: 'green', Cancelled: 'default' };

export function HireStatusTag({ status }: { status: NurseHireStatus }) {
  const { t } = useTranslation('nurses');
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

/** A nurse's photo (uploaded, or the portrait Nirog drew) in a rounded square; lazy unless `eager` (above the fold). */
export function NursePhoto({ url, name, size = 96, eager, priority }: { url?: string | null; name: string; size?: number; eager?: boolean; priority?: boolean }) {
  return <PersonPhoto url={url} name={name} size={size} shape="square" eager={eager} priority={priority} />;
}
