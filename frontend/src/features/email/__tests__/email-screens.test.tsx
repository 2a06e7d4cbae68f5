import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import {
  ActivateAccountDocument, ConfirmEmailDocument, EmailStatusDocument, ForgotPasswordDocument, MailDeliveryDocument,
  ResetPasswordDocument,
} from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import ActivationPage from '../pages/ActivationPage';
import ConfirmEmailPage from '../pages/ConfirmEmailPage';
import { ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { ResetPasswordForm } from '../components/ResetPasswordForm';

const serverError = (message: string, reason = 'X', params?: Record<string, unknown>) => ({ errors: [new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', reason, params } })] });
const unverified = { request: { query: EmailStatusDocument }, result: { data: { me: { __typename: 'User', id: 'u1', emailVerified: false, contactVerified: false } } } };
const noDevInbox = { request: { query: MailDeliveryDocument }, result: { data: { mailDelivery: { __typename: 'MailDelivery', smtpConfigured: true, devInbox: false } } } };

describe('activation link screen', () => {
  it("says 'Your account has been created suceessfully!' when the link works", async () => {
    renderScreen(<ActivationPage />, {
      path: '/activation/:activation_token', route: '/activation/good-token-1234567890',
      mocks: [{ request: { query: ActivateAccountDocument, variables: { token: 'good-token-1234567890' } },
        result: { data: { activateAccount: { __typename: 'Notice', success: true, message: 'Your account has been created suceessfully!' } } } }],
    });
    expect(await screen.findByText('Your account has been created suceessfully!')).toBeInTheDocument();
  });

  it("says 'Your token is expired!' when it does not", async () => {
    renderScreen(<ActivationPage />, {
      path: '/activation/:activation_token', route: '/activation/old-token-1234567890',
      mocks: [{ request: { query: ActivateAccountDocument, variables: { token: 'old-token-1234567890' } }, result: serverError('Your token is expired!') }],
    });
    expect(await screen.findByText('Your token is expired!')).toBeInTheDocument();
  });
});

describe('confirm email screen', () => {
  it('asks for the code before sending anything', async () => {
    renderScreen(<ConfirmEmailPage />, { mocks: [unverified, noDevInbox] });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter Your 6 Digit Code', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
  });

  it("shows the server's message for a wrong code", async () => {
    renderScreen(<ConfirmEmailPage />, {
      mocks: [unverified, noDevInbox, { request: { query: ConfirmEmailDocument, variables: { input: { code: '123456' } } }, result: serverError('Wrong code. 4 attempts left', 'WRONG_CODE', { count: 4 }) }],
    });
    await userEvent.type(await screen.findByPlaceholderText('Enter Your 6 Digit Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code. 4 attempts left');
  });

  it('takes the code in Bangla digits and sends it in ASCII digits', async () => {
    renderScreen(<ConfirmEmailPage />, {
      mocks: [unverified, noDevInbox, { request: { query: ConfirmEmailDocument, variables: { input: { code: '654321' } } },
        result: { data: { confirmEmail: { __typename: 'User', id: 'u1', emailVerified: true } } } }],
    });
    await userEvent.type(await screen.findByPlaceholderText('Enter Your 6 Digit Code'), '৬৫৪৩২১');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified' })).toBeInTheDocument();
  });

  it('shows the verified state once the code is right', async () => {
    renderScreen(<ConfirmEmailPage />, {
      mocks: [unverified, noDevInbox, { request: { query: ConfirmEmailDocument, variables: { input: { code: '654321' } } },
        result: { data: { confirmEmail: { __typename: 'User', id: 'u1', emailVerified: true } } } }],
    });
    await userEvent.type(await screen.findByPlaceholderText('Enter Your 6 Digit Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your email is verified' })).toBeInTheDocument();
  });
});

describe('forgot and reset password', () => {
  it("answers 'Reset Password Email Send'", async () => {
    renderScreen(<ForgotPasswordForm door="patient" />, {
      mocks: [{ request: { query: ForgotPasswordDocument, variables: { input: { email: 'rupa@example.com' } } },
        result: { data: { forgotPassword: { __typename: 'Notice', success: true, message: 'Reset Password Email Send' } } } }],
    });
    await userEvent.type(screen.getByLabelText('Email'), 'rupa@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText('Reset Password Email Send')).length).toBeGreaterThan(0);
  });

  it('refuses two different passwords on the screen', async () => {
    renderScreen(<ResetPasswordForm door="patient" />, { path: '/password/reset/:token', route: '/password/reset/tok' });
    await userEvent.type(screen.getByPlaceholderText('Enter Your New Password'), 'river-boat-77');
    await userEvent.type(screen.getByPlaceholderText('Confirm Your Password'), 'river-boat-78');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it("shows the server's message in the error alert", async () => {
    const input = { password: 'river-boat-77', confirmPassword: 'river-boat-77' };
    renderScreen(<ResetPasswordForm door="patient" />, {
      path: '/password/reset/:token', route: '/password/reset/used-token',
      mocks: [{ request: { query: ResetPasswordDocument, variables: { token: 'used-token', input } }, result: serverError('Reset Password Token is invalid or has been expired') }],
    });
    await userEvent.type(screen.getByPlaceholderText('Enter Your New Password'), input.password);
    await userEvent.type(screen.getByPlaceholderText('Confirm Your Password'), input.confirmPassword);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Reset Password Token is invalid or has been expired');
  });

  it('goes to the login after a successful reset', async () => {
    const input = { password: 'river-boat-77', confirmPassword: 'river-boat-77' };
    renderScreen(<ResetPasswordForm door="doctor" />, {
      path: '/forgot/password/reset/:token', route: '/forgot/password/reset/fresh',
      mocks: [{ request: { query: ResetPasswordDocument, variables: { token: 'fresh', input } }, result: serverError('wrong door') },
        { request: { query: (await import('@/gql/graphql')).DoctorResetPasswordDocument, variables: { token: 'fresh', input } },
          result: { data: { doctorResetPassword: { __typename: 'Notice', success: true, message: 'Password Update Successfully' } } } }],
    });
    await userEvent.type(screen.getByPlaceholderText('Enter Your New Password'), input.password);
    await userEvent.type(screen.getByPlaceholderText('Confirm Your Password'), input.confirmPassword);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByTestId('navigated')).toBeInTheDocument());
  });
});
