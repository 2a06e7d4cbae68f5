import { Button, Empty, Popconfirm, Space } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { clearCart } from '../cart/cart';
import CartLines from '../components/CartLines';
import { useCartQuote } from '../components/useCartQuote';
import '../i18n';
import '../pharmacy.css';

export default function CartPage() {
  const { t } = useTranslation('pharmacy');
  const navigate = useNavigate();
  const { cart, flags, accept, quote } = useCartQuote();
  return (
    <div className="card">
      <h1 className="page-title">{t('cart')}</h1>
      {cart.length === 0 ? (
        <Empty description={t('emptyCart')}><Link to={paths.medicine}>{t('continueShopping')}</Link></Empty>
      ) : (
        <>
          <CartLines cart={cart} flags={flags} quote={quote} onAccept={accept} />
          <Space wrap style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }}>
            <Popconfirm title={t('clearConfirm')} onConfirm={clearCart} okText={t('clearCart')} okButtonProps={{ danger: true }}>
              <Button danger>{t('clearCart')}</Button>
            </Popconfirm>
            <Space wrap>
              <Link to={paths.medicine}><Button>{t('continueShopping')}</Button></Link>
              <Button type="primary" size="large" disabled={Object.keys(flags).length > 0} onClick={() => navigate(paths.shipping)}>{t('checkout')}</Button>
            </Space>
          </Space>
        </>
      )}
    </div>
  );
}
