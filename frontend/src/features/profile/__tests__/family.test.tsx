import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { AddFamilyMemberDocument, MyFamilyMembersDocument, RemoveFamilyMemberDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import FamilyPage from '../pages/FamilyPage';

const amena = { __typename: 'FamilyMember', id: 'm1', name: 'Amena Begum', relation: 'Mother', birthdate: '1958-03-02', gender: 'Female', phone: null, age: 67 };
const list = (members: unknown[]) => ({ request: { query: MyFamilyMembersDocument }, result: { data: { myFamilyMembers: members } }, maxUsageCount: 5 });

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('family members page', () => {
  it('lists each member with relation, age and gender in the reader\'s language and digits', async () => {
    await i18n.changeLanguage('bn');
    renderScreen(<FamilyPage />, { mocks: [list([amena])] });
    expect(await screen.findByText('মা, ৬৭ বছর, নারী')).toBeInTheDocument();
  });

  it('asks before removing, and removes only on yes', async () => {
    let removed = false;
    renderScreen(<FamilyPage />, {
      mocks: [list([amena]), { request: { query: RemoveFamilyMemberDocument, variables: { id: 'm1' } }, result: () => { removed = true; return { data: { removeFamilyMember: true } }; } }, list([])],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Amena Begum?');
    expect(dialog).toHaveTextContent('The care already booked for Amena Begum stays in your history.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toBe(false);
    await userEvent.click(within(screen.getByTestId('family-list')).getByRole('button', { name: 'Remove' }));
    const again = (await screen.findAllByRole('dialog')).at(-1)!;
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toBe(true));
  });

  it('checks the form on the screen, then adds the member with a phone typed in Bangla digits', async () => {
    let sentInput: unknown;
    renderScreen(<FamilyPage />, {
      mocks: [list([]), {
        request: { query: AddFamilyMemberDocument, variables: (v: Record<string, unknown>) => { sentInput = v.input; return true; } },
        result: { data: { addFamilyMember: { ...amena, id: 'm2', name: 'Ayaan', relation: 'Son', birthdate: '2016-09-10', gender: 'Male', age: 9, phone: '01711223344' } } },
      }, list([])],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a family member' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter their name')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose how they are related to you')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose their date of birth')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Their mobile number (optional)'), '১২৩');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a Bangladeshi mobile number like 01712345678')).toBeInTheDocument();
    expect(sentInput).toBeUndefined();
  });
});
