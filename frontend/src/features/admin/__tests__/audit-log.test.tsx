import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { AuditLogDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import AuditLogPage from '../pages/AuditLogPage';

const entry = (id: string, action: string, more: Record<string, unknown> = {}) => ({
  __typename: 'AuditEntry', id, createdAt: '2026-11-22T06:00:00.000Z', actorId: 'a0000000-0000-4000-8000-000000000001', actorRole: 'admin',
  actorName: 'Nirog Admin', actorEmail: 'admin@nirog.test', action, entityType: 'Appointment', entityId: 'b0000000-0000-4000-8000-000000000002',
  ip: '127.0.0.1', requestId: 'r1', details: '{"status":"Completed"}', ...more,
});
const mocks = [{
  maxUsageCount: Number.POSITIVE_INFINITY,
  request: { query: AuditLogDocument, variables: { page: 1, pageSize: 25, action: null, entityId: null } },
  result: { data: { auditLog: { __typename: 'AuditEntryPage', total: 3, page: 1, pageSize: 25, pageCount: 1, items: [
    entry('e1', 'changeAppointmentStatus'),
    entry('e2', 'PUT /admin/doctor/:id/approve', { details: null }),
    entry('e3', 'someFutureAction', { actorId: null, actorRole: null, actorName: null, actorEmail: null }),
  ] } } },
}];

describe('/admin/audit-log', () => {
  afterEach(async () => { await i18n.changeLanguage('en'); });

  it('says who acted (name, email, role) and what they did in words, the code as it is when it has none', async () => {
    renderScreen(<AuditLogPage />, { mocks: mocks as never, path: '/admin/audit-log', route: '/admin/audit-log' });
    const first = (await screen.findAllByText('Nirog Admin'))[0]!.closest('tr')!;
    expect(within(first).getByText('Nirog Admin')).toBeInTheDocument();
    expect(within(first).getByText('admin@nirog.test')).toBeInTheDocument();
    expect(within(first).getByText('Admin')).toBeInTheDocument();
    expect(within(first).getByText("Changed an appointment's status")).toBeInTheDocument();
    expect(screen.getByText('Approved a doctor')).toBeInTheDocument();
    expect(screen.queryByText('changeAppointmentStatus')).not.toBeInTheDocument();
    expect(screen.getByText('someFutureAction')).toBeInTheDocument();
    expect(screen.getByText('Visitor')).toBeInTheDocument();
  });

  it('words the actions in Bangla too', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<AuditLogPage />, { mocks: mocks as never, path: '/admin/audit-log', route: '/admin/audit-log' });
    expect(await screen.findByText('অ্যাপয়েন্টমেন্টের অবস্থা বদলেছেন')).toBeInTheDocument();
    expect(screen.getByText('ডাক্তার অনুমোদন করেছেন')).toBeInTheDocument();
  });

  it('opens a line\'s details from its Actions column', async () => {
    renderScreen(<AuditLogPage />, { mocks: mocks as never, path: '/admin/audit-log', route: '/admin/audit-log' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Details' }))[0]!);
    expect(await screen.findByText('{"status":"Completed"}')).toBeInTheDocument();
  });
});
