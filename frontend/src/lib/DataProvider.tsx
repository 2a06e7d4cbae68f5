import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import { appApolloClient } from './apollo';

/** Apollo's provider with the app's one client: loaded beside the screens and sections that read data (components/withData.tsx). */
export default function DataProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={appApolloClient()}>{children}</ApolloProvider>;
}
