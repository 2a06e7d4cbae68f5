import { useEffect, useState } from 'react';
import RequireVerifiedEmail from '@/components/RequireVerifiedEmail';
import { Alert, Button, Empty, Form, Input, Select } from 'antd';
import FormAlert from '@/components/FormAlert';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CreateOrderDocument, type PaymentProvider } from '@/gql/graphql';
import { showRefusal } from '@/components/formRefusal';
import { useSession } from '@/lib/session';
import { paths } from '@/config/paths';
import { flash } from '@/lib/flash';
import { formatDate } from '@/lib/dates';
import ImagePicker from '@/components/ImagePicker';
import { useDoctorTitle } from '@/lib/doctorTitles';
import { clearCart } from '../cart/cart';
import { rememberCheckout } from '../cart/checkout';
import { setCartPrescription, useCartPrescription } from '../cart/cartPrescription';
import CareForSelect, { FOR_ME, familyMemberIdOf, useMyDetails } from '@/components/CareForSelect';
import CartLines from '../components/CartLines';
import { goToPayment } from '../components/goToPayment';
import { useCartQuote } from '../components/useCartQuote';
import '../i18n';
import '../rx-i18n';
import '../pharmacy.css';
import { useLengthCount } from '@/components/lengthCount';

/** What onFinish receives: the form's rules make every field required. */
interface ShippingValues {
  careFor?: string;
  paymentMethod: PaymentProvider;
  /** A photo of a paper prescription, when the cart needs one and carries no Nirog prescription. */
  photos?: File[];
  name: string;
  address: string;
  city: string;
  phone: string;
}

export { goToPayment };

/** Asks for a verified email before the form (the server requires one to book or order). */
export default function ShippingPage() {
  return <RequireVerifiedEmail><ShippingPageForm /></RequireVerifiedEmail>;
}

function ShippingPageForm() {
  const { t } = useTranslation('pharmacy');
  const { t: tc, i18n } = useTranslation();
  const addressCount = useLengthCount(300);
  const session = useSession();
  const navigate = useNavigate();
  const { cart, flags, accept, quote } = useCartQuote();
  const attached = useCartPrescription();
  const titleOf = useDoctorTitle();
  const [progress, setProgress] = useState<number | null>(null);
  const [createOrder, { loading }] = useMutation(CreateOrderDocument);
  const [error, setError] = useState<string | null>(null);
  // The server decides (its quote says which medicines need a prescription); the catalogue's flag until it answers.
  const rxNeeded = cart.some((item) => quote?.lines.find((l) => String(l.medicineId) === item.id)?.medicine?.prescriptionRequired ?? item.prescriptionRequired);
  // 'Please enter your details' stays until every field is filled (each missing one is marked too).
  const [incomplete, setIncomplete] = useState(false);
  const [form] = Form.useForm<ShippingValues>();
  // The profile's mobile number fills the delivery's while it is empty (the name comes with the session).
  const myPhone = useMyDetails()?.phone;
  useEffect(() => {
    if (myPhone && !form.getFieldValue('phone')) form.setFieldsValue({ phone: myPhone });
  }, [myPhone, form]);
  const required = (msg: string) => [{ required: true, whitespace: true, message: msg }];

  async function confirm(v: ShippingValues) {
    const name = v.name.trim();
    const address = v.address.trim();
    const city = v.city.trim();
    const phone = v.phone.trim();
    setIncomplete(false);
    setError(null);
    // The form's rule asked for the photo beside its field (photos below) when the cart needs one.
    const photo = rxNeeded && !attached ? v.photos?.[0] ?? null : null;
    try {
      if (photo) setProgress(0);
      const res = await createOrder({
        variables: {
          input: {
            shippingInfo: { name, address, city, phone },
            orderItems: cart.map((c) => ({ medicineId: c.id, quantity: c.quantity })),
            paymentMethod: v.paymentMethod,
            prescriptionId: rxNeeded && attached ? attached.id : null,
            familyMemberId: familyMemberIdOf(v.careFor),
          },
          prescriptionImage: photo,
        },
        context: photo ? { fetchOptions: { onProgress: (f: number) => setProgress(f) } } : undefined,
      });
      const placed = res.data?.createOrder;
      if (placed?.order.status === 'PrescriptionCheck') {
        // Nothing to pay yet: a pharmacist checks the photo first; the patient pays from My orders.
        clearCart();
        flash(t('sentForCheck'), 'success', 6000);
        navigate(paths.myOrder);
        return;
      }
      if (placed?.paymentUrl) {
        if (placed.tranId) rememberCheckout(placed.tranId);
        goToPayment.assign(placed.paymentUrl);
      }
    } catch (e) {
      setError(showRefusal(form, e));
    } finally {
      setProgress(null);
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
        <FormAlert message={error} />
        {incomplete && <Alert type="error" showIcon message={tc('messages.enterDetails')} role="alert" style={{ marginBottom: 16 }} data-testid="shipping-incomplete" />}
        <Form noValidate form={form} layout="vertical" initialValues={{ name: session?.user.name ?? '', careFor: FOR_ME }} onFinish={confirm}
          onFinishFailed={({ errorFields }) => setIncomplete(errorFields.some((f) => f.name[0] !== 'photos'))}
          onValuesChange={() => { if (incomplete) form.validateFields().then(() => setIncomplete(false), () => undefined); }}>
          {/* No method is chosen for the patient: bKash and Nagad are both offered, neither assumed. */}
          <Form.Item name="paymentMethod" label={t('paymentMethod')} rules={required(t('paymentRequired'))}>
            <Select placeholder={t('choosePayment')} options={[{ value: 'Bkash', label: 'Bkash' }, { value: 'Nagad', label: 'Nagad' }]} />
          </Form.Item>
          <Form.Item name="name" label={t('yourName')} rules={required(t('nameRequired'))}><Input autoComplete="name" maxLength={100} /></Form.Item>
          <Form.Item name="address" label={t('location')} rules={required(t('addressRequired'))}><Input autoComplete="street-address" maxLength={300} count={addressCount} /></Form.Item>
          <Form.Item name="city" label={t('city')} rules={required(t('cityRequired'))}><Input autoComplete="address-level2" maxLength={100} /></Form.Item>
          <Form.Item name="phone" label={t('phone')} rules={required(t('phoneRequired'))} extra={t('phoneHint')}>
            <Input autoComplete="tel" inputMode="tel" maxLength={20} />
          </Form.Item>
          <Form.Item name="careFor" label={tc('care.forWhom')}><CareForSelect /></Form.Item>
          {rxNeeded && (
            <section className="rx-note" aria-labelledby="rx-title" data-testid="rx-section">
              <h2 id="rx-title" style={{ fontSize: 16, margin: '0 0 6px' }}>{t('prescription')}</h2>
              <p style={{ margin: '0 0 8px' }}>{t('prescriptionNeeded')}</p>
              {attached ? (
                <>
                  <p style={{ margin: '0 0 8px' }} data-testid="rx-attached">{attached.kind === 'paper'
                    ? t('usingPaperPrescription', { date: formatDate(attached.issuedAt, i18n.language) })
                    : t('usingPrescription', { doctor: `${attached.doctorTitle ? `${titleOf(attached.doctorTitle)} ` : ''}${attached.doctorName ?? ''}`, date: formatDate(attached.issuedAt, i18n.language) })}</p>
                  <Button size="small" onClick={() => setCartPrescription(null)}>{t('usePhotoInstead')}</Button>
                </>
              ) : (
                <Form.Item name="photos" label={t('uploadPrescription')} htmlFor="prescription-photo" extra={t('uploadHint')} style={{ marginBottom: 0 }} initialValue={[]}
                  rules={[{ validator: (_, files?: File[]) => (files?.length ? Promise.resolve() : Promise.reject(new Error(t('prescriptionPhotoRequired')))) }]}>
                  <ImagePicker id="prescription-photo" alt={t('uploadPrescription')} />
                </Form.Item>
              )}
            </section>
          )}
          {progress !== null && (
            <div role="progressbar" aria-label={t('uploadingLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)} data-testid="upload-progress">
              <div className="upload-progress"><span style={{ width: `${Math.round(progress * 100)}%` }} /></div>
              <span className="med-meta">{t('uploading', { percent: Math.round(progress * 100) })}</span>
            </div>
          )}
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
