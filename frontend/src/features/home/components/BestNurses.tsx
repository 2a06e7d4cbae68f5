import { useState } from 'react';
import { Alert, Button, Card, Empty, Rate, Spin } from 'antd';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { BestNursesDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatTaka } from '@/lib/money';
import { to } from '@/config/paths';
import './care-i18n';

/** Spec §9: home lists page by 4; Load More adds 4. The server orders by the exact average rating. */
export const HOME_PAGE_STEP = 4;

export default function BestNurses() {
  const { t, i18n } = useTranslation('homeCare');
  const [shown, setShown] = useState(HOME_PAGE_STEP);
  const { data, previousData, loading, error } = useQuery(BestNursesDocument, { variables: { page: 1, pageSize: shown } });
  const result = (data ?? previousData)?.nurses;

  return (
    <section className="section" aria-labelledby="best-nurses">
      <h2 id="best-nurses">{t('bestNurses')}</h2>
      {error && <Alert type="error" showIcon title={errorInfo(error).message} />}
      {loading && !result && <Spin description={t('wait')}><div style={{ height: 80 }} /></Spin>}
      {result && result.items.length === 0 && <Empty description={t('noNurses')} />}
      <div className="grid-cards">
        {result?.items.map((n) => (
          <Card key={n.id} size="small" title={<Link to={to('nurseDetail', { nurseId: n.id })}>{n.name}</Link>}>
            <div style={{ color: '#5f6b7a' }}>{n.degree}</div>
            <div>{n.work}</div>
            <Rate disabled allowHalf value={n.rating} style={{ fontSize: 14 }} />
            <div><strong>{t('perVisit', { amount: formatTaka(n.feePoisha, i18n.language) })}</strong></div>
          </Card>
        ))}
      </div>
      {result && result.total > result.items.length && (
        <Button style={{ marginTop: 12 }} loading={loading} onClick={() => setShown((s) => Math.min(s + HOME_PAGE_STEP, 100))}>{t('loadMore')}</Button>
      )}
    </section>
  );
}
