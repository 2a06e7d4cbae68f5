import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { MyOrdersDocument, PaymentByTranIdDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { addItem, getCart, setCart } from '../cart/cart';
import MyOrdersPage from '../pages/MyOrdersPage';
import PaymentResultPage from '../pages/PaymentResultPage';

const orders = (items: unknown[]) => ({
  request: { query: MyOrdersDocument, variables: { page: 1 } },
  result: { data: { myOrders: { __typename: 'OrderPage', items, total: items.length, page: 1, pageCount: 1 } } },
});

const order = {
  __typename: 'Order', careFor: { __typename: 'CareRecipient', accountName: 'Rahima Akter', familyMemberId: null, name: 'Rahima Akter', relation: null }, id: 'o1', status: 'Delivered', paymentStatus: 'Paid', paymentMethod: 'Bkash', paymentTranId: 'NRG1',
  itemsPoisha: 5000, shippingPoisha: 6000, totalPoisha: 11000, createdAt: '2026-11-20T04:00:00.000Z', paidAt: null, deliveredAt: null, paymentUrl: null,
  cancelReason: null, prescriptionRequired: false, prescriptionNote: null, refunds: [], canPay: false, prescriptionImageUrl: null, prescriptionImageExpiresAt: null,
  items: [{ __typename: 'OrderItem', id: 'i1', medicineId: 'm1', name: 'Napa Extra', strength: '500 mg', prescriptionRequired: false, unit: 'Strip', imageUrl: null, quantity: 2, unitPricePoisha: 2500, lineTotalPoisha: 5000 }],
};

describe('my orders', () => {
  it("says 'No order found' with a link to the medicines", async () => {
    renderScreen(<MyOrdersPage />, { mocks: [orders([])] });
    expect(await screen.findByText('No order found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Order some medicine!' })).toHaveAttribute('href', '/medicine');
  });

  it('shows each item with its quantity and unit, total price in BDT and the status', async () => {
    renderScreen(<MyOrdersPage />, { mocks: [orders([order])] });
    expect((await screen.findAllByText(/Napa Extra/))[0]).toBeInTheDocument();
    expect(screen.getByText('Quantity 2 (strip)')).toBeInTheDocument();
    expect(screen.getByText('Total Price 50.00 BDT')).toBeInTheDocument();
    expect(screen.getByText(/Delivered/)).toBeInTheDocument();
  });
});

describe('payment result', () => {
  const payment = (status: string) => ({
    request: { query: PaymentByTranIdDocument, variables: { tranId: 'NRG1' } },
    result: { data: { payment: { __typename: 'Payment', tranId: 'NRG1', status, purpose: 'Order', purposeId: 'o1', amountPoisha: 11000, provider: 'Bkash', providerTrxId: 'T1', failureReason: null } } },
  });

  it("asks the server, shows 'Payment Success' with Done to my orders, and empties the cart", async () => {
    setCart(addItem([], { id: 'm1', name: 'Napa', unit: 'Strip', pricePoisha: 1200, stock: 3 }));
    renderScreen(<PaymentResultPage />, { path: '/order/payment/successfull/:tranId', route: '/order/payment/successfull/NRG1', mocks: [payment('Completed')] });
    expect(await screen.findByText('Payment Success')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/my-order');
    expect(getCart()).toEqual([]);
  });

  it('sends a paid consultation to the consultation history', async () => {
    const consultation = payment('Completed');
    (consultation.result.data.payment as { purpose: string }).purpose = 'Consultation';
    renderScreen(<PaymentResultPage />, { path: '/payment/successfull/:tranId', route: '/payment/successfull/NRG1', mocks: [consultation] });
    expect(await screen.findByText('Payment Success')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Done' })).toHaveAttribute('href', '/my-booking');
  });

  it('does not believe a success URL for a payment the server has not confirmed', async () => {
    renderScreen(<PaymentResultPage />, { path: '/order/payment/successfull/:tranId', route: '/order/payment/successfull/NRG1', mocks: [payment('Cancelled')] });
    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    expect(screen.queryByText('Payment Success')).not.toBeInTheDocument();
  });
});
