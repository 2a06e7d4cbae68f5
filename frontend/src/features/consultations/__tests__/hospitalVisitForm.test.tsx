import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { BookingDoctorDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import HospitalAppointmentPage from '../pages/HospitalAppointmentPage';

const doctor = {
  __typename: 'Doctor', id: 'd1', title: 'Dr', name: 'Selina Parveen', avatarUrl: null, degree: 'MBBS', specialities: ['Cardiology'],
  work: 'Ibn Sina', feePoisha: 80000, isOnline: true, hospitalSlotCapacity: 10,
};
const doctorMock = { request: { query: BookingDoctorDocument, variables: { id: 'd1' } }, result: { data: { doctor } } };

afterEach(async () => { await act(() => i18n.changeLanguage('en')); });

describe('hospital visit form', () => {
  it.each([['en', 'Choose today or a later day'], ['bn', 'আজ বা পরের কোনো দিন বেছে নিন']])(
    "says a past date is refused in the page's words (%s), never the browser's", async (lang, words) => {
      await act(() => i18n.changeLanguage(lang));
      renderScreen(<HospitalAppointmentPage />, { route: '/?doctorId=d1', mocks: [doctorMock] });
      await screen.findByTestId('visit-fee');
      const date = document.querySelector<HTMLInputElement>('input[type=date]')!;
      fireEvent.change(date, { target: { value: '2020-01-01' } });
      // The browser would stop this submit with its own English tooltip ("Value must be … or later"):
      // the form is noValidate, so our rule answers instead.
      expect(date.closest('form')).toHaveAttribute('novalidate');
      expect(date.validationMessage).not.toBe('');
      await userEvent.click(screen.getByRole('button', { name: i18n.t('book', { ns: 'consultations' }) }));
      expect(await screen.findByText(words, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    });
});
