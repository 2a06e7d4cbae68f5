import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DoctorsDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import DoctorsPage from '../pages/DoctorsPage';

const empty = { __typename: 'DoctorPage', items: [], total: 0, page: 1, pageSize: 10, pageCount: 1 };

describe('/doctors', () => {
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
    expect(screen.getByRole('textbox', { name: /Search by name/ })).toHaveValue('zzz');
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
