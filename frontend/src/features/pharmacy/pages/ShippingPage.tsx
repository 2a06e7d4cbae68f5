import { useState } from 'react';
import RequireVerifiedEmail from '@/components/RequireVerifiedEmail';
import { Alert, App, Button, Empty, Form, Input, Select } from 'antd';
import { useMutation } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CreateOrderDocument, type PaymentProvider } from '@/gql/graphql';
import { errorInfo } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import CareForSelect, { FOR_ME, familyMemberIdOf } from '@/components/CareForSelect';
import CartLines from '../components/CartLines';
import { useCartQuote } from '../components/useCartQuote';
import '../i18n';
import '../pharmacy.css';

/** What onFinish receives: the form's rules make every field required. */
interface ShippingValues {
  careFor?: string;
  paymentMethod: PaymentProvider;
  name: string;
  address: string;
  city: string;
  phone: string;
}

/** Sends the browser to the provider's payment page; a seam for tests. */
export const goToPayment = { assign: (url: string) => window.location.assign(url) };

/** Asks for a verified email before the form (the server requires one to book or order). */
export default function ShippingPage() {
  return <RequireVerifiedEmail><ShippingPageForm /></RequireVerifiedEmail>;
}

function ShippingPageForm() {
  const { t } = useTranslation('pharmacy');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const { cart, flags, accept, quote } = useCartQuote();
  const [createOrder, { loading }] = useMutation(CreateOrderDocument);
  const [error, setError] = useState<string | null>(null);
  // 'Please enter your details' stays until every field is filled (each missing one is marked too).
  const [incomplete, setIncomplete] = useState(false);
  const [form] = Form.useForm<ShippingValues>();
  const required = (msg: string) => [{ required: true, whitespace: true, message: msg }];

  async function confirm(v: ShippingValues) {
    const name = v.name.trim();
    const address = v.address.trim();
    const city = v.city.trim();
    const phone = v.phone.trim();
    setIncomplete(false);
    setError(null);
    try {
      const res = await createOrder({
        variables: {
          input: {
            shippingInfo: { name, address, city, phone },
            orderItems: cart.map((c) => ({ medicineId: c.id, quantity: c.quantity })),
            paymentMethod: v.paymentMethod,
            familyMemberId: familyMemberIdOf(v.careFor),
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
        {incomplete && <Alert type="error" showIcon message={tc('messages.enterDetails')} role="alert" style={{ marginBottom: 16 }} data-testid="shipping-incomplete" />}
        <Form noValidate form={form} layout="vertical" initialValues={{ name: session?.user.name ?? '', careFor: FOR_ME }} onFinish={confirm}
          onFinishFailed={() => setIncomplete(true)}
          onValuesChange={() => { if (incomplete) form.validateFields().then(() => setIncomplete(false), () => undefined); }}>
          {/* No method is chosen for the patient: bKash and Nagad are both offered, neither assumed. */}
          <Form.Item name="paymentMethod" label={t('paymentMethod')} rules={required(t('paymentRequired'))}>
            <Select placeholder={t('choosePayment')} options={[{ value: 'Bkash', label: 'Bkash' }, { value: 'Nagad', label: 'Nagad' }]} />
          </Form.Item>
          <Form.Item name="name" label={t('yourName')} rules={required(t('nameRequired'))}><Input autoComplete="name" maxLength={100} /></Form.Item>
          <Form.Item name="address" label={t('location')} rules={required(t('addressRequired'))}><Input autoComplete="street-address" maxLength={300} /></Form.Item>
          <Form.Item name="city" label={t('city')} rules={required(t('cityRequired'))}><Input autoComplete="address-level2" maxLength={100} /></Form.Item>
          <Form.Item name="phone" label={t('phone')} rules={required(t('phoneRequired'))} extra={t('phoneHint')}>
            <Input autoComplete="tel" inputMode="tel" maxLength={20} />
          </Form.Item>
          <Form.Item name="careFor" label={tc('care.forWhom')}><CareForSelect /></Form.Item>
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
