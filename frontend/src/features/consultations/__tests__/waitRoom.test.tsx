import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { of } from 'rxjs';
import i18n from 'i18next';
import type { WaitRoomAppointmentFragment } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { WaitRoom, WaitRoomView } from '../pages/ConsultationPaidPage';

/** The live socket (graphql-ws), played by the test: each subscription's sink, to send it events. */
const sinks: { next: (value: unknown) => void }[] = [];
const sent: unknown[] = [];
vi.mock('graphql-ws', () => ({
  createClient: () => ({
    subscribe: (request: unknown, sink: { next: (value: unknown) => void }) => {
      sent.push(request);
      sinks.push(sink);
      return () => undefined;
    },
    dispose: () => undefined,
  }),
}));

afterEach(() => {
  vi.useRealTimers();
  void i18n.changeLanguage('en');
});

const PAID = '2026-11-24T10:00:00Z';

/** A paid consultation as the wait page reads it; `over` changes what the server says now. */
function appointment(over: Partial<WaitRoomAppointmentFragment> = {}): WaitRoomAppointmentFragment {
  return {
    __typename: 'Appointment', id: 'a1', status: 'Confirmed', paymentStatus: 'Paid', feePoisha: 50000, paidAt: PAID, startedAt: null,
    noShowRefundAt: '2026-11-24T10:15:00Z', cancelReason: null, meetingUrl: 'https://meet.jit.si/Nirog-room', refunds: [], prescription: null,
    doctor: { __typename: 'Doctor', id: 'd1', title: 'Dr', name: 'Ayesha Rahman', avatarUrl: null, isOnline: false },
    ...over,
  } as WaitRoomAppointmentFragment;
}

describe('the 5-minute wait page', () => {
  it('starts at 05:00 from the payment and ticks each second', () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date(PAID));
    renderScreen(<WaitRoomView appointment={appointment()} live="live" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('05:00');
    act(() => { vi.advanceTimersByTime(1000); });
    expect(screen.getByTestId('countdown')).toHaveTextContent('04:59');
    act(() => { vi.advanceTimersByTime(61_000); });
    expect(screen.getByTestId('countdown')).toHaveTextContent('03:58');
    expect(screen.getByRole('heading', { name: 'Your doctor will join shortly' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  });

  it("counts from the payment's time, so a reload does not start it again", () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-11-24T10:02:30Z'));
    renderScreen(<WaitRoomView appointment={appointment()} live="live" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('02:30');
  });

  it('says when the consultation is refunded if the doctor never starts, and whether the doctor is online', () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date(PAID));
    renderScreen(<WaitRoomView appointment={appointment()} live="live" />);
    expect(screen.getByTestId('refund-promise')).toHaveTextContent(/^If your consultation has not started by 16:15, it is cancelled and your ৳\s?500 is refunded automatically\.$/);
    expect(screen.getByTestId('doctor-presence')).toHaveTextContent('Dr. Ayesha Rahman is not online yet');
  });

  it('at 00:00 no longer promises the doctor will join shortly: the doctor is late, and the refund is said', () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-11-24T10:04:58Z'));
    renderScreen(<WaitRoomView appointment={appointment({ doctor: { ...appointment().doctor, isOnline: true } })} live="live" />);
    act(() => { vi.advanceTimersByTime(2000); });
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.queryByText('Your doctor will join shortly')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your doctor is running late' })).toBeInTheDocument();
    expect(screen.getByTestId('refund-promise')).toHaveTextContent('by 16:15');
    expect(screen.getByTestId('doctor-presence')).toHaveTextContent('Dr. Ayesha Rahman is online now.');
    expect(screen.getByTestId('wait-room')).toHaveAttribute('data-phase', 'late');
  });

  it('when the doctor starts, offers the room in one tap (the button takes the focus)', () => {
    renderScreen(<WaitRoomView appointment={appointment({ startedAt: '2026-11-24T10:03:00Z', noShowRefundAt: null })} live="live" />);
    expect(screen.getByRole('heading', { name: 'Your doctor has started the consultation' })).toBeInTheDocument();
    expect(screen.getByTestId('join-now')).toHaveFocus();
    expect(screen.queryByTestId('refund-promise')).not.toBeInTheDocument();
  });

  it('when the doctor never came: says so, and shows the refund and where it stands', () => {
    renderScreen(<WaitRoomView live="live" appointment={appointment({
      status: 'Cancelled', cancelReason: 'DOCTOR_NO_SHOW', noShowRefundAt: null,
      refunds: [{ __typename: 'Refund', id: 'r1', amountPoisha: 50000, status: 'Sending', createdAt: '2026-11-24T10:16:00Z', completedAt: null }],
    })} />);
    expect(screen.getByRole('heading', { name: 'Your doctor could not join' })).toBeInTheDocument();
    expect(screen.getByTestId('wait-refund')).toHaveTextContent(/Refund of ৳\s?500/);
    expect(screen.getByTestId('wait-refund')).toHaveTextContent('On its way back');
    expect(screen.getByRole('button', { name: 'Find a doctor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Done' })).not.toBeInTheDocument();
  });

  it('keeps Done disabled until there is a meeting link', () => {
    localStorage.removeItem('meetingUrl');
    renderScreen(<WaitRoomView appointment={appointment({ meetingUrl: null })} live="connecting" />);
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
    expect(screen.getByText('The meeting link appears once the payment is confirmed.')).toBeInTheDocument();
  });

  it('in Bangla: Bangla digits in the countdown and the time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date(PAID));
    await act(() => i18n.changeLanguage('bn'));
    renderScreen(<WaitRoomView appointment={appointment()} live="polling" pollSeconds={10} />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('০৫:০০');
    expect(screen.getByTestId('refund-promise')).toHaveTextContent('৪:১৫');
    expect(screen.getByTestId('live-badge')).toHaveTextContent('প্রতি ১০ সেকেন্ডে হালনাগাদ');
  });
});

describe('the wait page, live', () => {
  it('changes without a reload when its doctor starts: the event updates the consultation in place', async () => {
    const client = new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => of({ data: { appointment: appointment() } })) });
    render(
      <ApolloProvider client={client}>
        <AntApp><MemoryRouter><WaitRoom appointmentId="a1" /></MemoryRouter></AntApp>
      </ApolloProvider>,
    );
    expect(await screen.findByRole('heading', { name: /Your doctor (will join shortly|is running late)/ })).toBeInTheDocument();
    await waitFor(() => expect(sinks.length).toBe(1));
    // Sent by its registered hash, without its text.
    expect(sent[0]).toMatchObject({ query: '', variables: { id: 'a1' }, extensions: { persistedQuery: { version: 1, sha256Hash: expect.stringMatching(/^[0-9a-f]{64}$/) } } });
    const event = (type: string, a: WaitRoomAppointmentFragment) => act(() => sinks[0]!.next({ data: { appointmentEvents: { __typename: 'AppointmentEvent', type, appointment: a } } }));
    event('SYNC', appointment());
    event('CHANGE', appointment({ doctor: { ...appointment().doctor, isOnline: true } }));
    await waitFor(() => expect(screen.getByTestId('doctor-presence')).toHaveTextContent('is online now'));
    event('CHANGE', appointment({ startedAt: '2026-11-24T10:03:00Z', noShowRefundAt: null }));
    expect(await screen.findByRole('heading', { name: 'Your doctor has started the consultation' })).toBeInTheDocument();
    expect(screen.getByTestId('join-now')).toBeEnabled();
  });
});
