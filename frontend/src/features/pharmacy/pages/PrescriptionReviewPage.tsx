import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Skeleton, Space, Tag } from 'antd';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PrescriptionOrderDetailDocument, ReviewOrderPrescriptionDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { formatTaka } from '@/lib/money';
import { paths } from '@/config/paths';
import MedicineImage from '../components/MedicineImage';
import { STATUS_COLOR } from '../components/orderStatus';
import { useUnitLabel } from '../components/useUnitLabel';
import { lineName } from '../cart/cart';
import { readerDigits } from '@/lib/digits';
import { CODE_SLOT, TextWithCode, shortRef } from '@/lib/refs';
import '../i18n';
import '../admin-i18n';
import '../rx-i18n';
import '../pharmacy.css';


/**
 * A pharmacist checks one order's prescription: the photo beside the ordered lines; approve (the
 * patient then pays) or reject with a note to the patient (the order is cancelled; anything paid goes back).
 */
export default function PrescriptionReviewPage() {
  const { orderId = '' } = useParams();
  const { t, i18n } = useTranslation('pharmacy');
  const unitLabel = useUnitLabel();
  const { message } = App.useApp();
  const { data, loading, error, refetch } = useQuery(PrescriptionOrderDetailDocument, { variables: { id: orderId }, fetchPolicy: 'network-only' });
  const [review, reviewing] = useMutation(ReviewOrderPrescriptionDocument);
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const o = data?.order;

  async function decide(approve: boolean) {
    if (!approve && !note.trim()) {
      setNoteMissing(true);
      return;
    }
    try {
      await review({ variables: { input: { orderId, approve, note: note.trim() || null } } });
      void message.success(approve ? t('approved') : t('rejected'));
      await refetch();
    } catch (e) {
      void message.error(errorInfo(e).message);
    }
  }

  return (
    <div className="card">
      <Link to={paths.pharmacistQueue}>← {t('backToQueue')}</Link>
      {error ? <Alert type="error" showIcon message={errorInfo(error).message} style={{ marginTop: 12 }} /> : loading && !o ? <Skeleton active /> : o && (
        <>
          <h1 className="page-title" style={{ marginTop: 12 }}><TextWithCode text={t('reviewTitle', { ref: CODE_SLOT })} code={shortRef(o.id)} /></h1>
          <div className="rx-review">
            <div>
              {o.prescriptionImageUrl ? (
                <a href={o.prescriptionImageUrl} target="_blank" rel="noreferrer" aria-label={t('openFull')}>
                  <img className="rx-photo" src={o.prescriptionImageUrl} alt={t('prescriptionImageAlt')} width={600} height={800} data-testid="rx-photo" />
                </a>
              ) : <Alert type="info" message={t('noPrescriptionOrders')} />}
            </div>
            <div>
              <Space wrap style={{ marginBottom: 8 }}>
                <Tag color={STATUS_COLOR[o.status]}>{t(`statuses.${o.status}`)}</Tag>
                {o.prescriptionReviewedAt && <span className="med-meta">{t('reviewedOn', { date: formatDateTime(o.prescriptionReviewedAt, i18n.language) })}</span>}
              </Space>
              <Descriptions size="small" column={1} items={[
                { key: 'c', label: t('customer'), children: `${o.customerName} · ${readerDigits(o.shippingPhone, i18n.language)}` },
                { key: 'a', label: t('location'), children: `${o.shippingAddress}, ${o.shippingCity}` },
                { key: 'd', label: t('date'), children: formatDateTime(o.createdAt, i18n.language) },
                { key: 't', label: t('total'), children: formatTaka(o.totalPoisha, i18n.language) },
              ]} />
              <h2 style={{ fontSize: 16 }}>{t('orderLines')}</h2>
              {o.items.map((i) => (
                <div key={i.id} className="order-item" data-testid="rx-review-line">
                  <MedicineImage url={i.imageUrl} name={lineName(i)} small />
                  <span className="cart-line-body"><strong>{lineName(i)}</strong><span className="med-meta">{t('quantityOf', { count: i.quantity, unit: unitLabel(i.unit) })}</span></span>
                </div>
              ))}
              {o.prescriptionNote && <p className="med-meta">{t('note')}: {o.prescriptionNote}</p>}
              {o.status === 'PrescriptionCheck' && (
                <div style={{ marginTop: 16 }}>
                  <label htmlFor="rx-note" style={{ display: 'block', fontWeight: 600 }}>{t('note')}</label>
                  <Input.TextArea id="rx-note" rows={3} maxLength={300} value={note} onChange={(e) => { setNote(e.target.value); setNoteMissing(false); }}
                    aria-describedby="rx-note-hint" status={noteMissing ? 'error' : undefined} />
                  <span id="rx-note-hint" className="med-meta">{t('noteHint')}</span>
                  {noteMissing && <Alert type="error" showIcon message={t('noteRequired')} role="alert" style={{ marginTop: 8 }} />}
                  <Space wrap style={{ marginTop: 12 }}>
                    <Button type="primary" loading={reviewing.loading} onClick={() => void decide(true)} data-testid="rx-approve">{t('approve')}</Button>
                    <Button danger loading={reviewing.loading} onClick={() => void decide(false)} data-testid="rx-reject">{t('reject')}</Button>
                  </Space>
                </div>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
