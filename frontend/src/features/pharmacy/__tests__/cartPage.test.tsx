import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaymentByTranIdDocument, QuoteCartDocument } from '@/gql/graphql';
import { setSession } from '@/lib/session';
import { renderScreen } from '@/test/render';
import { addItem, getCart, setCart } from '../cart/cart';
import { checkoutOfCart, rememberCheckout } from '../cart/checkout';
import CartPage from '../pages/CartPage';

const napa = { id: 'm1', name: 'Napa', unit: 'Strip' as const, imageUrl: null, pricePoisha: 1200, stock: 10 };
const quote = {
  request: { query: QuoteCartDocument, variables: { items: [{ medicineId: 'm1', quantity: 2 }] } },
  result: { data: { quoteCart: { __typename: 'CartQuote', itemsPoisha: 2400, shippingPoisha: 6000, totalPoisha: 8400, maxQuantityPerLine: 10, maxLines: 50, lines: [
    { __typename: 'CartQuoteLine', medicineId: 'm1', quantity: 2, unitPricePoisha: 1200, lineTotalPoisha: 2400, available: true,
      medicine: { __typename: 'Medicine', id: 'm1', stock: 10, name: 'Napa', prescriptionRequired: false } },
  ] } } },
};

const open = () => renderScreen(<CartPage />, { path: '/cart', route: '/cart', mocks: [quote] });

describe('/cart (without antd)', () => {
  beforeEach(() => setCart(addItem(addItem([], napa), napa)));

  it("shows the lines and the server's total, in plain elements", async () => {
    open();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('৳ 84'));
    expect(screen.getByTestId('cart-qty')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'Check out' })).toBeEnabled();
    expect(document.querySelector('.card [class*="ant-"]')).toBeNull();
  });

  it('asks before removing a line: Cancel keeps it, Remove takes it out', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this item?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getCart()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(getCart()).toHaveLength(0);
    expect(await screen.findByText('Your Cart is Currently Empty')).toBeInTheDocument();
  });

  it('asks before clearing the cart; Escape keeps it', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByRole('dialog', { name: 'Remove every item from the cart?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(getCart()).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear cart' }));
    expect(getCart()).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/medicine');
  });
});

describe('the payment the cart went to', () => {
  const paid = (status: string) => ({
    request: { query: PaymentByTranIdDocument, variables: { tranId: 'NRG1' } },
    result: { data: { payment: { __typename: 'Payment', tranId: 'NRG1', status, purpose: 'Order', purposeId: 'o1', amountPoisha: 8400, provider: 'Bkash', providerTrxId: null, failureReason: null } } },
  });
  beforeEach(() => {
    setCart(addItem(addItem([], napa), napa));
    setSession({ token: 't', refreshToken: 'r', user: { id: 'u1', name: 'Rahima', email: 'p@nirog.test', role: 'user' } });
    rememberCheckout('NRG1');
  });
  afterEach(() => setSession(null));

  it('paid but the payer never landed (the tab closed on the provider\'s page): the cart is emptied, not offered again', async () => {
    renderScreen(<CartPage />, { path: '/cart', route: '/cart', mocks: [quote, paid('Completed')] });
    expect(await screen.findByText('Your Cart is Currently Empty')).toBeInTheDocument();
    expect(getCart()).toHaveLength(0);
    expect(checkoutOfCart()).toBeNull();
  });

  it('cancelled at the provider: the cart stays to try again, and the payment is forgotten', async () => {
    renderScreen(<CartPage />, { path: '/cart', route: '/cart', mocks: [quote, paid('Cancelled')] });
    await waitFor(() => expect(checkoutOfCart()).toBeNull());
    expect(getCart()).toHaveLength(1);
    expect(screen.getByTestId('cart-qty')).toHaveTextContent('2');
  });
});
