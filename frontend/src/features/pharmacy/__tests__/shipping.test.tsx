import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateOrderDocument, QuoteCartDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { addItem, setCart } from '../cart/cart';
import ShippingPage, { goToPayment } from '../pages/ShippingPage';

const napa = { id: 'm1', name: 'Napa', unit: 'Strip' as const, imageUrl: null, pricePoisha: 1200, stock: 10 };
const quote = {
  request: { query: QuoteCartDocument, variables: { items: [{ medicineId: 'm1', quantity: 2 }] } },
  // The server's figures (a shipping charge of 50 here, not the 60 a client might assume): the screen shows exactly these.
  result: { data: { quoteCart: { __typename: 'CartQuote', itemsPoisha: 2400, shippingPoisha: 5000, totalPoisha: 7400, maxQuantityPerLine: 2, maxLines: 50, lines: [
    { __typename: 'CartQuoteLine', medicineId: 'm1', quantity: 2, unitPricePoisha: 1200, lineTotalPoisha: 2400, available: true,
      medicine: { __typename: 'Medicine', id: 'm1', stock: 10, name: 'Napa', prescriptionRequired: false } },
  ] } } },
};

beforeEach(() => setCart(addItem(addItem([], napa), napa)));

describe('shipping screen', () => {
  it("says 'Please enter your details' and sends nothing when a field is missing", async () => {
    const create = vi.fn();
    renderScreen(<ShippingPage />, { mocks: [quote, { request: { query: CreateOrderDocument, variables: () => true }, result: () => { create(); return { data: null }; } }] });
    await userEvent.type(screen.getByLabelText('Your Name'), 'Rahima');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter your details')).toBeInTheDocument();
    // Each missing field is marked, and the notice stays (it is no 2-second toast).
    expect(screen.getByText('Enter the city')).toBeInTheDocument();
    expect(screen.getByText('Choose bKash or Nagad')).toBeInTheDocument();
    expect(screen.getByTestId('shipping-incomplete')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('shows the Order Review with price × quantity = line total and the server\'s shipping and total, none of its own', async () => {
    renderScreen(<ShippingPage />, { mocks: [quote] });
    expect(screen.getByRole('heading', { name: 'Order Review' })).toBeInTheDocument();
    expect(screen.getByText(/৳ 12 × 2 = ৳ 24/)).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('…');
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('৳ 74'));
    expect(screen.getByTestId('cart-summary')).toHaveTextContent('৳ 50');
    // The server allows 2 of this line: + is off at 2.
    expect(screen.getByRole('button', { name: 'Increase' })).toBeDisabled();
  });

  it('creates the order with lines only (no prices) and goes to the payment page', async () => {
    const assign = vi.spyOn(goToPayment, 'assign').mockImplementation(() => {});
    const input = {
      shippingInfo: { name: 'Rahima Akter', address: 'House 12, Road 5, Sector 7', city: 'Dhaka', phone: '01712345678' },
      orderItems: [{ medicineId: 'm1', quantity: 2 }],
      paymentMethod: 'Bkash',
      prescriptionId: null,
      familyMemberId: null,
    };
    renderScreen(<ShippingPage />, { mocks: [quote, {
      request: { query: CreateOrderDocument, variables: { input, prescriptionImage: null } },
      result: { data: { createOrder: { __typename: 'CheckoutResult', paymentUrl: 'http://localhost/sandbox/bkash/checkout/TR0011X', tranId: 'NRG1', order: { __typename: 'Order', id: 'o1', status: 'Processing' } } } },
    }] });
    await userEvent.type(screen.getByLabelText('Your Name'), 'Rahima Akter');
    await userEvent.type(screen.getByLabelText('Location (house,road,sector)'), input.shippingInfo.address);
    await userEvent.type(screen.getByLabelText('City'), 'Dhaka');
    await userEvent.type(screen.getByLabelText('Phone No'), '01712345678');
    // The method is asked for, never assumed.
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Choose bKash or Nagad')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Payment method'));
    await userEvent.click(await screen.findByTitle('Bkash'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/bkash/checkout/TR0011X'));
  });
});
