import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import RequireAuth from '@/app/components/RequireAuth';
import FlashHost from '@/app/components/FlashHost';
import userEvent from '@testing-library/user-event';
import { DoctorLoginDocument, LoginDocument } from '@/gql/graphql';
import { getSession, setSession } from '@/lib/session';
import { renderScreen } from '@/test/render';
import LoginForm from '../components/LoginForm';

const input = { email: 'patient@nirog.test', password: 'nirog2026' };

/**
 * The server's answers to the sign-in's one request (lib/registeredOperation.ts: a POST by hash,
 * without Apollo): each call answers the next one, and every request's body is kept.
 */
function serverAnswers(...answers: (object | Response)[]) {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const next = answers.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next instanceof Response ? next : new Response(JSON.stringify(next), { headers: { 'Content-Type': 'application/json' } });
  });
  return { sent, spy };
}
const hashOf = (document: unknown) => (document as { __meta__: { hash: string } }).__meta__.hash.replace('sha256:', '');
const authPayload = (role: 'User' | 'Admin' | 'Doctor', name = 'Rahima Akter') => ({
  __typename: 'AuthPayload', token: 'a.b.c', refreshToken: 'r', expiresIn: 900,
  user: { __typename: 'User', id: 'u1', name, email: input.email, role, avatarUrl: null, hasPassword: true },
});
afterEach(() => vi.restoreAllMocks());

describe('patient login form', () => {
  beforeEach(() => setSession(null));
  afterEach(() => setSession(null));

  it('asks for the email and password before sending anything', async () => {
    renderScreen(<LoginForm door="patient" />, { path: '/user-signin', route: '/user-signin' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
  });

  it('shows the server message in the red alert and stores nothing', async () => {
    serverAnswers({ data: null, errors: [{ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } }] });
    renderScreen(<LoginForm door="patient" />, { path: '/user-signin', route: '/user-signin' });
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(getSession()).toBeNull();
  });

  it('keeps the session under `authentication` and leaves the login screen; the request is the registered Login by its hash, without its text', async () => {
    const { sent } = serverAnswers({ data: { login: authPayload('User') } });
    renderScreen(<LoginForm door="patient" />, { path: '/user-signin', route: '/user-signin' });
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('authentication')!)).toMatchObject({ token: 'a.b.c', user: { role: 'user', name: 'Rahima Akter' } });
    expect(sent).toEqual([{ url: '/graphql', body: { operationName: 'Login', variables: { input }, extensions: { persistedQuery: { version: 1, sha256Hash: hashOf(LoginDocument) } } } }]);
  });

  it('says the server could not be reached when no GraphQL answer comes (a proxy\'s error page, no connection), and the button works again', async () => {
    serverAnswers(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    renderScreen(<LoginForm door="patient" />, { path: '/user-signin', route: '/user-signin' });
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to Nirog. Check your internet and try again.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No connection to Nirog. Check your internet and try again.');
    expect(getSession()).toBeNull();
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

describe('where login leads', () => {
  beforeEach(() => setSession(null));
  afterEach(() => setSession(null));

  it('takes an admin to the dashboard and says the login worked', async () => {
    serverAnswers({ data: { login: authPayload('Admin', 'Nadia Rahman') } });
    at('/user-signin', <LoginForm door="patient" />);
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

  it('takes a doctor from the doctor door to their consultations, the request being the registered DoctorLogin', async () => {
    const { sent } = serverAnswers({ data: { doctorLogin: authPayload('Doctor', 'Dr. Nadia Rahman') } });
    at('/doctor/login', <LoginForm door="doctor" />);
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/doctor-booking');
    expect(sent[0]!.body).toMatchObject({ operationName: 'DoctorLogin', extensions: { persistedQuery: { sha256Hash: hashOf(DoctorLoginDocument) } } });
    expect(sent[0]!.body).not.toHaveProperty('query');
  });

  it('sends a visitor who opens a doctor screen to the doctor login', async () => {
    at('/doctor-booking', <RequireAuth><div>consultations</div></RequireAuth>);
    expect(await screen.findByTestId('where')).toHaveTextContent('/doctor/login');
  });
});
