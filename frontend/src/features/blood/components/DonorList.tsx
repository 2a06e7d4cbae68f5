import { Button, Empty, List, Tag } from 'antd';
import { PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EligibleDonorRowFragment } from '@/gql/graphql';
import { areaLabel, groupLabel } from '../groups';
import '../i18n';

export default function DonorList({ donors }: { donors: EligibleDonorRowFragment[] }) {
  const { t, i18n } = useTranslation('blood');
  if (!donors.length) return <Empty description={t('noDonors')} />;
  return (
    <List
      dataSource={donors}
      renderItem={(d) => (
        <List.Item key={d.id} actions={[<a key="call" href={`tel:${d.phone}`}><Button icon={<PhoneOutlined />} type="primary">{t('call')}</Button></a>]}>
          <List.Item.Meta
            title={<>{d.name} <Tag color="red">{groupLabel(d.group)}</Tag></>}
            description={<>
              <div>{areaLabel(d.area, i18n.language)} · <a href={`tel:${d.phone}`}>{d.phone}</a> · <a href={`mailto:${d.email}`}>{d.email}</a></div>
              <small>{d.daysSinceLastDonation === null || d.daysSinceLastDonation === undefined ? t('neverDonated') : t('lastDonated', { days: d.daysSinceLastDonation })}</small>
            </>}
          />
        </List.Item>
      )}
    />
  );
}
