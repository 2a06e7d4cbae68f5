import { useQuery } from '@apollo/client/react';
import { Alert, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrescriptionDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import PrescriptionView from './PrescriptionView';
import '../i18n';

export default function PrescriptionModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('consultations');
  const { data, loading, error } = useQuery(PrescriptionDocument, { variables: { id: id ?? '' }, skip: !id });
  return (
    <Modal open={!!id} onCancel={onClose} footer={null} title={t('prescription')} width={760}>
      {loading && <Skeleton active />}
      {error && <Alert type="error" showIcon message={errorInfo(error).message} />}
      {data && <PrescriptionView p={data.prescription} />}
    </Modal>
  );
}
