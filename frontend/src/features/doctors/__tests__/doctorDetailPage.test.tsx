import { Profiler } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DoctorDetailDocument } from '@/gql/graphql';
import { renderScreen } from '@/test/render';
import { setSession } from '@/lib/session';
import DoctorDetailPage, { type ReviewFormProps } from '../pages/DoctorDetailPage';

const doctor = {
  __typename: 'Doctor', id: 'd1', title: 'ProfDr', name: 'Dilruba Yasmeen', avatarUrl: '/uploads/generated/d1.webp',
  degree: 'MBBS, FCPS', specialities: ['Neurology'], work: 'Rajshahi Medical College Hospital', experienceYears: 12,
  feePoisha: 80000, gender: 'Female', isOnline: true, rating: 4.5, reviewCount: 1,
  description: 'Treats headaches and strokes.', location: 'Rajshahi', type: 'Medical', hospitalSlotCapacity: 20,
};
const reviews = {
  __typename: 'ReviewPage', total: 1, page: 1, pageCount: 1,
  items: [{ __typename: 'Review', id: 'r1', name: 'Karim', rating: 5, comment: 'Listened carefully.', createdAt: '2026-11-20T04:00:00.000Z' }],
};
const mocks = [{ request: { query: DoctorDetailDocument, variables: { id: 'd1', reviewPage: 1 } }, result: { data: { doctor, doctorReviews: reviews } } }];

/** The route hands in the antd review form; here a stand-in that says whom it is for. */
function FormStandIn({ doctorId }: ReviewFormProps) {
  return <div data-testid="review-form">{doctorId}</div>;
}

/** The page at /doctor/d1, with the doctor's answer (or none: the request fails). */
const open = (answers = mocks) => renderScreen(<DoctorDetailPage ReviewForm={FormStandIn} />, { path: '/doctor/:doctorId', route: '/doctor/d1', mocks: answers });

describe("a doctor's page (/doctor/:doctorId)", () => {
  afterEach(() => setSession(null));

  it('shows the profile, the fee in taka, both ways to book and the reviews, without antd', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: /Dilruba Yasmeen/ })).toBeInTheDocument();
    expect(screen.getByText('Treats headaches and strokes.')).toBeInTheDocument();
    expect(screen.getByText('Rajshahi Medical College Hospital')).toBeInTheDocument();
    expect(screen.getByText(/^৳\s?800$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hospital Visit' })).toHaveAttribute('href', '/hospital/appointment?doctorId=d1');
    expect(screen.getByRole('link', { name: /See Doctor Now/ })).toHaveAttribute('href', '/book-appointment?doctorId=d1');
    expect(screen.getByRole('region', { name: 'Reviews (1)' })).toHaveTextContent('Listened carefully.');
    // Plain elements only: nothing of antd (its classes all start with "ant-") inside the page.
    expect(document.querySelector('.doctor-detail [class*="ant-"]')).toBeNull();
  });

  it('keeps the placeholder until the profile renders (as a transition): no commit shows neither, or an error', async () => {
    const commits: { placeholder: boolean; profile: boolean; alert: boolean }[] = [];
    const seen = () => commits.push({
      placeholder: !!document.querySelector('.doctor-detail-placeholder'),
      profile: !!document.querySelector('.doctor-detail h1'),
      alert: !!document.querySelector('[role="alert"]'),
    });
    renderScreen(<Profiler id="doctor" onRender={seen}><DoctorDetailPage ReviewForm={FormStandIn} /></Profiler>, { path: '/doctor/:doctorId', route: '/doctor/d1', mocks });
    expect(await screen.findByRole('heading', { level: 1, name: /Dilruba Yasmeen/ })).toBeInTheDocument();
    expect(commits[0]).toEqual({ placeholder: true, profile: false, alert: false });
    expect(commits.at(-1)).toEqual({ placeholder: false, profile: true, alert: false });
    expect(commits.filter((c) => c.placeholder === c.profile || c.alert)).toEqual([]);
  });

  it('asks a visitor to log in to review and does not load the review form', async () => {
    open();
    expect(await screen.findByText('Please be Login to Give a Review')).toBeInTheDocument();
    expect(screen.queryByTestId('review-form')).toBeNull();
  });

  it("mounts the review form for a patient, and neither form nor note for a doctor", async () => {
    setSession({ token: 'a.b.c', refreshToken: 'r', user: { id: 'u1', name: 'Rahima', email: 'p@nirog.test', role: 'user' } });
    const first = open();
    expect(await screen.findByTestId('review-form')).toHaveTextContent('d1');
    first.unmount();
    setSession({ token: 'a.b.c', refreshToken: 'r', user: { id: 'u2', name: 'Dr. Hasan', email: 'd@nirog.test', role: 'doctor' } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: /Dilruba Yasmeen/ })).toBeInTheDocument();
    expect(screen.queryByTestId('review-form')).toBeNull();
    expect(screen.queryByText('Please be Login to Give a Review')).toBeNull();
  });

  it('says so when the doctor cannot be loaded', async () => {
    open([]);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
