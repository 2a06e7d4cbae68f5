import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { LoginDocument } from '@/gql/graphql';
import { getSession } from '@/lib/session';
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
          user: { __typename: 'User', id: 'u1', name: 'Rahima Akter', email: input.email, role: 'User', avatarUrl: null } } } },
      }],
    });
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('authentication')!)).toMatchObject({ token: 'a.b.c', user: { role: 'user', name: 'Rahima Akter' } });
  });
});
