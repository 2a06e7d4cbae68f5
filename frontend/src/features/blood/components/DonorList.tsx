import { Empty, List, Tag } from 'antd';
import { useAreaLabel } from '@/lib/areas';
import { useTranslation } from 'react-i18next';
import type { EligibleDonorRowFragment } from '@/gql/graphql';
import { groupLabel } from '../groups';
import '../i18n';

/**
 * The donors Nirog told, as the requester sees them: a number, a blood group and an area. No name and
 * no contact: a donor who can give calls the requester and introduces themselves.
 */
export default function DonorList({ donors }: { donors: EligibleDonorRowFragment[] }) {
  const { t } = useTranslation('blood');
  const areaLabel = useAreaLabel();
  if (!donors.length) return <Empty description={t('noDonors')} />;
  return (
    <List
      dataSource={donors}
      renderItem={(d, i) => (
        <List.Item key={d.id}>
          {/* Plain text, not the list's h4 title: the page's headings stay in order (h2, then the section's own). */}
          <div>
            <div><strong>{t('donorN', { n: i + 1 })}</strong> <Tag color="red">{groupLabel(d.group)}</Tag></div>
            <div className="muted">{areaLabel(d.area)}</div>
          </div>
        </List.Item>
      )}
    />
  );
}
