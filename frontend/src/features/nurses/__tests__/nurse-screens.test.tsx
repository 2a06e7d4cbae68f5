import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter } from 'react-router-dom';
import '@/i18n';
import { AreaOptionsDocument, NursesDocument } from '@/gql/graphql';
import HireModal from '../components/HireModal';
import NursesPage from '../pages/NursesPage';

const wrap = (ui: React.ReactNode, mocks: unknown[] = [], path = '/nurses') => render(
  <MockedProvider mocks={mocks as never}>
    <MemoryRouter initialEntries={[path]}><App>{ui}</App></MemoryRouter>
  </MockedProvider>,
);

const page = (items: unknown[], location: string | null = null) => ({
  request: { query: NursesDocument, variables: { page: 1, pageSize: 10, location } },
  result: { data: { nurses: { __typename: 'NursePage', items, total: items.length, page: 1, pageSize: 10, pageCount: 1 } } },
});

// The area lists are the server's (areaOptions); only their labels are the client's.
const areas = {
  maxUsageCount: Number.POSITIVE_INFINITY,
  request: { query: AreaOptionsDocument },
  result: { data: { areaOptions: { __typename: 'AreaOptions', dhakaAreas: ['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan', 'Badda'], nurseLocations: ['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan'] } } },
};

describe('nurse screens', () => {
  it("shows 'No Nurses Found' for an empty location", async () => {
    wrap(<NursesPage />, [areas, page([], 'Banani')], '/nurses?location=Banani');
    expect(await screen.findByText('No Nurses Found')).toBeInTheDocument();
  });

  it('lists nurses with the fee in taka and the location filter visible', async () => {
    const nurse = { __typename: 'Nurse', id: 'n1', name: 'Shirin Sultana', degree: 'B.Sc. in Nursing', work: 'Square Hospital', feePoisha: 120000, location: 'Dhanmondi', gender: 'Female', imageUrls: [], rating: 4.5, reviewCount: 2 };
    wrap(<NursesPage />, [areas, page([nurse])]);
    expect(await screen.findByText('Shirin Sultana')).toBeInTheDocument();
    expect(screen.getByText('৳ 1,200 per visit')).toBeInTheDocument();
    for (const loc of ['Uttara', 'Dhanmondi', 'Mirpur', 'Banani', 'Gulshan']) expect((await screen.findAllByText(loc)).length).toBeGreaterThan(0);
  });

  it('says what a hire misses beside each field, not a message without one', async () => {
    wrap(<HireModal nurseId="n1" nurseName="Shirin Sultana" open onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Hire' }));
    expect(await screen.findByText('Enter a mobile number, like 01712345678')).toBeInTheDocument();
    expect(screen.getByText('Choose the day the nurse comes')).toBeInTheDocument();
    expect(screen.getByText('Select Gender', { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(screen.queryByText('Please enter your details')).toBeNull();
  });
});
