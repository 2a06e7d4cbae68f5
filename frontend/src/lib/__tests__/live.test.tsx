import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { WaitRoomEventsDocument } from '@/gql/graphql';
import LiveBadge from '@/components/LiveBadge';
import '@/i18n';
import { createApolloClient } from '../apollo';
import { useLive } from '../useLive';

/** The graphql-ws client the live link makes: its options kept, so a test can play its socket's events. */
const made: { on?: Record<string, (e?: unknown) => void>; connectionParams?: () => Promise<Record<string, unknown>>; url?: string }[] = [];
vi.mock('graphql-ws', () => ({
  createClient: (options: (typeof made)[number]) => {
    made.push(options);
    return { subscribe: () => () => undefined, dispose: () => undefined };
  },
}));

afterEach(() => vi.useRealTimers());

function Page({ refetch }: { refetch: () => void }) {
  const state = useLive(WaitRoomEventsDocument, { variables: { id: 'a1' }, refetch, pollMs: 15_000 });
  return <LiveBadge state={state} />;
}

describe('live updates in the browser', () => {
  it('say they are live while the socket is open, and fall back to asking again on a timer while it cannot open', async () => {
    const refetch = vi.fn();
    // The app's own client: its link sends subscriptions to the socket (a visitor here: no token).
    const client = createApolloClient();
    render(<ApolloProvider client={client}><Page refetch={refetch} /></ApolloProvider>);
    await waitFor(() => expect(made.length).toBe(1));
    const socket = made[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/graphql`);
    expect(await socket.connectionParams!()).toEqual({});

    act(() => socket.on!.connected!());
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Live');

    vi.useFakeTimers({ shouldAdvanceTime: false });
    // Blocked: two openings fail in a row (a proxy without WebSockets).
    act(() => socket.on!.closed!({ code: 1006 }));
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Connecting…');
    act(() => socket.on!.closed!({ code: 1006 }));
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Updating every 15 s');
    act(() => { vi.advanceTimersByTime(15_000); });
    expect(refetch).toHaveBeenCalledTimes(1);
    act(() => { vi.advanceTimersByTime(15_000); });
    expect(refetch).toHaveBeenCalledTimes(2);

    // The socket opens again: live, and no more asking on a timer.
    act(() => socket.on!.connected!());
    expect(screen.getByTestId('live-badge')).toHaveTextContent('Live');
    act(() => { vi.advanceTimersByTime(60_000); });
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
