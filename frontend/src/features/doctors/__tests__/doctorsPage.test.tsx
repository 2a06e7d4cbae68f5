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
      route: '/doctors?speciality=Cardiology&fees=0-500&online=true&q=zzz',
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
});
