import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import '@/i18n';
import { AdminNurseHiresDocument, SetNurseHireStatusDocument } from '@/gql/graphql';
import { todayInDhaka } from '@/lib/dates';
import AdminHiredNursesPage from '../pages/AdminHiredNursesPage';

/** A hire as the server lists it, with the moves the server offers for it (nextStatuses). */
const hire = (status: string, nextStatuses: string[], date = todayInDhaka()) => ({
  __typename: 'NurseHire', id: `h-${status}`, nurseId: 'n1', nurseName: 'Taslima Begum', nurseImageUrl: null, feePoisha: 95000, patientGender: 'Female',
  phone: '01712345678', date, status, nextStatuses, createdAt: '2026-11-20T10:00:00.000Z', patientName: 'Rahima Akter', patientEmail: 'patient@nirog.test',
});
// The page may ask for the list again (after a status change, on re-render): every ask gets an
// answer, so the tests do not depend on how often the page fetches.
const list = (items: unknown[], maxUsageCount = Number.POSITIVE_INFINITY) => ({
  maxUsageCount,
  request: { query: AdminNurseHiresDocument, variables: { page: 1, pageSize: 20, status: null, sort: 'newest' } },
  result: { data: { nurseHires: { __typename: 'NurseHirePage', items, total: items.length, page: 1, pageCount: 1 } } },
});

describe('/admin/all-hired-nurses', () => {
  it('offers exactly the moves the server lists for each hire and confirms after a confirmation', async () => {
    const mocks = [
      list([hire('Processing', ['Confirmed', 'Cancelled']), hire('Completed', [])], 1),
      {
        request: { query: SetNurseHireStatusDocument, variables: { id: 'h-Processing', status: 'Confirmed' } },
        result: { data: { setNurseHireStatus: { __typename: 'NurseHire', id: 'h-Processing', status: 'Confirmed', nextStatuses: ['Completed', 'Cancelled'] } } },
      },
      list([hire('Confirmed', ['Completed', 'Cancelled']), hire('Completed', [])]),
    ];
    render(<MockedProvider mocks={mocks as never}><MemoryRouter><App><AdminHiredNursesPage /></App></MemoryRouter></MockedProvider>);
    await screen.findByText('Processing');
    const rows = screen.getAllByRole('row');
    const processing = rows.find((r) => within(r).queryByText('Processing'))!;
    const completed = rows.find((r) => r !== processing && within(r).queryAllByText('Completed').length > 0)!;
    expect(within(processing).getByRole('button', { name: 'Confirmed' })).toBeInTheDocument();
    expect(within(processing).getByRole('button', { name: 'Cancelled' })).toBeInTheDocument();
    expect(within(processing).queryByRole('button', { name: 'Completed' })).toBeNull();
    expect(within(completed).queryAllByRole('button')).toHaveLength(0);

    await userEvent.click(within(processing).getByRole('button', { name: 'Confirmed' }));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Appointments status updated')).toBeInTheDocument();
  });

  it('decides nothing itself: a confirmed hire of today offers only what the server lists', async () => {
    // The server withholds Completed here (say, before the visit's day); a client copy of the map would offer it.
    render(<MockedProvider mocks={[list([hire('Confirmed', ['Cancelled'])])] as never}><MemoryRouter><App><AdminHiredNursesPage /></App></MemoryRouter></MockedProvider>);
    expect(await screen.findByRole('button', { name: 'Cancelled' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Completed' })).toBeNull();
  });
});
