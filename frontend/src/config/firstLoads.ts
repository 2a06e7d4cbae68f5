import type { PathName } from './paths';

/**
 * The light pages a visitor most often opens first (no antd: see app/routes.tsx, `lightPage`), with
 * the module of each page. The build writes which chunks each of them needs (`route-preloads.json`,
 * the `nirog-route-preloads` plugin of vite.config.ts, which fails the build if a page here is not a
 * lazy page of the router), and the server names those chunks in the page's HTML
 * (backend/src/common/spa-preloads.ts): the browser fetches the page and the data layer beside the
 * shell instead of after it has run (issue #22). The home page is in the shell and needs none.
 */
export const FIRST_LOAD_PAGES: readonly { route: PathName; page: string }[] = [
  { route: 'doctors', page: 'src/features/doctors/pages/DoctorsPage.tsx' },
  { route: 'doctorDetail', page: 'src/features/doctors/pages/DoctorDetailPage.tsx' },
  { route: 'medicine', page: 'src/features/pharmacy/pages/MedicinePage.tsx' },
  { route: 'cart', page: 'src/features/pharmacy/pages/CartPage.tsx' },
];

/** The data layer (Apollo), which each of those pages loads beside its own chunk (components/withData.tsx). */
export const DATA_LAYER = 'src/lib/DataProvider.tsx';
