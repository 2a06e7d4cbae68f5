import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import '@/i18n';
import BloodsPage from '../pages/BloodsPage';
import { groupLabel } from '../groups';

describe('/bloods', () => {
  it("refuses an incomplete request with 'Enter all Fields' and shows the donor benefits", async () => {
    render(<MockedProvider mocks={[]}><MemoryRouter><App><BloodsPage /></App></MemoryRouter></MockedProvider>);
    expect(screen.getByText('Why donate blood?')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Jamal');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Enter all Fields'));
    expect(screen.getByRole('button', { name: 'Log in to register as a donor' })).toBeInTheDocument();
  });

  it('shows blood groups as the spec writes them', () => {
    expect(groupLabel('ABNegative')).toBe('AB-');
    expect(groupLabel('OPositive')).toBe('O+');
  });
});
