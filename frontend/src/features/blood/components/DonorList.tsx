import { Empty, List, Tag } from 'antd';
import { useAreaLabel } from '@/lib/areas';
import { useTranslation } from 'react-i18next';
import type { EligibleDonorRowFragment } from '@/gql/graphql';
import { groupLabel } from '../groups';
import '../i18n';

/** The matched donors, without contacts: Nirog has notified them and a donor who can give calls the requester. */
export default function DonorList({ donors }: { donors: EligibleDonorRowFragment[] }) {
  const { t, i18n } = useTranslation('blood');
  const areaLabel = useAreaLabel();
  if (!donors.length) return <Empty description={t('noDonors')} />;
  return (
    <List
      dataSource={donors}
      renderItem={(d) => (
        <List.Item key={d.id}>
          <List.Item.Meta
            title={<>{d.name} <Tag color="red">{groupLabel(d.group)}</Tag></>}
            description={<>
              <div>{areaLabel(d.area)}</div>
              <small>{d.daysSinceLastDonation === null || d.daysSinceLastDonation === undefined ? t('neverDonated') : t('lastDonated', { days: d.daysSinceLastDonation })}</small>
            </>}
          />
        </List.Item>
      )}
    />
  );
}
