import { useState } from 'react';
import { Alert, App, Button, Empty, Form, Input, Select } from 'antd';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CreateOrderDocument, type PaymentProvider } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import CartLines from '../components/CartLines';
import { useCartQuote } from '../components/useCartQuote';
import '../i18n';
import '../pharmacy.css';

interface ShippingValues {
  paymentMethod?: PaymentProvider | '';
  name?: string;
  address?: string;
  city?: string;
  phone?: string;
}

/** Sends the browser to the provider's payment page; a seam for tests. */
export const goToPayment = { assign: (url: string) => window.location.assign(url) };

export default function ShippingPage() {
  const { t } = useTranslation('pharmacy');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const { cart, flags, accept, quote } = useCartQuote();
  const [createOrder, { loading }] = useMutation(CreateOrderDocument);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<ShippingValues>();

  async function confirm() {
    const v = form.getFieldsValue();
    const name = v.name?.trim();
    const address = v.address?.trim();
    const city = v.city?.trim();
    const phone = v.phone?.trim();
    if (!name || !address || !city || !phone) {
      void message.error({ content: tc('messages.enterDetails'), duration: 2 });
      return;
    }
    setError(null);
    try {
      const res = await createOrder({
        variables: {
          input: {
            shippingInfo: { name, address, city, phone },
            orderItems: cart.map((c) => ({ medicineId: c.id, quantity: c.quantity })),
            paymentMethod: v.paymentMethod || 'Bkash',
          },
        },
      });
      const url = res.data?.createOrder.paymentUrl;
      if (url) goToPayment.assign(url);
    } catch (e) {
      setError(errorInfo(e).message);
    }
  }

  if (cart.length === 0) {
    return <div className="card"><Empty description={t('emptyCart')}><Link to={paths.medicine}>{t('continueShopping')}</Link></Empty></div>;
  }
  const blocked = Object.keys(flags).length > 0;
  return (
    <div className="checkout-grid">
      <div className="card">
        <h1 className="page-title">{t('shippingDetails')}</h1>
        {error && <Alert type="error" showIcon message={error} role="alert" style={{ marginBottom: 16 }} />}
        <Form form={form} layout="vertical" initialValues={{ paymentMethod: '', name: session?.user.name ?? '' }} onFinish={confirm} requiredMark={false}>
          <Form.Item name="paymentMethod" label={t('paymentMethod')}>
            <Select options={[{ value: '', label: t('choosePayment') }, { value: 'Bkash', label: 'Bkash' }, { value: 'Nagad', label: 'Nagad' }]} />
          </Form.Item>
          <Form.Item name="name" label={t('yourName')}><Input autoComplete="name" maxLength={100} /></Form.Item>
          <Form.Item name="address" label={t('location')}><Input autoComplete="street-address" maxLength={300} /></Form.Item>
          <Form.Item name="city" label={t('city')}><Input autoComplete="address-level2" maxLength={100} /></Form.Item>
          <Form.Item name="phone" label={t('phone')}><Input autoComplete="tel" inputMode="tel" maxLength={20} placeholder="01712345678" /></Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={loading} disabled={blocked}>{t('confirm')}</Button>
        </Form>
      </div>
      <div className="card">
        <h2 className="page-title">{t('orderReview')}</h2>
        <CartLines cart={cart} flags={flags} quote={quote} onAccept={accept} />
      </div>
    </div>
  );
}
