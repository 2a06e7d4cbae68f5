import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { WaitRoom } from '../pages/ConsultationPaidPage';

afterEach(() => vi.useRealTimers());

describe('the 5-minute wait page', () => {
  it('starts at 05:00 and ticks each second', () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    renderScreen(<WaitRoom meetingUrl="https://meet.jit.si/Nirog-room" />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('05:00');
    act(() => { vi.advanceTimersByTime(1000); });
    expect(screen.getByTestId('countdown')).toHaveTextContent('04:59');
    act(() => { vi.advanceTimersByTime(61_000); });
    expect(screen.getByTestId('countdown')).toHaveTextContent('03:58');
    expect(screen.getByRole('button', { name: 'Done' })).toBeEnabled();
  });

  it('counts from the payment\'s time, so a reload does not start it again', () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(new Date('2026-11-24T10:02:30Z'));
    renderScreen(<WaitRoom meetingUrl="https://meet.jit.si/Nirog-room" since={Date.parse('2026-11-24T10:00:00Z')} />);
    expect(screen.getByTestId('countdown')).toHaveTextContent('02:30');
  });

  it('keeps Done disabled until there is a meeting link', () => {
    localStorage.removeItem('meetingUrl');
    renderScreen(<WaitRoom meetingUrl={null} />);
    expect(screen.getByRole('button', { name: 'Done' })).toBeDisabled();
    expect(screen.getByText('The meeting link appears once the payment is confirmed.')).toBeInTheDocument();
  });
});
