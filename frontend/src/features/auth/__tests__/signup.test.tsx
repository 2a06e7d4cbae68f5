import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { SignupDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import PatientSignupPage from '../pages/PatientSignupPage';
import DoctorSignupPage from '../pages/DoctorSignupPage';

describe('signup forms', () => {
  it('checks the password rule before sending', async () => {
    renderScreen(<PatientSignupPage />);
    await userEvent.type(screen.getByLabelText('Name'), 'Sadia');
    await userEvent.type(screen.getByLabelText('Email'), 'sadia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findAllByText('At least 8 characters, with a letter and a digit')).not.toHaveLength(0);
  });

  it('shows the server refusal beside the email field', async () => {
    const input = { name: 'Sadia', email: 'sadia@example.com', password: 'mango-tree-42', language: 'en' };
    renderScreen(<PatientSignupPage />, {
      mocks: [{
        request: { query: SignupDocument, variables: { input, avatar: null } },
        result: { errors: [new GraphQLError('An account with this email already exists', { extensions: { code: 'CONFLICT', fields: { email: 'Already registered' } } })] },
      }],
    });
    await userEvent.type(screen.getByLabelText('Name'), input.name);
    await userEvent.type(screen.getByLabelText('Email'), input.email);
    await userEvent.type(screen.getByLabelText('Password'), input.password);
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(await screen.findByText('Already registered')).toBeInTheDocument();
  });

  it("answers an empty doctor registration with 'Enter all Fields'", async () => {
    renderScreen(<DoctorSignupPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter all Fields');
  });
});
