import { useTranslation } from 'react-i18next';
import { formatCount, formatTaka } from '@/lib/money';
import ConfirmButton from '@/components/ConfirmButton';
import { MinusIcon, PlusIcon, TrashIcon } from '@/components/buttonIcons';
import { decrease, increase, lineName, removeItem, updateCart, type CartFlag, type CartItem } from '../cart/cart';
import MedicineImage from './MedicineImage';
import { useUnitLabel } from './useUnitLabel';
import RxBadge from './RxBadge';
import '../i18n';

/** What the server's quote says of the whole cart (quoteCart). */
export interface CartQuoteFigures {
  itemsPoisha: number;
  shippingPoisha: number;
  totalPoisha: number;
  maxQuantityPerLine: number;
  lines: { medicineId: string | number; prescriptionAllows?: number | null; medicine?: { stock: number; prescriptionRequired?: boolean } | null }[];
}

/**
 * The cart's lines with +, −, remove and flags for what changed, and the server's totals (items,
 * shipping, total). Until the quote arrives the figures read "…": the cart computes none itself.
 * Plain elements, no antd: /cart is one of the pages a visitor opens on a cheap phone (issue #22).
 */
export default function CartLines({ cart, flags, quote, onAccept }: {
  cart: CartItem[]; flags: Record<string, CartFlag>; quote: CartQuoteFigures | undefined; onAccept?: () => void;
}) {
  const { t, i18n } = useTranslation('pharmacy');
  const unitLabel = useUnitLabel();
  const money = (p: number) => formatTaka(p, i18n.language);
  const figure = (p: number | undefined) => (p === undefined ? '…' : money(p));
  // The most of a line the + may ask for: the server's per-line limit, the stock it reported and what the prescription has left.
  const maxOf = (id: string) => {
    const line = quote?.lines.find((l) => String(l.medicineId) === id);
    return Math.min(quote?.maxQuantityPerLine ?? Infinity, line?.medicine?.stock ?? Infinity, line?.prescriptionAllows ?? Infinity);
  };
  const flagged = Object.keys(flags).length > 0;
  return (
    <div>
      {flagged && (
        <div className="alert-warning" role="alert">
          <span>{t('changesFirst')}</span>
          {onAccept && <button type="button" className="btn btn-sm" onClick={onAccept}>{t('acceptChanges')}</button>}
        </div>
      )}
      {cart.map((item, n) => {
        const flag = flags[item.id];
        return (
          <div className="cart-line" key={item.id} data-testid="cart-line">
            <MedicineImage url={item.imageUrl} name={lineName(item)} small eager={n < 3} />
            <div className="cart-line-body">
              <strong>{lineName(item)}</strong>
              {(quote?.lines.find((l) => String(l.medicineId) === item.id)?.medicine?.prescriptionRequired ?? item.prescriptionRequired) && <RxBadge />}
              <span className="med-meta">
                {t('lineTotal', { price: money(item.pricePoisha), quantity: item.quantity, total: money(item.pricePoisha * item.quantity) })} · {unitLabel(item.unit)}
              </span>
              {flag?.kind === 'priceChanged' && <div><span className="tag-warn">{t('priceChanged', { was: money(flag.was), now: money(flag.now) })}</span></div>}
              {flag?.kind === 'unavailable' && <div><span className="tag-danger">{t('unavailable', { stock: flag.stock })}</span></div>}
              {flag?.kind === 'prescriptionLimit' && <div><span className="tag-danger" data-testid="rx-limit">{flag.allows > 0 ? t('prescriptionAllows', { count: flag.allows }) : t('prescriptionUsedUp')}</span></div>}
            </div>
            <div className="cart-qty">
              <button type="button" className="btn btn-icon" aria-label={t('decrease')} onClick={() => updateCart((c) => decrease(c, item.id))}><MinusIcon /></button>
              <span aria-label={t('quantity')} data-testid="cart-qty">{formatCount(item.quantity, i18n.language)}</span>
              <button type="button" className="btn btn-icon" aria-label={t('increase')} disabled={item.quantity >= maxOf(item.id)}
                onClick={() => updateCart((c) => increase(c, item.id, maxOf(item.id)))}><PlusIcon /></button>
              <ConfirmButton className="btn btn-icon" label={t('remove')} testId="cart-remove" question={t('removeConfirm')} okText={t('remove')}
                onConfirm={() => updateCart((c) => removeItem(c, item.id))}><TrashIcon /></ConfirmButton>
            </div>
          </div>
        );
      })}
      <div className="cart-summary" data-testid="cart-summary">
        <span>{t('subtotal')}</span><span>{figure(quote?.itemsPoisha)}</span>
        <span>{t('shipping')}</span><span>{figure(quote?.shippingPoisha)}</span>
        <span className="total">{t('total')}</span><span className="total" data-testid="cart-total">{figure(quote?.totalPoisha)}</span>
      </div>
    </div>
  );
}
