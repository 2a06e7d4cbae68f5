import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { MyOrdersDocument, PrescriptionOrderDetailDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { useFreshLinks } from '@/lib/fresh-links';
import i18n from '@/i18n';
import MyOrdersPage from '../pages/MyOrdersPage';
import PrescriptionReviewPage from '../pages/PrescriptionReviewPage';

/** A prescription photo comes as a short-lived link: shown through it, and asked for again before and after it stops working. */
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const photoOrder = (url: string) => ({
  __typename: 'Order', id: 'o1', status: 'PrescriptionCheck', paymentStatus: 'Pending', paymentMethod: 'Bkash', paymentTranId: '',
  itemsPoisha: 10500, shippingPoisha: 6000, totalPoisha: 16500, createdAt: '2026-11-20T04:00:00.000Z', paidAt: null, deliveredAt: null, paymentUrl: null,
  cancelReason: null, prescriptionRequired: true, prescriptionNote: null, refunds: [], canPay: false,
  prescriptionImageUrl: url, prescriptionImageExpiresAt: inMinutes(5),
  careFor: { __typename: 'CareRecipient', familyMemberId: null, name: 'Rahima Akter', relation: null },
  items: [{ __typename: 'OrderItem', id: 'i1', medicineId: 'm1', name: 'Zimax', strength: '500 mg', prescriptionRequired: true, unit: 'Strip', imageUrl: null, quantity: 1, unitPricePoisha: 10500, lineTotalPoisha: 10500 }],
});
const myOrders = (url: string) => ({
  request: { query: MyOrdersDocument, variables: { page: 1 } },
  result: { data: { myOrders: { __typename: 'OrderPage', items: [photoOrder(url)], total: 1, page: 1, pageCount: 1 } } },
});

afterEach(async () => {
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('the photo on my orders', () => {
  it('shows a small copy beside "View prescription", which opens the photo through its link', async () => {
    renderScreen(<MyOrdersPage />, { mocks: [myOrders('/api/medical-files/first.sig')] });
    const link = await screen.findByRole('link', { name: 'View prescription' });
    expect(link).toHaveAttribute('href', '/api/medical-files/first.sig');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByTestId('rx-thumb')).toHaveAttribute('src', '/api/medical-files/first.sig');
  });

  it('asks for the order again when the link does not load, and shows the fresh one', async () => {
    renderScreen(<MyOrdersPage />, { mocks: [myOrders('/api/medical-files/old.sig'), myOrders('/api/medical-files/new.sig')] });
    fireEvent.error(await screen.findByTestId('rx-thumb'));
    await waitFor(() => expect(screen.getByTestId('rx-thumb')).toHaveAttribute('src', '/api/medical-files/new.sig'));
  });

  it('says the photo cannot be shown when the fresh link is the same and does not load either, in Bangla too', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<MyOrdersPage />, { mocks: [myOrders('/api/medical-files/gone.sig'), myOrders('/api/medical-files/gone.sig')] });
    fireEvent.error(await screen.findByTestId('rx-thumb'));
    expect(await screen.findByText('প্রেসক্রিপশনের ছবিটি দেখানো যাচ্ছে না')).toBeInTheDocument();
  });
});

describe("the pharmacist's check", () => {
  it('shows the photo in full through its link, with words for a screen reader', async () => {
    const detail = {
      request: { query: PrescriptionOrderDetailDocument, variables: { id: 'o1' } },
      result: { data: { order: { ...photoOrder('/api/medical-files/pharm.sig'), prescriptionReviewedAt: null, customerName: 'Rahima Akter', customerEmail: 'patient@nirog.test',
        shippingName: 'Rahima Akter', shippingPhone: '01712345678', shippingAddress: 'House 12', shippingCity: 'Dhaka' } } },
    };
    renderScreen(<PrescriptionReviewPage />, { path: '/pharmacy/prescriptions/:orderId', route: '/pharmacy/prescriptions/o1', mocks: [detail] });
    const photo = await screen.findByTestId('rx-photo');
    expect(photo).toHaveAttribute('src', '/api/medical-files/pharm.sig');
    expect(photo).toHaveAttribute('alt', 'Photo of the prescription sent with the order');
  });
});

describe('links kept fresh', () => {
  it('asks again half a minute before the first link stops working, and not before', () => {
    vi.useFakeTimers();
    const refetch = vi.fn(() => Promise.resolve());
    renderHook(() => useFreshLinks([inMinutes(5), null, inMinutes(2)], refetch));
    act(() => { vi.advanceTimersByTime(89_000); });
    expect(refetch).not.toHaveBeenCalled();
    act(() => { vi.advanceTimersByTime(2_000); });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('does nothing without links', () => {
    vi.useFakeTimers();
    const refetch = vi.fn();
    renderHook(() => useFreshLinks([null, undefined], refetch));
    act(() => { vi.advanceTimersByTime(3_600_000); });
    expect(refetch).not.toHaveBeenCalled();
  });
});
