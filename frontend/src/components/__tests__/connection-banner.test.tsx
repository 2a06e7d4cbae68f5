import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import i18n, { setLanguage } from '@/i18n';
import ConnectionBanner from '../ConnectionBanner';
import { noteSavedCopy, reportNetworkFailure, reportReachable, setResending, setUnsent, type UnsentWrite } from '@/lib/connection';

/** The connection banner: what it says in both languages, and the offer to send a write later. */
const netOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

function show() {
  return render(<MemoryRouter><ConnectionBanner /></MemoryRouter>);
}

afterEach(() => {
  act(() => {
    setUnsent(null);
    setResending(null);
    netOnline(true);
    reportReachable();
  });
  setLanguage('en');
  vi.unstubAllGlobals();
});

describe('the connection banner', () => {
  it('says nothing while all is well, from a live region already on the page', () => {
    show();
    const bar = screen.getByTestId('connection-bar');
    expect(bar).toHaveAttribute('aria-live', 'polite');
    expect(bar).toBeEmptyDOMElement();
  });

  it('says the phone is offline, then back online, in English and in Bangla', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    show();
    act(() => {
      netOnline(false);
      reportNetworkFailure();
    });
    expect(screen.getByTestId('connection-bar')).toHaveTextContent('You are offline. Records saved on this phone still open');
    await act(async () => setLanguage('bn'));
    expect(screen.getByTestId('connection-bar')).toHaveTextContent('আপনি অফলাইনে আছেন।');
    act(() => {
      netOnline(true);
      reportReachable();
    });
    expect(screen.getByTestId('connection-bar')).toHaveTextContent('আবার অনলাইনে।');
  });

  it('says when the records on screen were saved, in the reader\'s digits', async () => {
    show();
    act(() => {
      netOnline(false);
      reportNetworkFailure();
      noteSavedCopy(Date.UTC(2026, 10, 28, 4, 5));
    });
    expect(screen.getByTestId('connection-bar')).toHaveTextContent('You are seeing what was saved on 28 Nov 2026, 10:05');
    await act(async () => setLanguage('bn'));
    expect(screen.getByTestId('connection-bar')).toHaveTextContent('২৮');
  });

  it('says which try a write being sent again is on', () => {
    show();
    act(() => setResending({ attempt: 2, of: 4 }));
    expect(screen.getByTestId('connection-bar')).toHaveTextContent('sending again (try 2 of 4)');
  });

  it('offers a write that could not be sent: focus on the offer, "Send when back online", then it waits', async () => {
    show();
    const offer: UnsentWrite = { payment: false, armed: false, send: vi.fn(), cancel: vi.fn() };
    act(() => {
      netOnline(false);
      reportNetworkFailure();
      setUnsent(offer);
    });
    const alert = screen.getByTestId('connection-offer');
    expect(alert).toHaveFocus();
    expect(alert).toHaveTextContent('Not sent yet');
    expect(alert).toHaveTextContent('What you typed is kept.');
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(offer.send).toHaveBeenCalled();
    act(() => setUnsent({ ...offer, armed: true }));
    expect(screen.getByTestId('connection-offer')).toHaveTextContent('It will be sent as soon as the connection is back.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(offer.cancel).toHaveBeenCalled();
  });

  it('never offers to send a payment by itself: Try again waits for the connection', () => {
    show();
    const offer: UnsentWrite = { payment: true, armed: false, send: vi.fn(), cancel: vi.fn() };
    act(() => {
      netOnline(false);
      reportNetworkFailure();
      setUnsent(offer);
    });
    expect(screen.queryByRole('button', { name: 'Send when back online' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByTestId('connection-offer')).toHaveTextContent('A payment is only sent when you press Try again');
    act(() => {
      netOnline(true);
      reportReachable();
    });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(i18n.language).toBe('en');
  });
});
