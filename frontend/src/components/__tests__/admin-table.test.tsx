import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminOrdersDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import AdminOrdersPage from '@/features/pharmacy/pages/AdminOrdersPage';

const download = vi.hoisted(() => vi.fn(async (_path: string, filename: string) => ({ filename, rows: 41 })));
vi.mock('@/lib/download', () => ({ downloadCsv: download }));

const order = (id: string, status = 'Delivered') => ({
  __typename: 'Order', careFor: { __typename: 'CareRecipient', accountName: 'Rahima Akter', familyMemberId: null, name: 'Rahima Akter', relation: null }, id, status, nextStatuses: status === 'Delivered' ? [] : ['Delivered', 'Cancelled'], paymentStatus: 'Paid', paymentMethod: 'Bkash', paymentTranId: `T${id}`, itemsPoisha: 117456, shippingPoisha: 6000, totalPoisha: 123456,
  createdAt: '2026-11-20T10:00:00.000Z', paidAt: '2026-11-20T10:02:00.000Z', deliveredAt: null,
  cancelReason: null, prescriptionRequired: false, prescriptionNote: null, refunds: [],
  items: [{ __typename: 'OrderItem', id: `i${id}`, medicineId: 'm1', name: 'Napa', strength: '500 mg', prescriptionRequired: false, unit: 'Strip', imageUrl: null, quantity: 2, unitPricePoisha: 1000, lineTotalPoisha: 2000 }],
  customerName: 'Rahima Akter', customerEmail: 'patient@nirog.test', shippingName: 'Rahima Akter', shippingPhone: '01712345678', shippingAddress: 'House 1', shippingCity: 'Dhaka',
});
const page = (variables: Record<string, unknown>, items: unknown[], p = 1, pageCount = 3) => ({
  maxUsageCount: Number.POSITIVE_INFINITY,
  request: { query: AdminOrdersDocument, variables: { paymentStatus: null, ...variables } },
  result: { data: { adminOrders: { __typename: 'OrderPage', items, total: items.length ? 41 : 0, page: p, pageSize: 20, pageCount: items.length ? pageCount : 1 } } },
});

describe('the shared admin table (orders as the example)', () => {
  beforeEach(() => download.mockClear());

  it('reads filters and sort from the URL, pages with 1st/Prev/Next/Last, and exports exactly the filtered rows', async () => {
    renderScreen(<AdminOrdersPage />, {
      path: '/admin/user/order', route: '/admin/user/order?status=Delivered&paymentStatus=Paid&sort=oldest',
      mocks: [
        page({ page: 1, status: 'Delivered', paymentStatus: 'Paid', sort: 'oldest' }, [order('o1')]),
        page({ page: 2, status: 'Delivered', paymentStatus: 'Paid', sort: 'oldest' }, [order('o2')], 2),
      ] as never,
    });
    expect(await screen.findByText(/Page 1 of 3/)).toBeInTheDocument();
    expect(screen.getByText('41 rows')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1st' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Page 2 of 3/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [url, name] = download.mock.calls[0] as unknown as [string, string];
    expect(name).toBe('nirog-orders.csv');
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/api/admin/orders.csv');
    expect(Object.fromEntries(u.searchParams)).toEqual({ status: 'Delivered', paymentStatus: 'Paid', sort: 'oldest' });
    expect(await screen.findByText('Exported 41 rows to nirog-orders.csv')).toBeInTheDocument();
  });

  it('says when the export failed, and why', async () => {
    download.mockRejectedValueOnce(new Error('Please log in again'));
    renderScreen(<AdminOrdersPage />, {
      path: '/admin/user/order', route: '/admin/user/order?status=Delivered&paymentStatus=Paid&sort=oldest',
      mocks: [page({ page: 1, status: 'Delivered', paymentStatus: 'Paid', sort: 'oldest' }, [order('o1')])] as never,
    });
    await userEvent.click(await screen.findByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText(/The export failed: Please log in again/)).toBeInTheDocument();
  });

  it('shows its empty state when nothing matches', async () => {
    renderScreen(<AdminOrdersPage />, {
      path: '/admin/user/order', route: '/admin/user/order?status=Cancelled',
      mocks: [page({ page: 1, status: 'Cancelled', sort: 'newest' }, [])] as never,
    });
    expect(await screen.findByText('No order found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
