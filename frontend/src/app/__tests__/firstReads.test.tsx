import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { FIRST_LOAD_PAGES, type FirstRead } from '@/config/firstLoads';
import { paths } from '@/config/paths';
import { PUBLIC_READS } from '@/lib/publicReads';
import { createApolloClient, FIRST_READ_ELEMENT, resetFirstRead } from '@/lib/apollo';
import DoctorsPage from '@/features/doctors/pages/DoctorsPage';
import DoctorDetailPage from '@/features/doctors/pages/DoctorDetailPage';
import MedicinePage from '@/features/pharmacy/pages/MedicinePage';
import '@/i18n';

/**
 * A first-load page's first read (config/firstLoads.ts) is answered from the page's HTML
 * (backend/src/common/spa-preloads.ts puts it there; lib/apollo.ts's firstReadLink takes it). Here
 * each page is opened at its bare address through the app's own Apollo client, with the answer in
 * the document as the server writes it and `fetch` watching: if the page asks for anything other
 * than the configured operation and variables, it goes to the network and the test fails.
 */
const doctor = {
  __typename: 'Doctor', id: 'd1', title: 'ProfDr', name: 'Dilruba Yasmeen', avatarUrl: '/uploads/generated/d1.webp',
  degree: 'MBBS, FCPS', specialities: ['Neurology'], work: 'Rajshahi Medical College Hospital', experienceYears: 12,
  feePoisha: 80000, gender: 'Female', isOnline: true, rating: 4.5, reviewCount: 0,
  description: 'Treats headaches and strokes.', location: 'Rajshahi', type: 'Online', hospitalSlotCapacity: 20,
};
const napa = {
  __typename: 'Medicine', id: 'm1', name: 'Napa', genericName: 'Paracetamol', company: 'Beximco Pharmaceuticals', strength: '500 mg',
  form: 'Tablet', unit: 'Strip', pricePoisha: 1200, stock: 10, inStock: true, imageUrl: null, isActive: true,
};
const doctorRow = {
  __typename: 'Doctor', id: 'd1', title: 'ProfDr', name: 'Dilruba Yasmeen', avatarUrl: null, degree: 'MBBS, FCPS',
  specialities: ['Neurology'], work: 'Rajshahi Medical College Hospital', experienceYears: 12, feePoisha: 80000,
  gender: 'Female', isOnline: true, rating: 4.5, reviewCount: 0, location: 'Rajshahi', type: 'Online',
};

function NoForm() {
  return null;
}

/** Each page with a first read: its screen, the address opened, the answer the server would embed and what then shows. */
const cases: Record<string, { Page: ComponentType; route: string; data: object; shows: RegExp }> = {
  doctors: {
    Page: DoctorsPage, route: '/doctors', shows: /Dilruba Yasmeen/,
    data: { doctors: { __typename: 'DoctorPage', items: [doctorRow], total: 1, page: 1, pageSize: 10, pageCount: 1 } },
  },
  doctorDetail: {
    Page: () => <DoctorDetailPage ReviewForm={NoForm} />, route: '/doctor/d1', shows: /Treats headaches and strokes/,
    data: { doctor, doctorReviews: { __typename: 'ReviewPage', total: 0, page: 1, pageCount: 1, items: [] } },
  },
  medicine: {
    Page: MedicinePage, route: '/medicine', shows: /^Napa/,
    data: { medicines: { __typename: 'MedicinePage', items: [napa], total: 1, page: 1, pageSize: 24, pageCount: 1 } },
  },
};

/** The read's variables for an address, as the server fills them in (`:doctorId` → d1). */
function variablesAt(read: FirstRead, pattern: string, route: string) {
  const names = pattern.split('/');
  const values = route.split('/');
  return Object.fromEntries(Object.entries(read.variables).map(([k, v]) => [k, typeof v === 'string' && v.startsWith(':') ? values[names.indexOf(v)] : v]));
}

function embed(operationName: string, variables: object, data: object) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_READ_ELEMENT;
  element.textContent = JSON.stringify({ operationName, variables, data }).replace(/</g, '\\u003c');
  document.body.append(element);
}

const open = (Page: ComponentType, pattern: string, route: string) => render(
  <ApolloProvider client={createApolloClient()}>
    <MemoryRouter initialEntries={[route]}>
      <Routes><Route path={pattern} element={<Page />} /></Routes>
    </MemoryRouter>
  </ApolloProvider>,
);

describe('first reads: a first-load page answered from its HTML', () => {
  const fetched: string[] = [];
  beforeEach(() => {
    fetched.length = 0;
    resetFirstRead();
    vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => {
      fetched.push(String(input));
      return Promise.reject(new TypeError('offline in this test'));
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById(FIRST_READ_ELEMENT)?.remove();
  });

  const withReads = FIRST_LOAD_PAGES.filter((p) => p.read);
  it('lists a read for every catalogue and profile page, each a registered public read', () => {
    expect(withReads.map((p) => p.route).sort()).toEqual(Object.keys(cases).sort());
    for (const { read } of withReads) expect(PUBLIC_READS).toContain(read!.operation);
  });

  for (const { route: name, read } of withReads) {
    it(`${paths[name]}: the page's first query is the configured read, answered without a request`, async () => {
      const { Page, route, data, shows } = cases[name];
      embed(read!.operation, variablesAt(read!, paths[name], route), data);
      open(Page, paths[name], route);
      expect((await screen.findAllByText(shows)).length).toBeGreaterThan(0);
      expect(fetched.map((u) => decodeURIComponent(u))).toEqual([]);
      expect(document.getElementById(FIRST_READ_ELEMENT)).toBeNull();
    });
  }

  it('an answer for other variables is not used: the page asks the server', async () => {
    const { Page, data } = cases.doctors;
    embed('Doctors', { ...FIRST_LOAD_PAGES.find((p) => p.route === 'doctors')!.read!.variables, page: 2 }, data);
    open(Page, paths.doctors, '/doctors');
    await vi.waitFor(() => expect(fetched.some((url) => url.includes('operationName=Doctors'))).toBe(true));
    expect(screen.queryAllByText(/Dilruba Yasmeen/)).toEqual([]);
  });

  it('the answer is used once: the same screen opened again asks the server', async () => {
    const { Page, data, shows } = cases.medicine;
    embed('Medicines', FIRST_LOAD_PAGES.find((p) => p.route === 'medicine')!.read!.variables, data);
    const first = open(Page, paths.medicine, '/medicine');
    expect((await screen.findAllByText(shows)).length).toBeGreaterThan(0);
    first.unmount();
    open(Page, paths.medicine, '/medicine');
    await vi.waitFor(() => expect(fetched.some((url) => url.includes('operationName=Medicines'))).toBe(true));
  });

  it('an unreadable element is ignored: the page asks the server', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_READ_ELEMENT;
    element.textContent = '{"operationName":"Medicines",';
    document.body.append(element);
    open(cases.medicine.Page, paths.medicine, '/medicine');
    await vi.waitFor(() => expect(fetched.some((url) => url.includes('operationName=Medicines'))).toBe(true));
  });
});
