import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import i18n from '@/i18n';
import { LoginWithCodeDocument, SendLoginCodeDocument, SendSignupCodeDocument, SmsSandboxDocument } from '@/gql/graphql';
import { getSession, setSession } from '@/lib/session';
import { renderScreen } from '@/test/render';
import MobileAccess from '../components/MobileAccess';

const sent = (phone: string) => ({ __typename: 'CodeSent', phone, expiresInSeconds: 300, resendInSeconds: 60 });
const noSandbox = (phone: string) => ({ request: { query: SmsSandboxDocument, variables: { phone } }, result: { data: { smsSandbox: null } }, maxUsageCount: 10 });

afterEach(async () => {
  setSession(null);
  await i18n.changeLanguage('en');
});

describe('signup and login with a mobile number', () => {
  it('checks the number on the screen before sending anything', async () => {
    renderScreen(<MobileAccess mode="signup" />);
    await userEvent.type(screen.getByLabelText('Name'), 'Shirin Akhter');
    await userEvent.type(screen.getByLabelText('Mobile number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter a Bangladeshi mobile number like 01712345678')).toBeInTheDocument();
  });

  it('sends the name, the number as typed (Bangla digits too) and the screen language, then asks for the code with a countdown', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<MobileAccess mode="signup" />, {
      mocks: [
        { request: { query: SendSignupCodeDocument, variables: { input: { name: 'শিরিন', phone: '০১৭১১২২৩৩৪৪', language: 'bn' } } }, result: { data: { sendSignupCode: sent('01711223344') } } },
        noSandbox('01711223344'),
      ],
    });
    await userEvent.type(screen.getByLabelText('নাম'), 'শিরিন');
    await userEvent.type(screen.getByLabelText('মোবাইল নম্বর'), '০১৭১১২২৩৩৪৪');
    await userEvent.click(screen.getByRole('button', { name: 'কোড পাঠান' }));
    expect(await screen.findByText('০১৭১১২২৩৩৪৪ নম্বরে এসএমএসে ৬ অঙ্কের একটি কোড পাঠিয়েছি। এটি ৫ মিনিট কার্যকর।')).toBeInTheDocument();
    // The wait until a new code, in the reader's digits.
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent(/^(১:০০|০:৫৯) পরে নতুন কোড চাইতে পারবেন$/);
  });

  it('logs in with the code (typed in Bangla digits, sent as ASCII) and keeps the session', async () => {
    const user = { __typename: 'User', id: 'u9', name: 'Jamal Hossain', email: '', role: 'User', avatarUrl: null, hasPassword: false };
    renderScreen(<MobileAccess mode="login" />, {
      mocks: [
        { request: { query: SendLoginCodeDocument, variables: { input: { phone: '01911223344', language: 'en' } } }, result: { data: { sendLoginCode: sent('01911223344') } } },
        noSandbox('01911223344'),
        { request: { query: LoginWithCodeDocument, variables: { input: { phone: '01911223344', code: '000000' } } },
          result: { errors: [new GraphQLError('Wrong code. 4 attempts left', { extensions: { code: 'BAD_USER_INPUT', reason: 'WRONG_CODE', params: { count: 4 } } })] } },
        { request: { query: LoginWithCodeDocument, variables: { input: { phone: '01911223344', code: '123456' } } },
          result: { data: { loginWithCode: { __typename: 'AuthPayload', token: 'a.b.c', refreshToken: 'r', expiresIn: 900, user } } } },
      ],
    });
    await userEvent.type(screen.getByLabelText('Mobile number'), '01911223344');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('An SMS is on the way: your code if a patient account uses this number, or a note saying none does.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '000000');
    await userEvent.click(screen.getByRole('button', { name: /Confirm$/ }));
    expect(await screen.findByText('Wrong code. 4 attempts left.')).toBeInTheDocument();
    expect(getSession()).toBeNull();
    await userEvent.clear(screen.getByLabelText('Code from the SMS'));
    await userEvent.type(screen.getByLabelText('Code from the SMS'), '১২৩৪৫৬');
    await userEvent.click(screen.getByRole('button', { name: /Confirm$/ }));
    await waitFor(() => expect(getSession()).toMatchObject({ token: 'a.b.c', user: { name: 'Jamal Hossain', role: 'user', hasPassword: false } }));
  });

  it('offers a new code only when the countdown is over, and words a cool-down refusal in the reader\'s language', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderScreen(<MobileAccess mode="login" />, {
        mocks: [
          { request: { query: SendLoginCodeDocument, variables: { input: { phone: '01911223344', language: 'en' } } }, result: { data: { sendLoginCode: { ...sent('01911223344'), resendInSeconds: 2 } } } },
          noSandbox('01911223344'),
          { request: { query: SendLoginCodeDocument, variables: { input: { phone: '01911223344', language: 'en' } } },
            result: { errors: [new GraphQLError('Please wait 40 seconds', { extensions: { code: 'TOO_MANY_REQUESTS', reason: 'RESEND_COOLDOWN', params: { seconds: 40 } } })] } },
        ],
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(screen.getByLabelText('Mobile number'), '01911223344');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByTestId('resend-countdown')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
      await act(async () => { vi.advanceTimersByTime(3000); });
      await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
      expect(await screen.findByText('Please wait 40 seconds before asking for a new code.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
