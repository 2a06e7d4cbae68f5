import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';

type MockedResponse = MockLink.MockedResponse;
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import FlashHost from '@/app/components/FlashHost';
import '@/i18n';
import { assertMocksMatchSchema } from './schema-mocks';

/**
 * Renders a screen with mocked GraphQL answers, a router, antd's App (for toasts) and the site's flash
 * host. The mocks are checked against the server's schema first (schema-mocks.ts).
 */
export function renderScreen(ui: ReactNode, { mocks = [], path = '/', route = '/' }: { mocks?: MockedResponse[]; path?: string; route?: string } = {}) {
  assertMocksMatchSchema(mocks);
  return render(
    <MockedProvider mocks={mocks}>
      <AntApp>
        <MemoryRouter initialEntries={[route]}>
          <FlashHost />
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<div data-testid="navigated" />} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </MockedProvider>,
  );
}
