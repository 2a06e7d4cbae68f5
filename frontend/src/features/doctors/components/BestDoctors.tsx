import { useState } from 'react';
import { Alert, Avatar, Button, Card, Empty, Rate, Spin, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DoctorsDocument } from '@/gql/graphql';
import { to } from '@/config/paths';
import { formatTaka } from '@/lib/money';
import { errorInfo } from '@/lib/errors';
import { titleOf } from './titles';
import '../i18n';

const STEP = 4;

/** Home 'Our Best Doctors': 4 at first, Load More adds 4 (best rated first). */
export default function BestDoctors() {
  const { t, i18n } = useTranslation('doctors');
  const [count, setCount] = useState(STEP);
  const { data, previousData, loading, error } = useQuery(DoctorsDocument, { variables: { page: 1, pageSize: count, sort: 'Rating' } });
  const result = (data ?? previousData)?.doctors;
  return (
    <section aria-labelledby="best-doctors" style={{ marginTop: 32 }}>
      <h2 id="best-doctors">{t('ourBestDoctors')}</h2>
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      {result && result.items.length === 0 && <Empty description={t('noDoctors')} />}
      <div className="best-doctors">
        {result?.items.map((d) => (
          <Card key={d.id} hoverable data-testid="best-doctor">
            <Link to={to('doctorDetail', { doctorId: d.id })} style={{ color: 'inherit' }}>
              <Avatar size={64} src={d.avatarUrl ?? undefined} icon={<UserOutlined />} alt="" />
              <h3 style={{ margin: '8px 0 4px' }}>{titleOf(d.title)} {d.name}</h3>
              <div className="muted">{d.specialities.join(', ')}</div>
              <Rate disabled allowHalf value={d.rating} style={{ fontSize: 13 }} />
              <div><strong>{formatTaka(d.feePoisha, i18n.language)}</strong> {d.isOnline && <Tag color="green">{t('online')}</Tag>}</div>
            </Link>
          </Card>
        ))}
      </div>
      {loading && <Spin tip={t('pleaseWait')}><div style={{ height: 48 }} /></Spin>}
      {result && result.total > result.items.length && (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button onClick={() => setCount((c) => c + STEP)} loading={loading}>{t('loadMore')}</Button>
        </div>
      )}
    </section>
  );
}
