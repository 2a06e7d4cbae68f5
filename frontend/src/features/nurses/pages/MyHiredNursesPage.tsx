import { useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Popconfirm, Skeleton } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { readerDigits } from '@/lib/digits';
import { CancelMyNurseHireDocument, MyNurseHiresDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDate } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import { paths, to } from '@/config/paths';
import Pager from '@/components/Pager';
import CareForFilter, { CareForLine, useCareFor } from '@/components/CareForFilter';
import ButtonLink from '@/components/ButtonLink';
import { HireStatusTag, NursePhoto } from '../components/shared';
import '../i18n';

const PAGE_SIZE = 10;

export default function MyHiredNursesPage() {
  const { t, i18n } = useTranslation('nurses');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const careFor = useCareFor();
  useEffect(() => setPage(1), [careFor]);
  const { data, loading, error, refetch } = useQuery(MyNurseHiresDocument, { variables: { page, pageSize: PAGE_SIZE, careFor }, fetchPolicy: 'cache-and-network' });
  const [cancel] = useMutation(CancelMyNurseHireDocument);
  const result = data?.myNurseHires;

  async function onCancel(id: string) {
    try {
      await cancel({ variables: { id } });
      void message.success(t('cancelled'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <section>
      <h1 className="page-title">{t('myHires')}</h1>
      <CareForFilter />
      {error && <Alert type="error" showIcon title={errorInfo(error).message} />}
      {loading && !result && <Skeleton active />}
      {result && result.items.length === 0 && (
        <Empty description={t('noHires')}><ButtonLink to={paths.nurses} type="primary">{t('findNurse')}</ButtonLink></Empty>
      )}
      <div className="nurse-list">
        {result?.items.map((h, i) => (
          <article key={h.id} className="card nurse-card" aria-label={h.nurseName}>
            <NursePhoto url={h.nurseImageUrl} name={h.nurseName} size={72} eager={i < 3} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <h3 style={{ margin: 0 }}><Link to={to('nurseDetail', { nurseId: h.nurseId })}>{h.nurseName}</Link></h3>
              <CareForLine careFor={h.careFor} />
              <div>{t('hiredFor', { date: formatDate(h.date, i18n.language) })}</div>
              <div>{formatTaka(h.feePoisha, i18n.language)} · {readerDigits(h.phone, i18n.language)}</div>
            </div>
            <div className="nurse-card-side">
              <HireStatusTag status={h.status} />
              {h.nextStatuses.includes('Cancelled') && (
                <Popconfirm title={t('cancelConfirm')} onConfirm={() => onCancel(h.id)} okButtonProps={{ danger: true }}>
                  <Button danger size="small">{t('cancelHire')}</Button>
                </Popconfirm>
              )}
            </div>
          </article>
        ))}
      </div>
      {result && result.total > PAGE_SIZE && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </section>
  );
}
