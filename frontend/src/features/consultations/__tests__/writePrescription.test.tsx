import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppointmentRowFragment } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import WritePrescriptionModal from '../components/WritePrescriptionModal';

const appointment = {
  __typename: 'Appointment', id: 'a1', kind: 'Video', status: 'Confirmed', nextStatuses: ['Finished', 'Cancelled'], canWritePrescription: true, canPay: false, paymentStatus: 'Paid', feePoisha: 80000, patientName: 'Rahima Akter',
  patientGender: 'Female', patientEmail: 'patient@nirog.test', age: 34, weight: '58 kg', height: `5'2"`, problem: 'Chest pain', phone: null,
  visitDate: null, slot: null, meetingUrl: null, holdExpiresAt: null, createdAt: '2026-11-22T03:00:00.000Z',
  doctor: { __typename: 'Doctor', id: 'd1', title: 'Dr', name: 'Selina Parveen', avatarUrl: null, degree: 'MBBS', work: 'Ibn Sina', specialities: ['Cardiology'] },
  prescription: null,
} as AppointmentRowFragment;

describe('prescription modal', () => {
  it("shows the patient's vitals from the booking", () => {
    renderScreen(<WritePrescriptionModal appointment={appointment} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByText('58 kg')).toBeInTheDocument();
    expect(screen.getByText('Chest pain')).toBeInTheDocument();
  });

  it('stops adding medicine rows at 10', async () => {
    renderScreen(<WritePrescriptionModal appointment={appointment} onClose={() => {}} onSaved={() => {}} />);
    for (let i = 0; i < 9; i++) await userEvent.click(screen.getByRole('button', { name: /Add medicine/ }));
    expect(screen.getAllByLabelText(/^Medicine \d+ Name and strength$/)).toHaveLength(10);
    expect(screen.getByRole('button', { name: /At most 10 medicines/ })).toBeDisabled();
  });

  it('labels every medicine row, not only the first, and gives hints as help text rather than value-like placeholders', async () => {
    renderScreen(<WritePrescriptionModal appointment={appointment} onClose={() => {}} onSaved={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: /Add medicine/ }));
    const row2 = screen.getByRole('group', { name: 'Medicine 2' });
    for (const field of ['Name and strength', 'Daily use', 'Days', 'Quantity']) {
      expect(screen.getByLabelText(`Medicine 2 ${field}`)).toBeInTheDocument();
      // the label is on screen in row 2 too, not only in the first row
      expect(within(row2).getByText(field, { selector: 'label' })).toBeInTheDocument();
    }
    expect(within(row2).getByText('Morning + noon + night, e.g. 1+0+1')).toBeInTheDocument();
    for (const input of within(row2).getAllByRole('textbox')) expect(input).not.toHaveAttribute('placeholder');
    expect(screen.getByRole('button', { name: 'Remove medicine 2' })).toBeInTheDocument();
  });
});
