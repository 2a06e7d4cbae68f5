import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import dayjs from 'dayjs';
import { BookHospitalVisitDocument, BookingDoctorDocument, HospitalSlotsDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import AntdProvider from '@/app/AntdProvider';
import { isoDay, todayInDhaka } from '@/lib/dates';
import HospitalAppointmentPage from '../pages/HospitalAppointmentPage';

const doctor = {
  __typename: 'Doctor', id: 'd1', title: 'Dr', name: 'Selina Parveen', avatarUrl: null, degree: 'MBBS', specialities: ['Cardiology'],
  work: 'Ibn Sina', feePoisha: 80000, isOnline: true, hospitalSlotCapacity: 10,
};
const doctorMock = { request: { query: BookingDoctorDocument, variables: { id: 'd1' } }, result: { data: { doctor } } };
// A day a week ahead, as the server takes it (ASCII YYYY-MM-DD).
const day = isoDay(dayjs(todayInDhaka()).add(7, 'day'));
const slot = (s: string) => ({ __typename: 'HospitalSlot', slot: s, capacity: 10, booked: 2, available: 8 });
const slotsMock = { request: { query: HospitalSlotsDocument, variables: { doctorId: 'd1', date: day } }, result: { data: { hospitalSlots: ['Morning', 'Afternoon', 'Evening'].map(slot) } } };

afterEach(async () => { await act(() => i18n.changeLanguage('en')); });

const dateField = () => document.querySelector<HTMLInputElement>('.ant-picker input')!;

describe('hospital visit form', () => {
  it("uses antd's date picker, never the browser's date field, and a form the browser does not validate", async () => {
    renderScreen(<AntdProvider><HospitalAppointmentPage /></AntdProvider>, { route: '/?doctorId=d1', mocks: [doctorMock] });
    await screen.findByTestId('visit-fee');
    expect(document.querySelector('input[type=date]')).toBeNull();
    expect(dateField().closest('form')).toHaveAttribute('novalidate');
    expect(screen.getByLabelText('Date')).toBe(dateField());
  });

  it.each([['en', 'Please enter your details'], ['bn', 'আপনার তথ্য দিন']])(
    "asks for the day in the page's words (%s), never the browser's", async (lang, words) => {
      await act(() => i18n.changeLanguage(lang));
      renderScreen(<AntdProvider><HospitalAppointmentPage /></AntdProvider>, { route: '/?doctorId=d1', mocks: [doctorMock] });
      await screen.findByTestId('visit-fee');
      await userEvent.click(screen.getByRole('button', { name: i18n.t('book', { ns: 'consultations' }) }));
      expect((await screen.findAllByText(words, { selector: '.ant-form-item-explain-error' })).length).toBeGreaterThan(0);
    });

  it('shows the chosen day in Bangla digits on a Bangla screen and books it as YYYY-MM-DD', async () => {
    await act(() => i18n.changeLanguage('bn'));
    let sent: unknown = null;
    const bookMock = {
      request: { query: BookHospitalVisitDocument, variables: (v: unknown) => { sent = v; return true; } },
      result: { data: { bookHospitalVisit: { __typename: 'Appointment', id: 'a1', status: 'Processing', visitDate: day, slot: 'Morning' } } },
    };
    renderScreen(<AntdProvider><HospitalAppointmentPage /></AntdProvider>, { route: '/?doctorId=d1', mocks: [doctorMock, slotsMock, bookMock] });
    await screen.findByTestId('visit-fee');
    await userEvent.type(screen.getByLabelText('রোগীর নাম'), 'Karim Uddin');
    await userEvent.type(screen.getByLabelText('ফোন'), '০১৮১৯৮৭৬৫৪৩');
    const bangla = day.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    await userEvent.click(dateField());
    expect(document.querySelector('.ant-picker-cell-today')?.textContent).toMatch(/^[০-৯]+$/); // the calendar counts in Bangla
    await userEvent.type(dateField(), `${day}{Enter}`);
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    await waitFor(() => expect(dateField().value).toBe(bangla));
    await userEvent.click(await screen.findByText(/সকাল/));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('book', { ns: 'consultations' }) }));
    await waitFor(() => expect(sent).toMatchObject({ input: { doctorId: 'd1', date: day, slot: 'Morning' } }));
  });
});
