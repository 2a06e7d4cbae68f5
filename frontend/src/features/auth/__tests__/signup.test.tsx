import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import i18n from 'i18next';
import { LoginDocument, SignupDocument } from '@/gql/graphql';
import { getSession, setSession } from '@/lib/session';
import { renderScreen } from '@/test/render';
import PatientSignupPage from '../pages/PatientSignupPage';
import DoctorSignupPage from '../pages/DoctorSignupPage';

describe('signup forms', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('checks the password rule before sending', async () => {
    renderScreen(<PatientSignupPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Sadia');
    await userEvent.type(screen.getByLabelText('Email'), 'sadia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findAllByText('At least 8 characters, with a letter and a digit')).not.toHaveLength(0);
  });

  it('shows the server refusal once, beside its field', async () => {
    const input = { name: 'Sadia', email: 'sadia@example.com', password: 'bangladesh1', language: 'en' };
    renderScreen(<PatientSignupPage />, {
      mocks: [{
        request: { query: SignupDocument, variables: { input, avatar: null } },
        result: { errors: [new GraphQLError('This password is too common', { extensions: { code: 'BAD_USER_INPUT', reason: 'WEAK_PASSWORD', params: { rule: 'common' }, fields: { password: 'This password is too common' } } })] },
      }],
    });
    await userEvent.type(screen.getByLabelText('Name'), input.name);
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    // Said once, beside the field (not again in an alert on top).
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('This password is too common.')).toHaveLength(1));
    expect(screen.queryByText('This password is too common.', { selector: '.ant-alert *' })).toBeNull();
  });

  // The server answers a registered email exactly like a new one (the owner gets a mail instead), so
  // the screen can only point to the mailbox, in both languages.
  it.each([
    ['en', 'Thank you! Please check your email: we have sent you a message about your Nirog account.'],
    ['bn', 'ধন্যবাদ! অনুগ্রহ করে আপনার ইমেইল দেখুন: আপনার নীরোগ অ্যাকাউন্ট সম্পর্কে আমরা একটি বার্তা পাঠিয়েছি।'],
  ])('after a signup, goes to the login page and asks to check the email (%s)', async (lang, message) => {
    await i18n.changeLanguage(lang);
    const input = { name: 'Sadia', email: 'sadia@example.com', password: 'mango-tree-42', language: lang };
    renderScreen(<PatientSignupPage />, {
      path: '/user-signup',
      route: '/user-signup',
      mocks: [{
        request: { query: SignupDocument, variables: { input, avatar: null } },
        result: { data: { signup: { __typename: 'User', id: crypto.randomUUID() } } },
      }],
    });
    await userEvent.type(screen.getByLabelText(i18n.t('name', { ns: 'auth' })), input.name);
    await userEvent.type(screen.getByLabelText(i18n.t('email', { ns: 'auth' })), input.email);
    await userEvent.type(screen.getByLabelText(i18n.t('password', { ns: 'auth' })), input.password);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('signup', { ns: 'auth' }) }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('logs the new patient in with what they typed and goes on to confirm the email (no typing it all again)', async () => {
    const input = { name: 'Sadia', email: 'sadia@example.com', password: 'mango-tree-42', language: 'en' };
    renderScreen(<PatientSignupPage />, {
      path: '/user-signup',
      route: '/user-signup',
      mocks: [{
        request: { query: SignupDocument, variables: { input, avatar: null } },
        result: { data: { signup: { __typename: 'User', id: 'u9' } } },
      }, {
        request: { query: LoginDocument, variables: { input: { email: input.email, password: input.password } } },
        result: { data: { login: { __typename: 'AuthPayload', token: 'a.b.c', refreshToken: 'r', expiresIn: 900,
          user: { __typename: 'User', id: 'u9', name: 'Sadia', email: input.email, role: 'User', avatarUrl: null, hasPassword: true } } } },
      }],
    });
    await userEvent.type(screen.getByLabelText('Name'), input.name);
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findByTestId('navigated')).toBeInTheDocument();
    expect(getSession()?.user).toMatchObject({ name: 'Sadia', role: 'user' });
    setSession(null);
  });

  it('says once per field what an empty doctor registration is missing, and marks the required fields', async () => {
    renderScreen(<DoctorSignupPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const missing = ['Choose a photo of you', 'Choose your title', 'Enter your name', 'Enter your email', 'Enter your password', 'Enter your mobile number',
      'Choose your gender', 'Enter your degrees', 'Add at least one speciality', 'Enter where you work', 'Enter your years of experience',
      'Enter your consultation fee', 'Enter your location', 'Choose Medical or Dental', 'Enter your National ID number', 'Enter your BMDC number',
      'Write a few words about you'];
    for (const text of missing) expect(await screen.findAllByText(text)).toHaveLength(1);
    expect(screen.queryByText('Enter all Fields')).toBeNull();
    // antd's required mark on every field (17: the photo and the 16 fields)
    expect(document.querySelectorAll('label.ant-form-item-required')).toHaveLength(17);
    expect(document.querySelector('.ant-form-hide-required-mark')).toBeNull();
  });

  it('says the password rule once: the hint becomes the error, it is not repeated below it', async () => {
    renderScreen(<PatientSignupPage />);
    expect(screen.getAllByText('At least 8 characters, with a letter and a digit')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('At least 8 characters, with a letter and a digit')).toHaveLength(1);
  });

  it.each([
    ['en', 'Your name can be at most 100 characters'],
    ['bn', 'নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে'],
  ])('says a too-long name once, beside the name, in the reader\'s language (%s)', async (lang, text) => {
    await i18n.changeLanguage(lang);
    renderScreen(<PatientSignupPage />);
    const name = screen.getByLabelText(i18n.t('name', { ns: 'auth' }));
    await userEvent.click(name);
    await userEvent.paste('a'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('signup', { ns: 'auth' }) }));
    expect(await screen.findAllByText(text)).toHaveLength(1);
    expect(document.querySelector('.ant-alert')).toBeNull();
  });

  it('words a server refusal of the name by its rule, once, beside the field, not in the server\'s English', async () => {
    await i18n.changeLanguage('bn');
    const input = { name: 'Sadia', email: 'sadia@example.com', password: 'mango-tree-42', language: 'bn' };
    const raw = 'name must be shorter than or equal to 100 characters';
    renderScreen(<PatientSignupPage />, {
      mocks: [{
        request: { query: SignupDocument, variables: { input, avatar: null } },
        result: { errors: [new GraphQLError(raw, { extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_INPUT', fields: { name: raw }, fieldRules: { name: 'maxLength' } } })] },
      }],
    });
    await userEvent.type(screen.getByLabelText(i18n.t('name', { ns: 'auth' })), input.name);
    await userEvent.type(screen.getByLabelText(i18n.t('email', { ns: 'auth' })), input.email);
    await userEvent.type(screen.getByLabelText(i18n.t('password', { ns: 'auth' })), input.password);
    await userEvent.click(screen.getByRole('button', { name: i18n.t('signup', { ns: 'auth' }) }));
    const beside = i18n.t('fields.maxLength', { ns: 'errors' });
    expect(await screen.findAllByText(beside)).toHaveLength(1);
    expect(screen.queryByText(raw)).toBeNull();
    expect(document.querySelector('.ant-alert')).toBeNull();
  });
});
