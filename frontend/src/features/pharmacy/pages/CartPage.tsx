import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import ConfirmButton from '@/components/ConfirmButton';
import { clearCart } from '../cart/cart';
import CartLines from '../components/CartLines';
import { useCartQuote } from '../components/useCartQuote';
import '../i18n';
import '../pharmacy.css';

/** /cart, without antd (issue #22): the lines, the server's totals, clear (after a confirmation) and check out. */
export default function CartPage() {
  const { t } = useTranslation('pharmacy');
  const navigate = useNavigate();
  const { cart, flags, accept, quote } = useCartQuote();
  return (
    <div className="card">
      <h1 className="page-title">{t('cart')}</h1>
      {cart.length === 0 ? (
        <div className="empty">
          <p>{t('emptyCart')}</p>
          <Link to={paths.medicine}>{t('continueShopping')}</Link>
        </div>
      ) : (
        <>
          <CartLines cart={cart} flags={flags} quote={quote} onAccept={accept} />
          <div className="cart-actions">
            <ConfirmButton question={t('clearConfirm')} okText={t('clearCart')} onConfirm={clearCart}>{t('clearCart')}</ConfirmButton>
            <div>
              <Link className="btn" to={paths.medicine}>{t('continueShopping')}</Link>
              <button type="button" className="btn btn-primary btn-lg" disabled={Object.keys(flags).length > 0} onClick={() => navigate(paths.shipping)}>{t('checkout')}</button>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
