import { Alert, Button, Popconfirm, Tag } from 'antd';
import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '@/lib/money';
import { decrease, increase, removeItem, totals, updateCart, type CartFlag, type CartItem } from '../cart/cart';
import MedicineImage from './MedicineImage';
import { useUnitLabel } from './useUnitLabel';
import '../i18n';

/** The cart's lines with +, −, remove, flags for what changed, and the totals (items + 60 ৳ shipping). */
export default function CartLines({ cart, flags, onAccept }: { cart: CartItem[]; flags: Record<string, CartFlag>; onAccept?: () => void }) {
  const { t, i18n } = useTranslation('pharmacy');
  const unitLabel = useUnitLabel();
  const money = (p: number) => formatTaka(p, i18n.language);
  const sum = totals(cart);
  const flagged = Object.keys(flags).length > 0;
  return (
    <div>
      {flagged && (
        <Alert type="warning" showIcon message={t('changesFirst')} style={{ marginBottom: 8 }}
          action={onAccept && <Button size="small" onClick={onAccept}>{t('acceptChanges')}</Button>} />
      )}
      {cart.map((item, n) => {
        const flag = flags[item.id];
        return (
          <div className="cart-line" key={item.id} data-testid="cart-line">
            <MedicineImage url={item.imageUrl} name={item.name} small eager={n < 3} />
            <div className="cart-line-body">
              <strong>{item.name}</strong>
              <span className="med-meta">
                {t('lineTotal', { price: money(item.pricePoisha), quantity: item.quantity, total: money(item.pricePoisha * item.quantity) })} · {unitLabel(item.unit)}
              </span>
              {flag?.kind === 'priceChanged' && <div><Tag color="orange">{t('priceChanged', { was: money(flag.was), now: money(flag.now) })}</Tag></div>}
              {flag?.kind === 'unavailable' && <div><Tag color="red">{t('unavailable', { stock: flag.stock })}</Tag></div>}
            </div>
            <div className="cart-qty">
              <Button size="small" icon={<MinusOutlined />} aria-label={t('decrease')} onClick={() => updateCart((c) => decrease(c, item.id))} />
              <span aria-label={t('quantity')} data-testid="cart-qty">{item.quantity}</span>
              <Button size="small" icon={<PlusOutlined />} aria-label={t('increase')} onClick={() => updateCart((c) => increase(c, item.id))} />
              <Popconfirm title={t('removeConfirm')} onConfirm={() => updateCart((c) => removeItem(c, item.id))} okText={t('remove')}>
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('remove')} />
              </Popconfirm>
            </div>
          </div>
        );
      })}
      <div className="cart-summary" data-testid="cart-summary">
        <span>{t('subtotal')}</span><span>{money(sum.itemsPoisha)}</span>
        <span>{t('shipping')}</span><span>{money(sum.shippingPoisha)}</span>
        <span className="total">{t('total')}</span><span className="total" data-testid="cart-total">{money(sum.totalPoisha)}</span>
      </div>
    </div>
  );
}
