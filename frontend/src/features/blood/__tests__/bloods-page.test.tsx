import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import i18n from 'i18next';
import '@/i18n';
import { RequestBloodDocument, type BloodGroup, type DhakaArea } from '@/gql/graphql';
import BloodsPage from '../pages/BloodsPage';
import { clearRequestAccess, groupLabel } from '../groups';

const input = { name: 'Jamal Hossain', phone: '01712000111', email: 'jamal@example.com', group: 'APositive' as const, area: null };
const donor: { __typename: 'EligibleDonor'; id: string; group: BloodGroup; area: DhakaArea } = { __typename: 'EligibleDonor', id: 'd1', group: 'APositive', area: 'Dhanmondi' };
const answer = (donors: (typeof donor)[]) => ({
  request: { query: RequestBloodDocument, variables: { input } },
  result: { data: { requestBlood: { __typename: 'BloodRequestReceipt', accessToken: 'a'.repeat(32), request: { __typename: 'BloodRequest', id: 'r1', group: 'APositive', area: null }, donors } } },
});

async function sendRequest(donors: (typeof donor)[]) {
  const view = render(<MockedProvider mocks={[answer(donors)]}><MemoryRouter><App><BloodsPage /></App></MemoryRouter></MockedProvider>);
  await userEvent.type(screen.getByLabelText(i18n.t('name', { ns: 'blood' })), input.name);
  await userEvent.type(screen.getByLabelText(i18n.t('phone', { ns: 'blood' })), input.phone);
  await userEvent.type(screen.getByLabelText(i18n.t('email', { ns: 'blood' })), input.email);
  await userEvent.click(screen.getByLabelText(i18n.t('group', { ns: 'blood' })));
  await userEvent.click(await screen.findByTitle('A+'));
  await userEvent.click(screen.getByRole('button', { name: i18n.t('send', { ns: 'blood' }) }));
  return view;
}

afterEach(async () => {
  clearRequestAccess();
  await i18n.changeLanguage('en');
});

describe('/bloods', () => {
  it('says what an incomplete request misses beside each field, and shows the donor benefits', async () => {
    render(<MockedProvider mocks={[]}><MemoryRouter><App><BloodsPage /></App></MemoryRouter></MockedProvider>);
    expect(screen.getByText('Why donate blood?')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Jamal');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Enter a mobile number, like 01712345678')).toBeInTheDocument();
    expect(screen.getByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Select blood group', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.queryByText('Enter your name')).toBeNull();
    expect(screen.queryByText('Enter all Fields')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in to register as a donor' })).toBeInTheDocument();
  });

  it('shows blood groups as the spec writes them', () => {
    expect(groupLabel('ABNegative')).toBe('AB-');
    expect(groupLabel('OPositive')).toBe('O+');
  });

  it('tells the requester that the listed donors were notified and will call, and shows no donor name or contact', async () => {
    const { container } = await sendRequest([donor, { ...donor, id: 'd2', group: 'ONegative' }]);
    expect(await screen.findByText('Donor 1')).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: 'Donors who can give now' }));
    expect(list.getByText('Donor 2')).toBeInTheDocument();
    expect(list.getByText('O-')).toBeInTheDocument();
    expect(list.getAllByText('Dhanmondi')).toHaveLength(2);
    expect(screen.getByText('We have sent your request to these donors by email and SMS, with your name and phone number. A donor who can give will call you: keep your phone close.')).toBeInTheDocument();
    expect(container.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
    expect(screen.queryByRole('button', { name: /call/i })).toBeNull();
    expect(screen.getByText('Your name and phone number will be sent to the matching donors, so that a donor who can give can call you.')).toBeInTheDocument();
  });

  it('says the same in Bangla', async () => {
    await i18n.changeLanguage('bn');
    await sendRequest(Array.from({ length: 12 }, (_, i) => ({ ...donor, id: `d${i}` })));
    // Counted in Bangla digits.
    expect(await screen.findByText('দাতা ১')).toBeInTheDocument();
    expect(screen.getByText('দাতা ১২')).toBeInTheDocument();
    expect(screen.getByText('আপনার নাম ও ফোন নম্বরসহ অনুরোধটি এই দাতাদের ইমেইল ও এসএমএসে পাঠানো হয়েছে। যিনি রক্ত দিতে পারবেন, তিনি আপনাকে ফোন করবেন: ফোন কাছে রাখুন।')).toBeInTheDocument();
  });

  it('does not claim anyone was notified when no donor matched', async () => {
    await sendRequest([]);
    expect(await screen.findByText('No eligible donor found yet. We keep your request; admins will help you.')).toBeInTheDocument();
    expect(screen.queryByText(/We have sent your request to these donors/)).toBeNull();
  });
});
