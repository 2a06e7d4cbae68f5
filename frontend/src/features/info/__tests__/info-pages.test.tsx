import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import '@/i18n';
import ComingSoonPage, { COMING_SOON_MS, splitDuration } from '../pages/ComingSoonPage';
import { chatWidgetScript } from '../components/ChatWidget';
import ChatPage from '../pages/ChatPage';

describe('information pages', () => {
  it('counts down 30 days on Coming Soon, second by second', () => {
    vi.useFakeTimers();
    try {
      expect(COMING_SOON_MS).toBe(2592000000);
      render(<ComingSoonPage />);
      expect(screen.getByRole('timer')).toHaveTextContent('30Days0Hours0Minutes0Seconds');
      act(() => void vi.advanceTimersByTime(1000));
      expect(screen.getByRole('timer')).toHaveTextContent('29Days23Hours59Minutes59Seconds');
    } finally {
      vi.useRealTimers();
    }
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(90061000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('loads no chat widget unless a provider and a sane id are configured', () => {
    expect(chatWidgetScript(null, null)).toBeNull();
    expect(chatWidgetScript('tawk', '<script>')).toBeNull();
    expect(chatWidgetScript('tawk', '64f0c0ffee/1h9abc')).toBe('https://embed.tawk.to/64f0c0ffee/1h9abc');
  });

  it('shows the static chat screen', () => {
    render(<MockedProvider mocks={[]}><MemoryRouter><App><ChatPage /></App></MemoryRouter></MockedProvider>);
    expect(screen.getByRole('log')).toHaveTextContent('How can we help you today?');
  });
});
