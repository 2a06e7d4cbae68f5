import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { AdminDashboardDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import DashboardPage from '../pages/DashboardPage';

const periods = (today: number, week: number, month: number) => ({ __typename: 'PeriodCounts', today, week, month });
const amounts = (today: number, week: number, month: number) => ({ __typename: 'PeriodAmounts', today, week, month });
const status = (s: string, count: number) => ({ __typename: 'StatusCount', status: s, count });
const dashboard = {
  __typename: 'AdminDashboard', generatedAt: '2026-11-22T06:00:00.000Z', weekStart: '2026-11-21', monthStart: '2026-11-01',
  consultations: periods(3, 12, 40), hospitalVisits: periods(1, 4, 9),
  consultationRevenuePoisha: amounts(150000, 600000, 123456789), orderRevenuePoisha: amounts(0, 25050, 99900),
  ordersByStatus: [status('Processing', 2), status('Confirmed', 5), status('Delivered', 30), status('Cancelled', 1)],
  hiresByStatus: [status('Processing', 1), status('Confirmed', 0), status('Completed', 7), status('Cancelled', 2)],
  newPatients: periods(2, 5, 21), newDoctors: periods(0, 1, 3), pendingDoctors: 4, waitingBloodRequests: 6, lowStockMedicines: 2, lowStockThreshold: 10,
  daily: Array.from({ length: 30 }, (_, i) => ({
    __typename: 'DailyFigures', date: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10), consultations: i % 4, hospitalVisits: i % 2,
    consultationRevenuePoisha: (i % 4) * 50000, orderRevenuePoisha: i * 1000,
  })),
};
const mocks = [{ request: { query: AdminDashboardDocument }, result: { data: { adminDashboard: dashboard } }, maxUsageCount: Number.POSITIVE_INFINITY }];

describe('/admin-dashboard', () => {
  it("shows the server's figures, money through the taka formatter, and each tile links to its filtered table (followed in dashboard-links.test.tsx)", async () => {
    renderScreen(<DashboardPage />, { mocks: mocks as never, path: '/admin-dashboard', route: '/admin-dashboard' });
    const pending = await screen.findByTestId('tile-pending-doctors');
    expect(within(pending).getByText('4')).toBeInTheDocument();
    expect(pending).toHaveAttribute('href', '/admin/pending-doctors');
    const consult = screen.getByTestId('tile-consultations');
    expect(within(consult).getByText('3')).toBeInTheDocument();
    expect(within(consult).getByText('This week 12 · this month 40')).toBeInTheDocument();
    expect(consult).toHaveAttribute('href', '/admin-appointments?kind=Video');
    expect(screen.getByTestId('tile-visits')).toHaveAttribute('href', '/admin-appointments?kind=Hospital');
    // 123456789 poisha = ৳ 12,34,567.89 (Bangladeshi grouping).
    expect(within(screen.getByTestId('tile-consultation-revenue')).getByText('৳ 12,34,567.89')).toBeInTheDocument();
    expect(within(screen.getByTestId('tile-order-revenue')).getByText('Today ৳ 0 · this week ৳ 250.50')).toBeInTheDocument();
    expect(screen.getByTestId('tile-low-stock')).toHaveAttribute('href', '/admin/medicines?lowStock=1');
    expect(screen.getByTestId('tile-order-revenue')).toHaveAttribute('href', '/admin/user/order?paymentStatus=Paid');
    expect(screen.getByTestId('tile-blood')).toHaveAttribute('href', '/admin/requests?tab=blood');
    const orders = screen.getByRole('region', { name: 'Orders by status' });
    expect(within(orders).getByRole('link', { name: /Delivered\s*30/ })).toHaveAttribute('href', '/admin/user/order?status=Delivered');
    const hires = screen.getByRole('region', { name: 'Nurse hires by status' });
    expect(within(hires).getByRole('link', { name: /Completed\s*7/ })).toHaveAttribute('href', '/admin/all-hired-nurses?status=Completed');
  });

  it('says what went wrong and offers a retry when the figures cannot load', async () => {
    renderScreen(<DashboardPage />, {
      mocks: [{ request: { query: AdminDashboardDocument }, result: { errors: [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }] } }] as never,
      path: '/admin-dashboard', route: '/admin-dashboard',
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('tile-pending-doctors')).toBeNull();
  });
});
