import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import i18n from '@/i18n';
import { DoctorFilterOptionsDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import FilterPanel from '../components/FilterPanel';
import { specialityTitle } from '@/lib/specialities';

afterEach(async () => { await act(() => i18n.changeLanguage('en')); });

const opt = (id: string, title: string) => ({ __typename: 'FilterOption', id, title });
// What the server sends: ids and its English titles.
const options = {
  __typename: 'DoctorFilterOptions',
  fees: [opt('UpTo500', 'Up to 500 BDT'), opt('Above2000', 'Above 2000 BDT')],
  genders: [opt('Male', 'Male'), opt('Female', 'Female')],
  ratings: [opt('4', '4 stars & up')],
  statuses: [opt('true', 'Online Now'), opt('false', 'Offline')],
  specialities: [{ __typename: 'Speciality', id: 's1', title: 'Cardiology', titleBn: 'হৃদরোগ', slug: 'cardiology', imageUrl: null }],
};
const empty = { specialities: [], fees: [], genders: [], rating: null, online: null, q: '', sort: 'Recommended' as const, page: 1 };

describe('the doctor filters in Bangla', () => {
  it("translates the server's options by id and shows the speciality's Bangla title", async () => {
    await act(() => i18n.changeLanguage('bn'));
    renderScreen(<FilterPanel value={empty} onChange={() => {}} onReset={() => {}} />, {
      mocks: [{ request: { query: DoctorFilterOptionsDocument }, result: { data: { doctorFilterOptions: options } } }],
    });
    expect(await screen.findByLabelText('এখন অনলাইনে', { selector: 'input[type=radio]' })).toHaveAttribute('value', 'true');
    expect(screen.getByLabelText('৫০০ টাকা পর্যন্ত')).toHaveAttribute('value', 'UpTo500');
    expect(screen.getByLabelText('৪ তারা ও তার বেশি')).toHaveAttribute('value', '4');
    expect(screen.getByLabelText('হৃদরোগ')).toHaveAttribute('value', 'Cardiology'); // the id the server filters by
    for (const english of ['Online Now', 'Up to 500 BDT', '4 stars & up', 'Cardiology']) expect(screen.queryByText(english)).toBeNull();
  });

  it('keeps English words on an English screen and falls back to the English title when no Bangla one is written', () => {
    expect(specialityTitle({ title: 'Urology', titleBn: '' }, 'bn')).toBe('Urology');
    expect(specialityTitle({ title: 'Urology', titleBn: 'মূত্ররোগ' }, 'en')).toBe('Urology');
  });
});
