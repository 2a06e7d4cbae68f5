import type { PathName } from './paths';

/**
 * The light pages a visitor most often opens first (no antd: see app/routes.tsx, `lightPage`), with
 * the module of each page. The build writes which chunks each of them needs (`route-preloads.json`,
 * the `nirog-route-preloads` plugin of vite.config.ts, which fails the build if a page here is not a
 * lazy page of the router), and the server names those chunks in the page's HTML
 * (backend/src/common/spa-preloads.ts): the browser fetches the page and the data layer beside the
 * shell instead of after it has run (issue #22). The home page is in the shell and needs none.
 */
export const FIRST_LOAD_PAGES: readonly FirstLoadPage[] = [
  {
    route: 'doctors', page: 'src/features/doctors/pages/DoctorsPage.tsx',
    read: { operation: 'Doctors', variables: { specialities: null, feeRanges: null, genders: null, minRating: null, online: null, search: null, sort: 'Recommended', page: 1, pageSize: 10 } },
  },
  {
    route: 'doctorDetail', page: 'src/features/doctors/pages/DoctorDetailPage.tsx',
    read: { operation: 'DoctorDetail', variables: { id: ':doctorId', reviewPage: 1 } },
  },
  {
    route: 'medicine', page: 'src/features/pharmacy/pages/MedicinePage.tsx',
    read: { operation: 'Medicines', variables: { includeInactive: false, lowStock: false, page: 1, pageSize: 24 } },
  },
  {
    route: 'nurses', page: 'src/features/nurses/pages/NursesPage.tsx',
    read: { operation: 'Nurses', variables: { page: 1, pageSize: 10, location: null } },
  },
  { route: 'cart', page: 'src/features/pharmacy/pages/CartPage.tsx' },
];

/**
 * A first-load page's first read: the public query (lib/publicReads.ts) its screen sends when opened
 * at its bare address (no query string), with those variables as Apollo sends them (the document's
 * defaults included). A string value `:name` is the route's parameter of that name. The build copies
 * it into `route-preloads.json` with the document's hash; the server runs it as a visitor while it
 * sends the page, renders the page's first screen from the answer (src/prerender.tsx, `renderScreen`)
 * and sends it with the Apollo cache of that render (backend/src/common/spa-preloads.ts), from which
 * the browser's client starts (lib/apollo.ts) and hydrates the rows (main.tsx): the list paints from
 * the HTML, before any script (issue #22). `firstReads.test.tsx` opens each page from such a cache
 * and fails if the page sends anything else.
 */
export interface FirstRead {
  operation: string;
  variables: Record<string, string | number | boolean | null>;
}

export interface FirstLoadPage {
  route: PathName;
  page: string;
  read?: FirstRead;
}

/** The data layer (Apollo), which each of those pages loads beside its own chunk (components/withData.tsx). */
export const DATA_LAYER = 'src/lib/DataProvider.tsx';
