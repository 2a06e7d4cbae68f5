import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Skeleton } from 'antd';
import { useQuery } from '@apollo/client/react';

import { useTranslation } from 'react-i18next';
import { MyPrescriptionsDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import { errorInfo } from '@/lib/errors';
import Pager from '@/components/Pager';
import CareForFilter, { useCareFor } from '@/components/CareForFilter';
import ButtonLink from '@/components/ButtonLink';
import PrescriptionView from '../components/PrescriptionView';
import '../i18n';

export default function MyPrescriptionPage() {
  const { t } = useTranslation('consultations');
  const [page, setPage] = useState(1);
  const careFor = useCareFor();
  useEffect(() => setPage(1), [careFor]);
  const { data, loading, error } = useQuery(MyPrescriptionsDocument, { variables: { page, pageSize: 10, careFor }, fetchPolicy: 'cache-and-network' });
  const result = data?.myPrescriptions;
  return (
    <div>
      <h1 className="page-title">{t('myPrescriptions')}</h1>
      <CareForFilter />
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      {loading && !result && <Skeleton active />}
      {result && result.items.length === 0 && (
        <Empty description={t('noPrescriptions')}><ButtonLink to={paths.doctors} type="primary">{t('takeConsultation')}</ButtonLink></Empty>
      )}
      <div className="card-list">
        {result?.items.map((p) => <Card key={p.id} data-testid="prescription-card"><PrescriptionView p={p} /></Card>)}
      </div>
      {result && result.pageCount > 1 && <Pager page={result.page} pageCount={result.pageCount} onChange={setPage} />}
    </div>
  );
}
