import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PrescriptionCartDocument, type PrescriptionCartQuery } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { formatCount, formatTaka } from '@/lib/money';
import { formatDate } from '@/lib/dates';
import { flash } from '@/lib/flash';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { paths } from '@/config/paths';
import ButtonLink from '@/components/ButtonLink';
import { lineName, updateCart } from '../cart/cart';
import { fillFromPrescription, setCartPrescription } from '../cart/cartPrescription';
import MedicineImage from '../components/MedicineImage';
import RxBadge from '../components/RxBadge';
import DispensingSummary from '@/components/DispensingSummary';
import { useUnitLabel } from '../components/useUnitLabel';
import '../i18n';
import '../rx-i18n';
import '../pharmacy.css';

type Line = PrescriptionCartQuery['prescriptionCart']['lines'][number];
/** Per line: the chosen medicine's id (or '' for skipped) and its quantity. */
interface Choice { medicineId: string; quantity: number }

/** The server's per-line limit of checkout; the quote enforces it again. */
const MAX_QUANTITY = 100;

/**
 * "Order these medicines": the prescription's lines as the server matched them to the catalogue.
 * Sure matches start chosen with the quantity for the course; unsure ones start skipped with their
 * candidates to choose from; nothing is bought here: the chosen lines go into the cart, with the
 * prescription, and the patient checks out from there.
 */
// Markers put into a sentence where the doctor's own words go, then replaced by them marked as written.
const DOSE = '\u0001';
const QUANTITY = '\u0002';
const MARKERS = new RegExp(`(${DOSE}|${QUANTITY})`);
function asWritten(sentence: string, words: Record<string, string>) {
  return sentence.split(MARKERS).map((part, i) => (part in words ? <span key={i} translate="no">{words[part]}</span> : part));
}

export default function PrescriptionOrderPage() {
  const { prescriptionId = '' } = useParams();
  const { t, i18n } = useTranslation('pharmacy');
  const unitLabel = useUnitLabel();
  const titleOf = useDoctorTitle();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(PrescriptionCartDocument, { variables: { prescriptionId }, fetchPolicy: 'network-only' });
  const cart = data?.prescriptionCart;
  const [choices, setChoices] = useState<Choice[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    // A sure line starts chosen with the units for the course (within what the prescription has left); a used-up one starts skipped.
    if (cart) setChoices(cart.lines.map((l) => (l.sure && l.choices[0]!.left > 0 ? { medicineId: l.choices[0]!.medicine.id, quantity: l.choices[0]!.quantity } : { medicineId: '', quantity: 1 })));
  }, [cart]);

  const chosen = useMemo(() => (cart?.lines ?? []).flatMap((l, i) => {
    const c = choices[i];
    const pick = c?.medicineId ? l.choices.find((x) => x.medicine.id === c.medicineId) : undefined;
    return pick ? [{ line: l, pick, quantity: c!.quantity }] : [];
  }), [cart, choices]);

  const choose = (i: number, line: Line, medicineId: string) => setChoices((cs) => cs.map((c, j) => (j !== i ? c
    : { medicineId, quantity: line.choices.find((x) => x.medicine.id === medicineId)?.quantity ?? 1 })));
  /** The most of a choice: the checkout's limit and what the prescription still allows of it. */
  const mostOf = (line: Line, medicineId: string) => Math.min(MAX_QUANTITY, line.choices.find((x) => x.medicine.id === medicineId)?.left ?? MAX_QUANTITY);
  const step = (i: number, by: number) => setChoices((cs) => cs.map((c, j) => (j !== i ? c
    : { ...c, quantity: Math.min(mostOf(cart!.lines[i]!, c.medicineId), Math.max(1, c.quantity + by)) })));

  function addToCart() {
    if (!cart || !chosen.length) {
      setProblem(t('nothingChosen'));
      return;
    }
    updateCart((c) => fillFromPrescription(c, chosen.map(({ pick, quantity }) => ({
      item: {
        id: pick.medicine.id, name: pick.medicine.name, strength: pick.medicine.strength, unit: pick.medicine.unit, imageUrl: pick.medicine.imageUrl,
        pricePoisha: pick.medicine.pricePoisha, stock: pick.medicine.stock, prescriptionRequired: pick.medicine.prescriptionRequired,
      },
      quantity: Math.min(quantity, Math.max(1, pick.medicine.stock)),
    }))));
    setCartPrescription({ id: cart.prescriptionId, doctorTitle: cart.doctorTitle, doctorName: cart.doctorName, issuedAt: String(cart.issuedAt) });
    flash(t('addedFromPrescription'), 'success', 5000);
    navigate(paths.cart);
  }

  return (
    <div className="card">
      <h1 className="page-title">{t('orderPrescription')}</h1>
      {error ? <Alert type="error" showIcon message={errorInfo(error).message} /> : loading && !cart ? <Skeleton active /> : cart && (
        <>
          <p className="med-meta" data-testid="rx-from">{t('prescriptionFrom', { doctor: `${titleOf(cart.doctorTitle)} ${cart.doctorName}`, date: formatDate(cart.issuedAt, i18n.language) })}</p>
          <p>{t('orderPrescriptionIntro')}</p>
          <div className="rx-lines">
            {cart.lines.map((l, i) => {
              const c = choices[i];
              const picked = c?.medicineId ? l.choices.find((x) => x.medicine.id === c.medicineId) : undefined;
              const name = `rx-line-${i}`;
              return (
                <div className="rx-line" key={name} data-testid="rx-line">
                  <fieldset>
                    <legend>{l.medname}</legend>
                    {/* the dose and the quantity as the doctor wrote them */}
                    <span className="med-meta">{asWritten(t('prescribedAs', { dailyUse: DOSE, count: l.days, quantity: QUANTITY }), { [DOSE]: l.dailyUse, [QUANTITY]: l.prescribedQuantity })}</span>
                    <DispensingSummary line={l.dispensing} />
                    <span className="med-meta">{l.choices.length === 0 ? t('notSold') : l.dispensing.expired ? t('prescriptionExpired') : l.dispensing.remaining === 0 ? t('nothingLeft') : l.sure ? t('sureMatch') : t('chooseOne')}</span>
                    {l.choices.map((x) => (
                      <label className="rx-choice" key={x.medicine.id}>
                        <input type="radio" name={name} value={x.medicine.id} checked={c?.medicineId === x.medicine.id} onChange={() => choose(i, l, x.medicine.id)} disabled={x.left === 0} />
                        <MedicineImage url={x.medicine.imageUrl} name={lineName(x.medicine)} small />
                        <span className="rx-choice-body">
                          <strong>{lineName(x.medicine)}</strong> {x.medicine.prescriptionRequired && <RxBadge />}
                          <span className="med-meta" style={{ display: 'block' }}>
                            {x.medicine.genericName} · {formatTaka(x.medicine.pricePoisha, i18n.language)} {t('perUnit', { unit: unitLabel(x.medicine.unit) })}
                            {x.left > 0 && <>{' · '}{t('coursePacks', { count: x.quantity, unit: unitLabel(x.medicine.unit) })}</>}
                          </span>
                          {!x.medicine.inStock && <span className="med-tag out-of-stock">{t('outOfStock')}</span>}
                        </span>
                      </label>
                    ))}
                    <label className="rx-choice">
                      <input type="radio" name={name} value="" checked={!c?.medicineId} onChange={() => setChoices((cs) => cs.map((o, j) => (j === i ? { medicineId: '', quantity: 1 } : o)))} />
                      <span className="rx-choice-body">{t('skip')}</span>
                    </label>
                  </fieldset>
                  {picked && (
                    <div className="cart-qty">
                      {/* Each button named with the medicine ("Increase: Zimax 500 mg"), its name as written */}
                      <span id={`${name}-med`} className="sr-only" translate="no">{lineName(picked.medicine)}</span>
                      <Button size="small" icon={<MinusOutlined />} id={`${name}-dec`} aria-label={`${t('decrease')}:`} aria-labelledby={`${name}-dec ${name}-med`} onClick={() => step(i, -1)} disabled={c!.quantity <= 1} />
                      <span aria-label={t('quantity')} data-testid="rx-qty">{formatCount(c!.quantity, i18n.language)}</span>
                      <Button size="small" icon={<PlusOutlined />} id={`${name}-inc`} aria-label={`${t('increase')}:`} aria-labelledby={`${name}-inc ${name}-med`} onClick={() => step(i, 1)} disabled={c!.quantity >= mostOf(l, c!.medicineId)} />
                      <span className="med-meta">{unitLabel(picked.medicine.unit)}</span>
                    </div>
                  )}
                </div>
              );
            })}
          </div>
          {problem && !chosen.length && <Alert type="error" showIcon message={problem} role="alert" style={{ marginTop: 12 }} />}
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'space-between', marginTop: 16 }}>
            <ButtonLink to={paths.myPrescription}>{t('backToPrescriptions')}</ButtonLink>
            <Button type="primary" size="large" onClick={addToCart} disabled={!cart.lines.length} data-testid="rx-add-to-cart">
              {t('addChosen', { count: chosen.length })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
