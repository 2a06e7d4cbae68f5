import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DoctorFilterOptionsDocument, DoctorsDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import DoctorsPage from '../pages/DoctorsPage';

const empty = { __typename: 'DoctorPage', items: [], total: 0, page: 1, pageSize: 10, pageCount: 1, didYouMean: null };

const firstPage = { specialities: null, feeRanges: null, genders: null, minRating: null, online: null, search: null, sort: 'Recommended', page: 1, pageSize: 10 };
const options = {
  __typename: 'DoctorFilterOptions',
  statuses: [{ __typename: 'FilterOption', id: 'true', title: 'Online' }],
  genders: [{ __typename: 'FilterOption', id: 'Female', title: 'Female' }],
  fees: [{ __typename: 'FilterOption', id: 'UpTo500', title: 'Up to 500 BDT' }],
  ratings: [{ __typename: 'FilterOption', id: '4', title: '4 and up' }],
  specialities: [{ __typename: 'Speciality', id: 's1', title: 'Cardiology', titleBn: 'হৃদরোগ', slug: 'cardiology', imageUrl: null }],
};

/** The screen's width as matchMedia answers it (test/setup.ts answers "no" to every query). */
function screenWidth(px: number) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...original(query), matches: /min-width: (\d+)px/.test(query) && px >= Number(/min-width: (\d+)px/.exec(query)![1]),
  })) as typeof window.matchMedia;
  return () => { window.matchMedia = original; };
}

describe('/doctors', () => {
  let restore = () => {};
  afterEach(() => restore());

  it('on a phone, renders no filter panel (the column is its hidden placeholder) and asks for no filter options until the dialog opens', async () => {
    restore = screenWidth(390);
    let asked = 0;
    renderScreen(<DoctorsPage />, {
      path: '/doctors', route: '/doctors',
      mocks: [
        { request: { query: DoctorsDocument, variables: firstPage }, result: { data: { doctors: empty } } },
        { request: { query: DoctorFilterOptionsDocument }, result: () => { asked++; return { data: { doctorFilterOptions: options } }; } },
      ],
    });
    expect(await screen.findByText('No Doctors Found')).toBeInTheDocument();
    // The column stays in the page (as the server renders it, not knowing the width), hidden by CSS below 1181 px.
    const column = screen.getByRole('complementary', { name: 'Filters' });
    expect(column).toHaveClass('only-desktop');
    expect(column.querySelector('.filter-placeholder')).not.toBeNull();
    expect(screen.queryByRole('group', { name: 'Gender' })).toBeNull();
    expect(asked).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: 'Female' })).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('on a wide screen, shows the filter column beside the list', async () => {
    restore = screenWidth(1280);
    renderScreen(<DoctorsPage />, {
      path: '/doctors', route: '/doctors',
      mocks: [
        { request: { query: DoctorsDocument, variables: firstPage }, result: { data: { doctors: empty } } },
        { request: { query: DoctorFilterOptionsDocument }, result: { data: { doctorFilterOptions: options } } },
      ],
    });
    const column = await screen.findByRole('complementary', { name: 'Filters' });
    expect(await within(column).findByRole('checkbox', { name: 'Female' })).toBeInTheDocument();
  });

  it("sends the URL's filters to the server and shows 'No Doctors Found' for an empty page", async () => {
    renderScreen(<DoctorsPage />, {
      path: '/doctors',
      route: '/doctors?speciality=Cardiology&fees=UpTo500&online=true&q=zzz',
      mocks: [{
        request: {
          query: DoctorsDocument,
          variables: { specialities: ['Cardiology'], feeRanges: ['UpTo500'], genders: null, minRating: null, online: true, search: 'zzz', sort: 'Recommended', page: 1, pageSize: 10 },
        },
        result: { data: { doctors: empty } },
      }],
    });
    expect(await screen.findByText('No Doctors Found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /speciality/ })).toHaveValue('zzz');
  });

  it('takes the answer in a commit that keeps the placeholders, and renders the rows in a later one (a transition)', async () => {
    // What the screen shows at each commit, read from the DOM as React commits it.
    const commits: { busy: string | null; placeholders: number; rows: number }[] = [];
    const seen = () => commits.push({
      busy: document.querySelector('.doctor-list')?.getAttribute('aria-busy') ?? null,
      placeholders: document.querySelectorAll('.doctor-row-placeholder').length,
      rows: document.querySelectorAll('[data-testid="doctor-row"]').length,
    });
    const doctor = (i: number) => ({
      __typename: 'Doctor', id: `d${i}`, title: 'Dr', name: `Doctor Number${i}`, avatarUrl: null, degree: 'MBBS', specialities: ['Medicine'],
      work: 'Square Hospital', experienceYears: 5, feePoisha: 50000, gender: 'Female', isOnline: false, rating: 4, reviewCount: 2,
    });
    renderScreen(<Profiler id="doctors" onRender={seen}><DoctorsPage /></Profiler>, {
      path: '/doctors', route: '/doctors',
      mocks: [{ request: { query: DoctorsDocument, variables: firstPage }, result: { data: { doctors: { ...empty, items: [0, 1, 2].map(doctor), total: 3 } } } }],
    });
    expect(await screen.findAllByTestId('doctor-row')).toHaveLength(3);
    // The answer's own (synchronous) commit: no longer loading, the placeholders still there, no row yet.
    expect(commits).toContainEqual({ busy: 'false', placeholders: 3, rows: 0 });
    // Then the rows, which replace the placeholders; no commit ever shows neither (nothing moves: CLS).
    expect(commits.at(-1)).toEqual({ busy: 'false', placeholders: 0, rows: 3 });
    expect(commits.filter((c) => c.placeholders === 0 && c.rows === 0)).toEqual([]);
  });

  it('shows each doctor\'s photo with its alt text; the first rows load at once, the rest when near', async () => {
    const doctor = (i: number) => ({
      __typename: 'Doctor', id: `d${i}`, title: 'ProfDr', name: `Doctor Number${i}`, avatarUrl: i === 4 ? null : `/uploads/generated/${i}.webp`,
      degree: 'MBBS', specialities: ['Medicine'], work: 'Square Hospital', experienceYears: 5, feePoisha: 50000, gender: 'Female',
      isOnline: false, rating: 4, reviewCount: 2,
    });
    renderScreen(<DoctorsPage />, {
      path: '/doctors',
      route: '/doctors',
      mocks: [{
        request: {
          query: DoctorsDocument,
          variables: { specialities: null, feeRanges: null, genders: null, minRating: null, online: null, search: null, sort: 'Recommended', page: 1, pageSize: 10 },
        },
        result: { data: { doctors: { ...empty, items: [0, 1, 2, 3, 4].map(doctor), total: 5 } } },
      }],
    });
    const first = await screen.findByRole('img', { name: 'Photo of Prof. Dr. Doctor Number0' });
    expect(first).toHaveAttribute('src', '/uploads/generated/0.webp');
    expect(first).toHaveAttribute('width', '72');
    expect(first).toHaveAttribute('height', '72');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('img', { name: 'Photo of Prof. Dr. Doctor Number3' })).toHaveAttribute('loading', 'lazy');
    // No photo: the initials instead.
    expect(screen.getAllByTestId('picture-fallback')).toHaveLength(1);
    expect(screen.getByTestId('picture-fallback')).toHaveTextContent('DN');
  });
});
