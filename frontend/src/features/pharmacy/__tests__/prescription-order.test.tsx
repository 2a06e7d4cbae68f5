import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CreateOrderDocument, PrescriptionCartDocument, QuoteCartDocument, type DispensingLineFieldsFragment, type PrescriptionCartQuery, type QuoteCartQuery } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { fillFromPrescription, getCartPrescription, setCartPrescription } from '../cart/cartPrescription';
import { addItem, clearCart, getCart, setCart } from '../cart/cart';
import PrescriptionOrderPage from '../pages/PrescriptionOrderPage';
import ShippingPage, { goToPayment } from '../pages/ShippingPage';

type Choice = PrescriptionCartQuery['prescriptionCart']['lines'][number]['choices'][number];
const medicine = (id: string, name: string, extra: Partial<Choice['medicine']> = {}): Choice['medicine'] => ({
  __typename: 'Medicine', id, name, nameBn: '', genericName: 'Generic', company: 'Square', strength: '500 mg', form: 'Tablet', unit: 'Strip', pricePoisha: 10500,
  stock: 50, inStock: true, imageUrl: null, prescriptionRequired: false, ...extra,
});
/** A prescription line's ledger as the server gives it: `remaining` of `allowed` doses left. */
const ledger = (lineNo: number, allowed: number, remaining = allowed, extra: Partial<DispensingLineFieldsFragment> = {}): DispensingLineFieldsFragment => ({
  __typename: 'DispensingLine', lineNo, medname: 'line', medicineId: null, measure: 'Dose', course: allowed, refills: 0, allowed,
  dispensed: allowed - remaining, held: 0, remaining, validUntil: '2026-12-24T10:00:00.000Z', expired: false, ...extra,
});

const cartOf = {
  request: { query: PrescriptionCartDocument, variables: { prescriptionId: 'p1' } },
  result: {
    data: {
      prescriptionCart: {
        __typename: 'PrescriptionCart', prescriptionId: 'p1', doctorTitle: 'Dr', doctorName: 'Ayesha Siddiqua', issuedAt: '2026-11-24T10:00:00.000Z',
        lines: [
          { __typename: 'PrescriptionCartLine', medname: 'Tab. Zimax 500 mg', dailyUse: '1+0+0', days: 3, prescribedQuantity: '3 tablets', sure: true, dispensing: ledger(0, 3),
            choices: [{ __typename: 'PrescriptionCartChoice', quantity: 1, left: 1, medicine: medicine('zimax', 'Zimax', { prescriptionRequired: true }) }] },
          { __typename: 'PrescriptionCartLine', medname: 'Montelukast 10 mg', dailyUse: '0+0+1', days: 14, prescribedQuantity: '14 tablets', sure: false, dispensing: ledger(1, 14),
            choices: [
              { __typename: 'PrescriptionCartChoice', quantity: 2, left: 2, medicine: medicine('monas', 'Monas') },
              { __typename: 'PrescriptionCartChoice', quantity: 2, left: 3, medicine: medicine('montene', 'Montene') },
            ] },
          { __typename: 'PrescriptionCartLine', medname: 'Vitamin C drops', dailyUse: '5 drops', days: 30, prescribedQuantity: '1 bottle', sure: false, choices: [],
            dispensing: ledger(2, 1, 1, { measure: 'Pack' }) },
        ],
      },
    } satisfies PrescriptionCartQuery,
  },
};

/** The same prescription with its antibiotic used up: bought and paid for before. */
const usedUp = {
  request: cartOf.request,
  result: { data: { prescriptionCart: { ...cartOf.result.data.prescriptionCart, lines: [
    { ...cartOf.result.data.prescriptionCart.lines[0]!, dispensing: ledger(0, 3, 0), choices: [{ ...cartOf.result.data.prescriptionCart.lines[0]!.choices[0]!, quantity: 0, left: 0 }] },
  ] } } satisfies PrescriptionCartQuery },
};

beforeEach(() => clearCart());

describe('a prescription into the cart', () => {
  it('puts each chosen medicine in the cart with its quantity, replacing what the cart had of it', () => {
    const cart = addItem([], { id: 'm1', name: 'Napa', unit: 'Strip', pricePoisha: 1200, stock: 10 });
    const next = fillFromPrescription(cart, [
      { item: { id: 'm1', name: 'Napa', unit: 'Strip', pricePoisha: 1200, stock: 10 }, quantity: 3 },
      { item: { id: 'm2', name: 'Zimax', unit: 'Strip', pricePoisha: 10500, stock: 10, prescriptionRequired: true }, quantity: 1 },
    ]);
    expect(next.map((c) => [c.id, c.quantity])).toEqual([['m1', 3], ['m2', 1]]);
  });

  it('starts with the sure lines chosen and the unsure ones skipped; adds only what the patient confirms, with the prescription', async () => {
    renderScreen(<PrescriptionOrderPage />, { path: '/my-prescription/:prescriptionId/order', route: '/my-prescription/p1/order', mocks: [cartOf] });
    expect(await screen.findByText('Tab. Zimax 500 mg')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Zimax 500 mg/ })).toBeChecked();
    const skips = screen.getAllByRole('radio', { name: 'Skip this medicine' });
    expect(skips[1]).toBeChecked();
    expect(skips[2]).toBeChecked();
    expect(screen.getByText('Not sold on Nirog: buy it elsewhere')).toBeInTheDocument();
    expect(getCart()).toEqual([]);

    await userEvent.click(screen.getByRole('radio', { name: /Montene 500 mg/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Increase: Montene 500 mg' }));
    await userEvent.click(screen.getByTestId('rx-add-to-cart'));
    await waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(getCart().map((c) => [c.name, c.quantity, !!c.prescriptionRequired])).toEqual([['Zimax', 1, true], ['Montene', 3, false]]);
    expect(getCartPrescription()).toMatchObject({ id: 'p1', doctorTitle: 'Dr', doctorName: 'Ayesha Siddiqua' });
  });

  it('shows what each line allows, and starts a used-up line skipped, its medicine not to be chosen', async () => {
    renderScreen(<PrescriptionOrderPage />, { path: '/my-prescription/:prescriptionId/order', route: '/my-prescription/p1/order', mocks: [usedUp] });
    expect(await screen.findByText('Your prescription allows no more of this medicine')).toBeInTheDocument();
    expect(screen.getByTestId('dispensing')).toHaveTextContent('Dispensed 3 doses · Used up (3 doses) · No refills');
    expect(screen.getByRole('radio', { name: /Zimax 500 mg/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Skip this medicine' })).toBeChecked();
  });

  it('lets + go no further than what the prescription has left', async () => {
    renderScreen(<PrescriptionOrderPage />, { path: '/my-prescription/:prescriptionId/order', route: '/my-prescription/p1/order', mocks: [cartOf] });
    await userEvent.click(await screen.findByRole('radio', { name: /Montene 500 mg/ }));
    const more = screen.getByRole('button', { name: 'Increase: Montene 500 mg' });
    await userEvent.click(more);
    expect(more).toBeDisabled();
  });

  it('adds nothing when every line is skipped, and says so', async () => {
    renderScreen(<PrescriptionOrderPage />, { path: '/my-prescription/:prescriptionId/order', route: '/my-prescription/p1/order', mocks: [cartOf] });
    await userEvent.click((await screen.findAllByRole('radio', { name: 'Skip this medicine' }))[0]!);
    await userEvent.click(screen.getByTestId('rx-add-to-cart'));
    expect(await screen.findByText('Choose at least one medicine')).toBeInTheDocument();
    expect(getCart()).toEqual([]);
  });
});

describe('checkout of a prescription-only medicine', () => {
  const zimax = { id: 'zimax', name: 'Zimax', unit: 'Strip' as const, imageUrl: null, pricePoisha: 10500, stock: 10, prescriptionRequired: true };
  const quote = {
    request: { query: QuoteCartDocument, variables: { items: [{ medicineId: 'zimax', quantity: 1 }] } },
    result: { data: { quoteCart: { __typename: 'CartQuote', itemsPoisha: 10500, shippingPoisha: 6000, totalPoisha: 16500, maxQuantityPerLine: 100, maxLines: 50, lines: [
      { __typename: 'CartQuoteLine', medicineId: 'zimax', quantity: 1, unitPricePoisha: 10500, lineTotalPoisha: 10500, available: true, prescriptionAllows: null,
        medicine: { __typename: 'Medicine', id: 'zimax', stock: 10, name: 'Zimax', prescriptionRequired: true } },
    ] } } satisfies QuoteCartQuery },
  };
  async function fill() {
    await userEvent.type(screen.getByLabelText('Your Name'), 'Rahima Akter');
    await userEvent.type(screen.getByLabelText('Location (house,road,sector)'), 'House 12');
    await userEvent.type(screen.getByLabelText('City'), 'Dhaka');
    await userEvent.type(screen.getByLabelText('Phone No'), '01712345678');
    await userEvent.click(screen.getByLabelText('Payment method'));
    await userEvent.click(await screen.findByTitle('Bkash'));
  }

  it('asks for a photo when no Nirog prescription goes with the cart, and sends nothing without one', async () => {
    setCart(addItem([], zimax));
    const create = vi.fn();
    renderScreen(<ShippingPage />, { mocks: [quote, { request: { query: CreateOrderDocument, variables: () => true }, result: () => { create(); return { data: null }; } }] });
    expect(await screen.findByTestId('rx-section')).toHaveTextContent('Some medicines in your cart are sold only with a prescription.');
    expect(screen.getByLabelText('Photo of your prescription')).toBeInTheDocument();
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Add a photo of your prescription')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  /** The quote asked with the cart's prescription: it says what the prescription still allows. */
  const quoteWith = (allows: number) => ({
    request: { query: QuoteCartDocument, variables: { items: [{ medicineId: 'zimax', quantity: 1 }], prescriptionId: 'p1' } },
    result: { data: { quoteCart: { ...quote.result.data.quoteCart, lines: [{ ...quote.result.data.quoteCart.lines[0]!, prescriptionAllows: allows }] } } satisfies QuoteCartQuery },
  });

  // The quote asks what a prescription allows only for a signed-in patient (a visitor's quote names none).
  // (No name on the account: the form would start with it, and fill() types the whole name.)
  const signIn = () => setSession({ token: 'a.b.c', refreshToken: 'r', user: { id: 'u1', name: '', email: 'patient@nirog.test', role: 'user' } });
  afterEach(() => setSession(null));

  it('stops checkout when the cart asks for more than the prescription allows, and offers what is left', async () => {
    signIn();
    setCart([{ ...zimax, quantity: 1 }]);
    setCartPrescription({ id: 'p1', doctorTitle: 'Dr', doctorName: 'Ayesha Siddiqua', issuedAt: '2026-11-24T10:00:00.000Z' });
    renderScreen(<ShippingPage />, { mocks: [quoteWith(0)] });
    expect(await screen.findByTestId('rx-limit')).toHaveTextContent('Your prescription allows no more of it');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  it('sends the Nirog prescription the cart came from, and goes to the payment page', async () => {
    signIn();
    setCart(addItem([], zimax));
    setCartPrescription({ id: 'p1', doctorTitle: 'Dr', doctorName: 'Ayesha Siddiqua', issuedAt: '2026-11-24T10:00:00.000Z' });
    const assign = vi.spyOn(goToPayment, 'assign').mockImplementation(() => {});
    const input = {
      shippingInfo: { name: 'Rahima Akter', address: 'House 12', city: 'Dhaka', phone: '01712345678' },
      orderItems: [{ medicineId: 'zimax', quantity: 1 }], paymentMethod: 'Bkash', prescriptionId: 'p1', familyMemberId: null,
    };
    renderScreen(<ShippingPage />, { mocks: [quoteWith(1), {
      request: { query: CreateOrderDocument, variables: { input, prescriptionImage: null } },
      result: { data: { createOrder: { __typename: 'CheckoutResult', paymentUrl: 'http://localhost/sandbox/bkash/checkout/TR1', tranId: 'NRG1', order: { __typename: 'Order', id: 'o1', status: 'Processing' } } } },
    }] });
    expect(await screen.findByTestId('rx-attached')).toHaveTextContent('Dr. Ayesha Siddiqua');
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/bkash/checkout/TR1'));
  });
});
