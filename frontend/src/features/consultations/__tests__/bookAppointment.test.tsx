import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import i18n from 'i18next';
import { BookConsultationDocument, BookingDoctorDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import BookAppointmentPage from '../pages/BookAppointmentPage';

const doctor = {
  __typename: 'Doctor', id: 'd1', title: 'Dr', name: 'Selina Parveen', avatarUrl: null, degree: 'MBBS', specialities: ['Cardiology'],
  work: 'Ibn Sina', feePoisha: 80000, isOnline: true, hospitalSlotCapacity: 10,
};
const doctorMock = { request: { query: BookingDoctorDocument, variables: { id: 'd1' } }, result: { data: { doctor } } };
const t = (key: string) => i18n.t(key, { ns: 'consultations' });

async function fill(values: { name?: string; age?: string; weight?: string; height?: string; problem?: string }) {
  await screen.findByTestId('booking-fee');
  for (const [field, value] of Object.entries(values)) {
    const input = screen.getByLabelText(t(field));
    await userEvent.click(input);
    await userEvent.paste(value);
  }
}

async function chooseFemale() {
  await userEvent.click(screen.getByLabelText(t('gender')));
  await userEvent.click(await screen.findByTitle(t('female')));
}

describe('consultation booking form', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Enter the age in whole years, from 0 to 130', 'Enter the weight as a number of kg, like 58 or 58 kg', `Enter the height in feet and inches or in cm, like 5'2" or 157 cm`],
    ['bn', 'বয়স পূর্ণ বছরে লিখুন, ০ থেকে ১৩০', 'ওজন কেজিতে সংখ্যায় লিখুন, যেমন ৫৮ বা ৫৮ কেজি', `উচ্চতা ফুট-ইঞ্চি বা সেন্টিমিটারে লিখুন, যেমন ৫'২" বা ১৫৭ সেমি`],
  ])('refuses an age of 200, a weight of 😀 and a height of abc, each beside its field, without clamping (%s)', async (lang, age, weight, height) => {
    await i18n.changeLanguage(lang);
    renderScreen(<BookAppointmentPage />, { route: '/?doctorId=d1', mocks: [doctorMock] });
    await fill({ name: 'Rahima Akter', age: '200', weight: '😀', height: 'abc', problem: 'Chest pain' });
    await userEvent.click(screen.getByRole('button', { name: t('bookAndPay') }));
    expect(await screen.findByText(age)).toBeInTheDocument();
    expect(screen.getByText(weight)).toBeInTheDocument();
    expect(screen.getByText(height)).toBeInTheDocument();
    // the age stays what was typed: never silently made 130
    expect(screen.getByLabelText(t('age'))).toHaveValue('200');
    expect(screen.getByLabelText(t('weight'))).toHaveAttribute('aria-invalid', 'true');
  });

  it('takes an age in Bangla digits as a number, and says a server refusal beside its field, in Bangla', async () => {
    await i18n.changeLanguage('bn');
    const input = { doctorId: 'd1', familyMemberId: null, name: 'Rahima Akter', age: 34, weight: '৫৮ কেজি', height: `5'2"`, gender: 'Female', problem: 'Chest pain' };
    renderScreen(<BookAppointmentPage />, {
      route: '/?doctorId=d1',
      mocks: [doctorMock, {
        request: { query: BookConsultationDocument, variables: { input } },
        result: { errors: [new GraphQLError('Enter the weight as a number of kg, like 58 or 58 kg', { extensions: { code: 'BAD_USER_INPUT', reason: 'INVALID_INPUT', fields: { weight: 'Enter the weight as a number of kg, like 58 or 58 kg' }, fieldRules: { weight: 'isWeight' } } })] },
      }],
    });
    await fill({ name: input.name, age: '৩৪', weight: input.weight, height: input.height, problem: input.problem });
    await chooseFemale();
    await userEvent.click(screen.getByRole('button', { name: t('bookAndPay') }));
    expect(await screen.findByText('ওজন কেজিতে সংখ্যায় লিখুন, যেমন ৫৮ বা ৫৮ কেজি')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(t('weight'))).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Enter the weight as a number of kg, like 58 or 58 kg')).toBeNull();
  });
});
