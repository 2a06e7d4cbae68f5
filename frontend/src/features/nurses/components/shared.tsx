import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NurseHireStatus, NurseLocation } from '@/gql/graphql';
import '../i18n';

export const LOCATIONS: NurseLocation[] = ['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan'];

const STATUS_COLOR: Record<NurseHireStatus, string> = { Processing: 'gold', Confirmed: 'blue', Completed: 'green', Cancelled: 'default' };

/** The same transition map as the server (the server decides; this only hides impossible buttons). */
export const NEXT_STATUSES: Record<NurseHireStatus, NurseHireStatus[]> = {
  Processing: ['Confirmed', 'Cancelled'],
  Confirmed: ['Completed', 'Cancelled'],
  Completed: [],
  Cancelled: [],
};

export function HireStatusTag({ status }: { status: NurseHireStatus }) {
  const { t } = useTranslation('nurses');
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

export function NursePhoto({ url, name, size = 96 }: { url?: string | null; name: string; size?: number }) {
  const initials = name.split(' ').map((p) => p[0]).slice(0, 2).join('');
  return url ? (
    <img src={url} alt={name} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 12, flexShrink: 0 }} loading="lazy" />
  ) : (
    <div aria-hidden style={{ width: size, height: size, borderRadius: 12, background: '#e8f3ef', color: '#0b7a5c', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: size / 3, flexShrink: 0 }}>
      {initials}
    </div>
  );
}
