import { createContext, useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { appApolloClient } from './apollo';

/**
 * The client of a render on the server (src/prerender.tsx, `renderScreen`): one per request, filled
 * with that page's first read. In the browser there is none and every screen shares the app's client.
 */
export const ServerClientContext = createContext<ApolloClient | null>(null);

/** Apollo's provider with the app's one client: loaded beside the screens and sections that read data (components/withData.tsx). */
export default function DataProvider({ children }: { children: ReactNode }) {
  const serverClient = useContext(ServerClientContext);
  return <ApolloProvider client={serverClient ?? appApolloClient()}>{children}</ApolloProvider>;
}
