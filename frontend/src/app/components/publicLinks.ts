import { paths } from '@/config/paths';

// The header's links, on every page: kept apart from the side menus (menus.ts), which only the account
// screens and the phone drawer load.
export const PUBLIC_LINKS: { key: string; to: string }[] = [
  { key: 'consultations', to: paths.consultation },
  { key: 'nurses', to: paths.nurses },
  { key: 'medicine', to: paths.medicine },
  { key: 'insurance', to: paths.insurance },
  { key: 'bloods', to: paths.bloods },
  { key: 'ambulance', to: paths.ambulance },
  { key: 'forDoctors', to: paths.doctorLogin },
];
