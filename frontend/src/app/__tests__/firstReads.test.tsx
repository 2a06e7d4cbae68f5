import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_LOAD_PAGES, type FirstRead } from '@/config/firstLoads';
import { paths } from '@/config/paths';
import { PUBLIC_READS } from '@/lib/publicReads';
import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { parse } from 'graphql';
import { appCache, createApolloClient, FIRST_READ_ELEMENT } from '@/lib/apollo';
import DoctorsPage from '@/features/doctors/pages/DoctorsPage';
import DoctorDetailPage from '@/features/doctors/pages/DoctorDetailPage';
import MedicinePage from '@/features/pharmacy/pages/MedicinePage';
import NursesPage from '@/features/nurses/pages/NursesPage';
import '@/i18n';

/**
 * A first-load page opened at its bare address comes with its first screen (issue #22): the server
 * runs the page's first read (config/firstLoads.ts), renders the screen from the answer with
 * src/prerender.tsx's `renderScreen` (backend/src/common/spa-preloads.ts; its own test is
 * src/__tests__/prerender.test.tsx, in Node) and puts the Apollo cache of that render in the page.
 * Here, the browser's half: each page is opened through a client made as the app's is, from the
 * page's element holding that cache, with `fetch` watching: it fails if the page does not find its
 * rows there, or asks the server for its first read. (Hydration of the server's markup is checked
 * in a real browser, e2e/first-screens.spec.ts: the server's renderer and the browser's cannot share
 * one JavaScript realm.)
 */
const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
const documentOf = (operation: string) => Object.values(manifest).find((text) => new RegExp(`(^|\\s)query ${operation}\\b`).test(text))!;

const doctor = {
  __typename: 'Doctor', id: 'd1', title: 'ProfDr', name: 'Dilruba Yasmeen', avatarUrl: '/uploads/generated/d1.webp',
  degree: 'MBBS, FCPS', specialities: ['Neurology'], work: 'Rajshahi Medical College Hospital', experienceYears: 12,
  feePoisha: 80000, gender: 'Female', isOnline: true, rating: 4.5, reviewCount: 0,
  description: 'Treats headaches and strokes.', location: 'Rajshahi', type: 'Online', hospitalSlotCapacity: 20,
};
const napa = {
  __typename: 'Medicine', id: 'm1', name: 'Napa', nameBn: 'নাপা', genericName: 'Paracetamol', company: 'Beximco Pharmaceuticals', strength: '500 mg',
  form: 'Tablet', unit: 'Strip', pricePoisha: 1200, stock: 10, inStock: true, imageUrl: null, isActive: true, dosesPerUnit: 10, prescriptionRequired: false,
};
const doctorRow = {
  __typename: 'Doctor', id: 'd1', title: 'ProfDr', name: 'Dilruba Yasmeen', avatarUrl: null, degree: 'MBBS, FCPS',
  specialities: ['Neurology'], work: 'Rajshahi Medical College Hospital', experienceYears: 12, feePoisha: 80000,
  gender: 'Female', isOnline: true, rating: 4.5, reviewCount: 0, location: 'Rajshahi', type: 'Online',
};

/** Each page with a first read: the address opened, the answer a visitor gets, and text of its rows. */
function NoForm() {
  return null;
}

const cases: Record<string, { Page: ComponentType; route: string; data: Record<string, unknown>; shows: string }> = {
  doctors: {
    Page: DoctorsPage, route: '/doctors', shows: 'Dilruba Yasmeen',
    data: { doctors: { __typename: 'DoctorPage', items: [doctorRow], total: 1, page: 1, pageSize: 10, pageCount: 1, didYouMean: null } },
  },
  doctorDetail: {
    Page: () => <DoctorDetailPage ReviewForm={NoForm} />, route: '/doctor/d1', shows: 'Treats headaches and strokes.',
    data: { doctor, doctorReviews: { __typename: 'ReviewPage', total: 0, page: 1, pageCount: 1, items: [] } },
  },
  nurses: {
    Page: NursesPage, route: '/nurses', shows: 'Shirin Sultana',
    data: {
      areaOptions: { __typename: 'AreaOptions', dhakaAreas: ['Dhanmondi', 'Uttara'], nurseLocations: ['Dhanmondi', 'Uttara'] },
      nurses: { __typename: 'NursePage', items: [{ __typename: 'Nurse', id: 'n1', name: 'Shirin Sultana', degree: 'B.Sc. in Nursing', work: 'Square Hospital', feePoisha: 120000,
        location: 'Dhanmondi', gender: 'Female', imageUrls: [], rating: 4.5, reviewCount: 2 }], total: 1, page: 1, pageSize: 10, pageCount: 1 },
    },
  },
  medicine: {
    Page: MedicinePage, route: '/medicine', shows: 'Beximco Pharmaceuticals',
    data: { medicines: { __typename: 'MedicinePage', items: [napa], total: 1, page: 1, pageSize: 24, pageCount: 1, didYouMean: null } },
  },
};

/** The read's variables for an address, as the server fills them in (`:doctorId` → d1). */
function variablesAt(read: FirstRead, pattern: string, route: string) {
  const names = pattern.split('/');
  const values = route.split('/');
  return Object.fromEntries(Object.entries(read.variables).map(([k, v]) => [k, typeof v === 'string' && v.startsWith(':') ? values[names.indexOf(v)] : v]));
}

const withReads = FIRST_LOAD_PAGES.filter((p) => p.read);
const readOf = (name: string) => withReads.find((p) => p.route === name)!.read!;

/** The cache renderScreen leaves after writing a visitor's answer to the page's read (what the server embeds). */
function stateFor(name: string, variables?: Record<string, unknown>): string {
  const client = new ApolloClient({ cache: appCache(), link: ApolloLink.empty() });
  client.writeQuery({
    query: parse(documentOf(readOf(name).operation)),
    variables: variables ?? variablesAt(readOf(name), paths[name as keyof typeof paths], cases[name].route),
    data: cases[name].data,
  });
  return JSON.stringify(client.extract()).replace(/</g, '\\u003c');
}

function embed(state: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_READ_ELEMENT;
  element.textContent = state;
  document.body.append(element);
}

const open = (name: string) => {
  const { Page, route } = cases[name];
  return render(
    <ApolloProvider client={createApolloClient()}>
      <MemoryRouter initialEntries={[route]}>
        <Routes><Route path={paths[name as keyof typeof paths]} element={<Page />} /></Routes>
      </MemoryRouter>
    </ApolloProvider>,
  );
};

describe('first screens: a catalogue rendered by the server and hydrated from its cache', () => {
  const fetched: string[] = [];
  beforeEach(() => {
    fetched.length = 0;
    vi.stubGlobal('fetch', vi.fn((input: RequestInfo | URL) => {
      fetched.push(decodeURIComponent(String(input)));
      return Promise.reject(new TypeError('offline in this test'));
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('lists a read for every catalogue and profile page, each a registered public read', () => {
    expect(withReads.map((p) => p.route).sort()).toEqual(Object.keys(cases).sort());
    for (const { read } of withReads) {
      expect(PUBLIC_READS).toContain(read!.operation);
      expect(documentOf(read!.operation)).toBeTruthy();
    }
  });

  for (const name of Object.keys(cases)) {
    const { route, shows } = cases[name];
    it(`${route}: the page starts from the cache in its HTML and does not ask for its first read`, async () => {
      embed(stateFor(name));
      open(name);
      // At once: the first render finds the rows in the cache (what hydration needs, to match the HTML).
      expect(screen.getAllByText(new RegExp(shows)).length).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetched.filter((url) => url.includes(`operationName=${readOf(name).operation}`))).toEqual([]);
      expect(document.getElementById(FIRST_READ_ELEMENT)).toBeNull();
    });
  }

  it('/nurses: the location filter comes from the same read; the page asks the server for nothing', async () => {
    embed(stateFor('nurses'));
    open('nurses');
    expect(screen.getByRole('button', { name: 'Dhanmondi' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetched).toEqual([]);
  });

  it('a cache for other variables is not used: the page asks the server', async () => {
    embed(stateFor('doctors', { ...readOf('doctors').variables, page: 2 }));
    open('doctors');
    await vi.waitFor(() => expect(fetched.some((url) => url.includes('operationName=Doctors'))).toBe(true));
    expect(screen.queryAllByText(/Dilruba Yasmeen/)).toEqual([]);
  });

  it('the element is read once: the next client asks the server', async () => {
    embed(stateFor('medicine'));
    const first = open('medicine');
    expect(screen.getAllByText(new RegExp(cases.medicine.shows)).length).toBeGreaterThan(0);
    first.unmount();
    open('medicine');
    await vi.waitFor(() => expect(fetched.some((url) => url.includes('operationName=Medicines'))).toBe(true));
  });

  it('an unreadable element is ignored: the page asks the server', async () => {
    embed('{"ROOT_QUERY":');
    open('medicine');
    await vi.waitFor(() => expect(fetched.some((url) => url.includes('operationName=Medicines'))).toBe(true));
    expect(document.getElementById(FIRST_READ_ELEMENT)).toBeNull();
  });
});
