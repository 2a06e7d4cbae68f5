import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, cleanup } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Observable } from 'rxjs';
import { AdminDashboardDocument } from '@/gql/graphql';
import { paths } from '@/config/paths';
import '@/i18n';
import DashboardPage from '../pages/DashboardPage';
import PendingDoctorsPage from '../pages/PendingDoctorsPage';
import AllUsersPage from '../pages/AllUsersPage';
import AdminAppointmentsPage from '@/features/consultations/pages/AdminAppointmentsPage';
import AdminAllDoctorsPage from '@/features/doctors/pages/AdminAllDoctorsPage';
import AdminOrdersPage from '@/features/pharmacy/pages/AdminOrdersPage';
import AdminMedicinesPage from '@/features/pharmacy/pages/AdminMedicinesPage';
import AdminHiredNursesPage from '@/features/nurses/pages/AdminHiredNursesPage';
import AdminInboxPage from '@/features/info/pages/AdminInboxPage';

/**
 * The dashboard's tiles and status rows link to admin tables with filters in the URL. Each link is
 * followed here: the table it names is rendered at that URL, and the query the table sends must
 * carry every filter the link sets (the tab, for the requests inbox, must be the one shown). A
 * filter the table ignores, or spells differently (`?payment=paid` once), fails the test.
 */
const TABLES: Record<string, ComponentType> = {
  [paths.adminAppointments]: AdminAppointmentsPage,
  [paths.adminOrders]: AdminOrdersPage,
  [paths.adminUsers]: AllUsersPage,
  [paths.adminAllDoctors]: AdminAllDoctorsPage,
  [paths.adminHiredNurses]: AdminHiredNursesPage,
  [paths.adminMedicines]: AdminMedicinesPage,
  [paths.adminInbox]: AdminInboxPage,
  [paths.adminPendingDoctors]: PendingDoctorsPage,
};

const periods = (today: number, week: number, month: number) => ({ __typename: 'PeriodCounts', today, week, month });
const amounts = (today: number, week: number, month: number) => ({ __typename: 'PeriodAmounts', today, week, month });
const status = (s: string, count: number) => ({ __typename: 'StatusCount', status: s, count });
const dashboard = {
  __typename: 'AdminDashboard', generatedAt: '2026-11-22T06:00:00.000Z', weekStart: '2026-11-21', monthStart: '2026-11-01',
  consultations: periods(3, 12, 40), hospitalVisits: periods(1, 4, 9),
  consultationRevenuePoisha: amounts(150000, 600000, 900000), orderRevenuePoisha: amounts(0, 25050, 99900),
  ordersByStatus: [status('Processing', 2), status('Confirmed', 5), status('Delivered', 30), status('Cancelled', 1)],
  hiresByStatus: [status('Processing', 1), status('Confirmed', 0), status('Completed', 7), status('Cancelled', 2)],
  newPatients: periods(2, 5, 21), newDoctors: periods(0, 1, 3), pendingDoctors: 4, waitingBloodRequests: 6, lowStockMedicines: 2, lowStockThreshold: 10,
  daily: Array.from({ length: 30 }, (_, i) => ({
    __typename: 'DailyFigures', date: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10), consultations: 0, hospitalVisits: 0,
    consultationRevenuePoisha: 0, orderRevenuePoisha: 0,
  })),
};

async function dashboardLinks(): Promise<URL[]> {
  render(
    <MockedProvider mocks={[{ request: { query: AdminDashboardDocument }, result: { data: { adminDashboard: dashboard } } }]}>
      <AntApp><MemoryRouter initialEntries={['/admin-dashboard']}><DashboardPage /></MemoryRouter></AntApp>
    </MockedProvider>,
  );
  await screen.findByTestId('tile-pending-doctors');
  const links = screen.getAllByRole('link').map((a) => new URL(a.getAttribute('href')!, 'http://nirog.test'));
  cleanup();
  return links;
}

/** Renders the table of `url` with a link that records every operation it sends and answers none. */
async function variablesSentAt(url: URL): Promise<{ operations: Record<string, unknown>[]; selectedTab: string | null }> {
  const operations: Record<string, unknown>[] = [];
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new ApolloLink((operation) => {
      operations.push(operation.variables);
      return new Observable(() => {});
    }),
  });
  const Table = TABLES[url.pathname]!;
  render(
    <ApolloProvider client={client}>
      <AntApp>
        <MemoryRouter initialEntries={[url.pathname + url.search]}>
          <Routes><Route path={url.pathname} element={<Table />} /></Routes>
        </MemoryRouter>
      </AntApp>
    </ApolloProvider>,
  );
  await waitFor(() => expect(operations.length).toBeGreaterThan(0));
  const tab = document.querySelector('[role="tab"][aria-selected="true"]');
  const selectedTab = tab?.id.match(/-tab-(.+)$/)?.[1] ?? null;
  cleanup();
  await client.clearStore();
  return { operations, selectedTab };
}

/** The value a query variable takes for a URL parameter ('1' is the switch's true). */
const asVariable = (value: string): unknown => (value === '1' ? true : value);

describe('the dashboard links to filters that exist', () => {
  it('sends every filter a tile or status row sets in the query of the table it opens', async () => {
    const links = await dashboardLinks();
    expect(links.length).toBeGreaterThan(15);
    const unread: string[] = [];
    for (const url of links) {
      if (!TABLES[url.pathname]) { unread.push(`${url.pathname}: no admin table here`); continue; }
      const { operations, selectedTab } = await variablesSentAt(url);
      for (const [key, value] of url.searchParams) {
        const read = key === 'tab'
          ? selectedTab === value
          : operations.some((vars) => vars[key] === asVariable(value));
        if (!read) unread.push(`${url.pathname}?${key}=${value} (sent: ${JSON.stringify(operations)}${key === 'tab' ? `, tab shown: ${selectedTab}` : ''})`);
      }
    }
    expect(unread).toEqual([]);
  }, 60_000);
});
