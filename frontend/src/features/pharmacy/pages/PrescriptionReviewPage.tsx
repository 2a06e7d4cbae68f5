import { useState } from 'react';
import { Alert, App, Button, DatePicker, Descriptions, Input, Skeleton, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PrescriptionOrderDetailDocument, ReviewOrderPrescriptionDocument } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { addDaysIso, formatDate, formatDateTime, isoDay, todayInDhaka } from '@/lib/dates';
import NumberInput from '@/components/NumberInput';
import DispensingSummary from '@/components/DispensingSummary';
import { formatTaka } from '@/lib/money';
import { paths } from '@/config/paths';
import MedicineImage from '../components/MedicineImage';
import { STATUS_COLOR } from '../components/orderStatus';
import { useUnitLabel } from '../components/useUnitLabel';
import { lineName } from '../cart/cart';
import { readerDigits } from '@/lib/digits';
import { CODE_SLOT, TextWithCode, shortRef } from '@/lib/refs';
import { useFreshLinks } from '@/lib/fresh-links';
import PrescriptionPhoto from '../components/PrescriptionPhoto';
import '../i18n';
import '../rx-i18n';
import '../pharmacy.css';


/** A paper prescription is read valid for a month unless it says otherwise (docs/decisions.md). */
const DEFAULT_VALID_DAYS = 30;
const MAX_REFILLS = 5;

/**
 * A pharmacist checks one order's prescription: the photo beside the ordered lines. Approving records
 * what the paper allows of each prescription-only medicine (quantity, refills, until when): it becomes
 * a ledger the order is held on, then the patient pays. Rejecting needs a note to the patient (the
 * order is cancelled; anything paid goes back).
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
  // What the paper allows, per prescription-only line of the order (the ordered quantity until changed).
  const [allows, setAllows] = useState<Record<string, { quantity: number | null; refills: number | null }>>({});
  const [validUntil, setValidUntil] = useState(() => addDaysIso(todayInDhaka(), DEFAULT_VALID_DAYS));
  const o = data?.order;
  const rxItems = (o?.items ?? []).filter((i) => i.prescriptionRequired);
  const allowOf = (id: string, quantity: number) => allows[id] ?? { quantity, refills: 0 };
  // The photo's link works for minutes: asked for again before it stops.
  useFreshLinks([o?.prescriptionImageExpiresAt], refetch);

  async function decide(approve: boolean) {
    if (!approve && !note.trim()) {
      setNoteMissing(true);
      document.getElementById('rx-note')?.focus();
      return;
    }
    const lines = rxItems.map((i) => ({ medicineId: i.medicineId, quantity: allowOf(i.id, i.quantity).quantity ?? 0, refills: allowOf(i.id, i.quantity).refills ?? 0 }));
    try {
      await review({ variables: { input: approve ? { orderId, approve, note: note.trim() || null, lines, validUntil } : { orderId, approve, note: note.trim() } } });
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
                  <PrescriptionPhoto url={o.prescriptionImageUrl} onExpired={refetch} testId="rx-photo" />
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
                  <span className="cart-line-body">
                    <strong>{lineName(i)}</strong><span className="med-meta">{t('quantityOf', { count: i.quantity, unit: unitLabel(i.unit) })}</span>
                    {i.prescriptionLine && <DispensingSummary line={i.prescriptionLine} />}
                  </span>
                </div>
              ))}
              {o.paperPrescription && (
                <p className="med-meta" data-testid="paper-recorded">{t('paperRecorded', { date: formatDate(o.paperPrescription.createdAt, i18n.language) })}</p>
              )}
              {o.prescriptionNote && <p className="med-meta">{t('note')}: {o.prescriptionNote}</p>}
              {o.status === 'PrescriptionCheck' && (
                <div style={{ marginTop: 16 }}>
                  <fieldset className="rx-reading" data-testid="rx-reading">
                    <legend>{t('readingTitle')}</legend>
                    <p className="med-meta" style={{ marginTop: 0 }}>{t('readingHint')}</p>
                    {rxItems.map((i) => {
                      const a = allowOf(i.id, i.quantity);
                      const set = (change: Partial<typeof a>) => setAllows((all) => ({ ...all, [i.id]: { ...a, ...change } }));
                      return (
                        <div key={i.id} className="rx-reading-line" role="group" aria-labelledby={`reading-${i.id}`}>
                          <strong id={`reading-${i.id}`}>{lineName(i)}</strong>
                          <label>
                            <span>{t('readingQuantity', { unit: unitLabel(i.unit) })}</span>
                            <NumberInput min={1} max={1000} value={a.quantity} onChange={(v) => set({ quantity: v == null ? null : Number(v) })} data-testid="reading-quantity" />
                          </label>
                          <label>
                            <span>{t('readingRefills')}</span>
                            <NumberInput min={0} max={MAX_REFILLS} value={a.refills} onChange={(v) => set({ refills: v == null ? null : Number(v) })} data-testid="reading-refills" />
                          </label>
                        </div>
                      );
                    })}
                    <label className="rx-reading-date">
                      <span>{t('readingValidUntil')}</span>
                      <DatePicker value={dayjs(validUntil)} allowClear={false} onChange={(d: Dayjs | null) => d && setValidUntil(isoDay(d))}
                        disabledDate={(d) => isoDay(d) < todayInDhaka()} data-testid="reading-valid-until" />
                    </label>
                  </fieldset>
                  <label htmlFor="rx-note" style={{ display: 'block', fontWeight: 600 }}>{t('note')}</label>
                  <Input.TextArea id="rx-note" rows={3} maxLength={300} value={note} onChange={(e) => { setNote(e.target.value); setNoteMissing(false); }}
                    aria-describedby="rx-note-hint" status={noteMissing ? 'error' : undefined} />
                  <span id="rx-note-hint" className="med-meta" style={{ display: 'block' }}>{t('noteHint')}</span>
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
