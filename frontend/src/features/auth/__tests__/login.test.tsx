import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import RequireAuth from '@/app/components/RequireAuth';
import FlashHost from '@/app/components/FlashHost';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { LoginDocument } from '@/gql/graphql';
import { getSession, setSession } from '@/lib/session';
import { renderScreen } from '@/test/render';
import LoginForm from '../components/LoginForm';

const input = { email: 'patient@nirog.test', password: 'nirog2026' };

describe('patient login form', () => {
  it('asks for the email and password before sending anything', async () => {
    renderScreen(<LoginForm door="patient" />, { path: '/user-signin', route: '/user-signin' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });

  it('shows the server message in the red alert and stores nothing', async () => {
    renderScreen(<LoginForm door="patient" />, {
      path: '/user-signin', route: '/user-signin',
      mocks: [{ request: { query: LoginDocument, variables: { input } }, result: { errors: [new GraphQLError('Invalid email or password', { extensions: { code: 'UNAUTHENTICATED' } })] } }],
    });
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(getSession()).toBeNull();
  });

  it('keeps the session under `authentication` and leaves the login screen', async () => {
    renderScreen(<LoginForm door="patient" />, {
      path: '/user-signin', route: '/user-signin',
      mocks: [{
        request: { query: LoginDocument, variables: { input } },
        result: { data: { login: { __typename: 'AuthPayload', token: 'a.b.c', refreshToken: 'r', expiresIn: 900,
          user: { __typename: 'User', id: 'u1', name: 'Rahima Akter', email: input.email, role: 'User', avatarUrl: null, hasPassword: true } } } },
      }],
    });
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('authentication')!)).toMatchObject({ token: 'a.b.c', user: { role: 'user', name: 'Rahima Akter' } });
  });
});

/** Where the app went: the path the router shows after the screen did its work. */
function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
function at(route: string, ui: React.ReactNode, mocks: unknown[] = []) {
  return render(
    <MockedProvider mocks={mocks as never}>
      <MemoryRouter initialEntries={[route]}>
        <FlashHost />
        <Routes>
          <Route path={route.split('?')[0]} element={ui} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}
const user = (role: 'User' | 'Admin' | 'Doctor') => ({ __typename: 'User', id: 'u1', name: 'Nadia Rahman', email: input.email, role, avatarUrl: null, hasPassword: true });

describe('where login leads', () => {
  beforeEach(() => setSession(null));
  afterEach(() => setSession(null));

  it('takes an admin to the dashboard and says the login worked', async () => {
    at('/user-signin', <LoginForm door="patient" />, [{
      request: { query: LoginDocument, variables: { input } },
      result: { data: { login: { __typename: 'AuthPayload', token: 'a.b.c', refreshToken: 'r', expiresIn: 900, user: user('Admin') } } },
    }]);
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin-dashboard');
    expect(await screen.findByText('Welcome, Nadia Rahman: you are logged in')).toBeInTheDocument();
  });

  it('tells a logged-in patient who opens the doctor login (For Doctors) whose session it is, and lets them end it (no silent bounce home)', async () => {
    setSession({ token: 'a.b.c', refreshToken: 'r', user: { id: 'u1', name: 'Rahima', email: input.email, role: 'user' } });
    at('/doctor/login', <LoginForm door="doctor" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Doctor Login' })).toBeInTheDocument();
    expect(screen.getByText('You are logged in as Rahima, with a patient account. Doctors log in with their own doctor account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Log out to log in as a doctor' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('sends a visitor who opens a doctor screen to the doctor login', async () => {
    at('/doctor-booking', <RequireAuth><div>consultations</div></RequireAuth>);
    expect(await screen.findByTestId('where')).toHaveTextContent('/doctor/login');
  });
});
