import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import i18n from '@/i18n';
import {
  CreateIntegratorAppDocument, HospitalDoctorSearchDocument, IntegratorAppNamesDocument, IntegratorAppsDocument, ResendWebhookDeliveryDocument,
  UpdateIntegratorAppDocument, WebhookDeliveriesDocument,
} from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import AdminIntegratorsPage from '../pages/AdminIntegratorsPage';
import AdminWebhooksPage from '../pages/AdminWebhooksPage';

const app = (id: string, name: string, more: Record<string, unknown> = {}) => ({
  __typename: 'IntegratorApp', id, name, contactEmail: 'dev@clinic.example', scopes: ['CATALOG_READ', 'ORDERS_READ'], organisationKind: null,
  organisationName: null, hospitalDoctors: [], quotaSize: 1000, quotaRestoreRate: 100, revokedAt: null, createdAt: '2026-11-25T06:00:00.000Z',
  keys: [{ __typename: 'IntegratorKey', id: `${id}-k`, prefix: 'nrg_live_0123456789abcdef', createdAt: '2026-11-25T06:00:00.000Z', expiresAt: null, revokedAt: null }],
  ...more,
});
const list = (items: unknown[]) => ({
  maxUsageCount: Number.POSITIVE_INFINITY,
  request: { query: IntegratorAppsDocument, variables: { page: 1, pageSize: 20 } },
  result: { data: { integratorApps: { __typename: 'IntegratorAppPage', total: items.length, page: 1, pageCount: 1, items } } },
});
const KEY = 'nrg_live_fedcba9876543210_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const input = { name: 'Clinic app', contactEmail: 'dev@clinic.example', scopes: ['CATALOG_READ'], organisationKind: null, organisationName: null, hospitalDoctorIds: null, quotaSize: 1000, quotaRestoreRate: 100 };
const doctor = (id: string, name: string, work: string) => ({ __typename: 'HospitalDoctor', id, name, work });
const doctorSearch = (search: string | null, items: { id: string; name: string; work: string }[]) => ({
  maxUsageCount: Number.POSITIVE_INFINITY,
  request: { query: HospitalDoctorSearchDocument, variables: { search } },
  result: { data: { allDoctors: { __typename: 'DoctorPage', items: items.map((d) => ({ __typename: 'Doctor', ...d })) } } },
});

async function fillAndRegister() {
  await userEvent.click(await screen.findByRole('button', { name: 'Register an app' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('App name'), 'Clinic app');
  await userEvent.type(within(dialog).getByLabelText('Contact email'), 'dev@clinic.example');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
}

describe('/admin/integrators', () => {
  afterEach(async () => { await i18n.changeLanguage('en'); });

  it('lists the apps: scopes as apps write them, budget, key prefixes, status', async () => {
    renderScreen(<AdminIntegratorsPage />, { mocks: [list([app('a1', 'Demo pharmacy partner'), app('a2', 'Old clinic', { revokedAt: '2026-11-24T06:00:00.000Z' })])] as never });
    const row = (await screen.findByText('Demo pharmacy partner')).closest('tr')!;
    expect(within(row).getByText('catalog:read')).toBeInTheDocument();
    expect(within(row).getByText('orders:read')).toBeInTheDocument();
    expect(within(row).getByText('1,000 points, +100/s')).toBeInTheDocument();
    expect(within(row).getByText('nrg_live_0123456789abcdef')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const revoked = screen.getByText('Old clinic').closest('tr')!;
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
  });

  it('registers an app and shows its key once, until the admin says it is stored', async () => {
    const create = {
      request: { query: CreateIntegratorAppDocument, variables: { input } },
      result: { data: { createIntegratorApp: { __typename: 'IntegratorAppWithKey', key: KEY, app: app('a3', 'Clinic app', { scopes: ['CATALOG_READ'] }) } } },
    };
    renderScreen(<AdminIntegratorsPage />, { mocks: [list([]), create] as never });
    await fillAndRegister();
    const shown = await screen.findByTestId('new-key');
    expect(shown).toHaveValue(KEY);
    expect(screen.getByText(/this is the only time it is shown/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    await waitFor(() => expect(screen.queryByTestId('new-key')).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it('puts the server\'s refusal beside its field and shows no key', async () => {
    const refused = {
      request: { query: CreateIntegratorAppDocument, variables: { input } },
      result: { errors: [new GraphQLError('Enter a valid email address', { extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_INPUT', fields: { contactEmail: 'That address is taken by a test' } } })] },
    };
    renderScreen(<AdminIntegratorsPage />, { mocks: [list([]), refused] as never });
    await fillAndRegister();
    expect(await screen.findByText('That address is taken by a test')).toBeInTheDocument();
    expect(screen.queryByTestId('new-key')).not.toBeInTheDocument();
  });

  it('asks for the hospital\'s name when the app acts for a hospital', async () => {
    renderScreen(<AdminIntegratorsPage />, { mocks: [list([])] as never });
    await userEvent.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Name of the hospital or insurer')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Acts for' }));
    await userEvent.click(await screen.findByTitle('A hospital'));
    await userEvent.type(within(dialog).getByLabelText('App name'), 'Hospital app');
    await userEvent.type(within(dialog).getByLabelText('Contact email'), 'it@hospital.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByText('Name the hospital or insurer the app acts for')).toBeInTheDocument();
  });

  it("links a hospital's app to the doctors an admin picks (searched by name, shown with the work place they give), and says how many", async () => {
    const hospital = app('h1', 'City hospital desk', {
      scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: 'City Hospital',
      hospitalDoctors: [doctor('d1', 'Ayesha Siddiqua', 'City Hospital')],
    });
    const saved = {
      request: { query: UpdateIntegratorAppDocument, variables: { id: 'h1', input: {
        name: 'City hospital desk', contactEmail: 'dev@clinic.example', scopes: ['APPOINTMENTS_READ'], organisationKind: 'HOSPITAL', organisationName: 'City Hospital',
        hospitalDoctorIds: ['d1', 'd2'], quotaSize: 1000, quotaRestoreRate: 100,
      } } },
      result: { data: { updateIntegratorApp: { ...hospital, hospitalDoctors: [doctor('d1', 'Ayesha Siddiqua', 'City Hospital'), doctor('d2', 'Mahbub Alam', 'Square Hospital')] } } },
    };
    renderScreen(<AdminIntegratorsPage />, {
      mocks: [list([hospital]), doctorSearch(null, []), doctorSearch('Mahbub', [{ id: 'd2', name: 'Mahbub Alam', work: 'Square Hospital' }]), saved] as never,
    });
    const row = (await screen.findByText('City hospital desk')).closest('tr')!;
    expect(within(row).getByText('1 doctor linked')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ayesha Siddiqua · City Hospital')).toBeInTheDocument();
    const picker = within(dialog).getByRole('combobox', { name: 'Doctors whose hospital visits the app reads' });
    await userEvent.type(picker, 'Mahbub');
    await userEvent.click(await screen.findByTitle('Mahbub Alam · Square Hospital'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('App saved')).toBeInTheDocument();
  });

  it('speaks Bangla', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<AdminIntegratorsPage />, { mocks: [list([app('a1', 'Demo pharmacy partner')])] as never });
    expect(await screen.findByRole('heading', { name: 'ইন্টিগ্রেটর অ্যাপ' })).toBeInTheDocument();
    expect(await screen.findByText('১,০০০ পয়েন্ট, +১০০/সেকেন্ড')).toBeInTheDocument();
    expect(screen.getByText('সক্রিয়')).toBeInTheDocument();
  });
});

describe('/admin/webhooks', () => {
  afterEach(async () => { await i18n.changeLanguage('en'); });

  const delivery = (id: string, status: string, history: unknown[]) => ({
    __typename: 'WebhookDelivery', id, createdAt: '2026-11-25T06:00:00.000Z', appName: 'Demo pharmacy partner', eventId: `e-${id}`,
    event: 'ORDER_STATUS_CHANGED', objectId: '9b0f0000-0000-4000-8000-000000000001', url: 'https://partner.example/hooks',
    payload: '{"id":"e1","type":"order.statusChanged"}', status, attempts: history.length, responseStatus: 502, lastError: 'HTTP 502',
    nextAttemptAt: '2026-11-25T06:10:00.000Z', sentAt: null, history,
  });
  const attempt = (id: string, status: number | null, error: string | null) => ({ __typename: 'WebhookAttempt', id, createdAt: '2026-11-25T06:01:00.000Z', responseStatus: status, error, durationMs: 120 });
  const mocks = (items: unknown[]) => [
    { maxUsageCount: Number.POSITIVE_INFINITY, request: { query: IntegratorAppNamesDocument }, result: { data: { integratorApps: { __typename: 'IntegratorAppPage', items: [{ __typename: 'IntegratorApp', id: 'a1', name: 'Demo pharmacy partner' }] } } } },
    {
      maxUsageCount: Number.POSITIVE_INFINITY,
      request: { query: WebhookDeliveriesDocument, variables: { page: 1, pageSize: 20, appId: null, status: null, event: null } },
      result: { data: { webhookDeliveries: { __typename: 'WebhookDeliveryPage', total: items.length, page: 1, pageCount: 1, items } } },
    },
  ];

  it('lists deliveries with their attempts, and sends one again', async () => {
    const resend = {
      request: { query: ResendWebhookDeliveryDocument, variables: { id: 'd1' } },
      result: { data: { resendWebhookDelivery: { __typename: 'WebhookDelivery', id: 'd1', status: 'Pending', attempts: 0, nextAttemptAt: '2026-11-25T06:20:00.000Z' } } },
    };
    renderScreen(<AdminWebhooksPage />, { mocks: [...mocks([delivery('d1', 'Failed', [attempt('t1', 502, 'HTTP 502'), attempt('t2', null, 'no answer within 10000 ms')])]), resend] as never });
    const row = (await screen.findByText('Order status changed')).closest('tr')!;
    expect(within(row).getByText('Given up')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 502')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Attempts' }));
    expect(await screen.findByText('no answer within 10000 ms')).toBeInTheDocument();
    expect(screen.getByText('no answer')).toBeInTheDocument();
    expect(screen.getByText('{"id":"e1","type":"order.statusChanged"}')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Send again' }));
    // The confirmation's own button (after the row's).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Send again' })).toHaveLength(2));
    await userEvent.click(screen.getAllByRole('button', { name: 'Send again' })[1]!);
    expect(await screen.findByText('Queued again')).toBeInTheDocument();
  });

  it('speaks Bangla', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<AdminWebhooksPage />, { mocks: mocks([delivery('d1', 'Sent', [attempt('t1', 200, null)])]) as never });
    expect(await screen.findByText('অর্ডারের অবস্থা বদলেছে')).toBeInTheDocument();
    expect(screen.getByText('পৌঁছেছে')).toBeInTheDocument();
  });
});
