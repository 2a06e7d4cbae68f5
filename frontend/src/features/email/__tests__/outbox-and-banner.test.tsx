import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { EmailStatusDocument, MailDeliveryDocument, MailOutboxDocument } from '@/gql/graphql';
import { setSession } from '@/lib/session';
import { renderScreen } from '@/test/render';
import AdminOutboxPage from '../pages/AdminOutboxPage';
import VerifyEmailBanner from '../components/VerifyEmailBanner';

afterEach(() => setSession(null));

const delivery = (smtpConfigured: boolean) => ({
  request: { query: MailDeliveryDocument },
  result: { data: { mailDelivery: { __typename: 'MailDelivery', smtpConfigured, devInbox: !smtpConfigured } } },
});

const mail = {
  __typename: 'MailMessage', id: 'm1', createdAt: '2026-11-22T03:00:00.000Z', toEmail: 'rupa@example.com', language: 'en',
  template: 'verify-email', subject: 'Verify your email for Nirog', text: 'Hello Rupa,\n\n123456', status: 'Captured', attempts: 0,
  nextAttemptAt: '2026-11-22T03:00:00.000Z', lastError: null, sentAt: null,
};

describe('admin outbox', () => {
  it('lists queued mail with its status and says when no mail server is configured', async () => {
    renderScreen(<AdminOutboxPage />, {
      mocks: [delivery(false), {
        request: { query: MailOutboxDocument, variables: { page: 1, pageSize: 20, status: null, to: null } },
        result: { data: { mailOutbox: { __typename: 'MailMessagePage', items: [mail], total: 1, page: 1, pageSize: 20, pageCount: 1 } } },
      }],
    });
    const subject = await screen.findByText('Verify your email for Nirog');
    // The subject as sent, in the recipient's language, whatever the admin's screen language.
    expect(subject).toHaveAttribute('lang', 'en');
    expect(subject).toHaveAttribute('translate', 'no');
    expect(screen.getByText('rupa@example.com')).toBeInTheDocument();
    expect(screen.getByText('Kept (not sent)')).toBeInTheDocument();
    expect(await screen.findByText(/No SMTP server is configured/)).toBeInTheDocument();
  });

  it("shows the spec's empty text when there is no mail", async () => {
    renderScreen(<AdminOutboxPage />, {
      mocks: [delivery(true), {
        request: { query: MailOutboxDocument, variables: { page: 1, pageSize: 20, status: null, to: null } },
        result: { data: { mailOutbox: { __typename: 'MailMessagePage', items: [], total: 0, page: 1, pageSize: 20, pageCount: 1 } } },
      }],
    });
    expect(await screen.findByText('No mail found')).toBeInTheDocument();
  });
});

describe('verify email banner', () => {
  const status = (emailVerified: boolean) => ({
    request: { query: EmailStatusDocument }, result: { data: { me: { __typename: 'User', id: 'u1', emailVerified, contactVerified: emailVerified } } },
  });
  const patient = () => setSession({ token: 'a.b.c', refreshToken: 'r', user: { id: 'u1', name: 'Rupa', email: 'r@example.com', role: 'user' } });

  it('asks an unverified patient to verify', async () => {
    patient();
    renderScreen(<VerifyEmailBanner />, { mocks: [status(false)] });
    expect(await screen.findByText(/Please verify your email/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify now' })).toHaveAttribute('href', '/user/confirm/email');
  });

  it('stays away for verified patients and visitors', async () => {
    patient();
    const { container } = renderScreen(<VerifyEmailBanner />, { mocks: [status(true)] });
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).not.toContain('Please verify');
    setSession(null);
  });
});
