import type { DoctorSort, FeeRange, Gender } from '@/gql/graphql';

/**
 * The /doctors filters live in the URL (shareable, survive reload):
 * ?speciality=Cardiology&fees=UpTo500&gender=Female&rating=4&online=true&q=square&sort=Rating&page=2
 * Option ids are the server's (doctorFilterOptions) and go back to it unchanged.
 */
export interface DoctorFilters {
  specialities: string[];
  fees: FeeRange[];
  genders: Gender[];
  rating: number | null;
  online: boolean | null;
  q: string;
  sort: DoctorSort;
  page: number;
}

const SORTS: DoctorSort[] = ['Recommended', 'Rating', 'FeeLowToHigh', 'FeeHighToLow', 'Experience'];

export function readFilters(params: URLSearchParams): DoctorFilters {
  const rating = Number(params.get('rating'));
  const online = params.get('online');
  const sort = params.get('sort') as DoctorSort | null;
  const page = Number(params.get('page'));
  return {
    specialities: params.getAll('speciality').filter(Boolean),
    // Whatever the server offered; an id it does not know is refused by it, not guessed at here.
    fees: params.getAll('fees').filter((f) => /^[A-Za-z0-9]{1,40}$/.test(f)) as FeeRange[],
    genders: params.getAll('gender').filter((g): g is Gender => g === 'Male' || g === 'Female'),
    rating: rating >= 1 && rating <= 5 ? rating : null,
    online: online === 'true' ? true : online === 'false' ? false : null,
    q: params.get('q') ?? '',
    sort: sort && SORTS.includes(sort) ? sort : 'Recommended',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function writeFilters(f: DoctorFilters): URLSearchParams {
  const p = new URLSearchParams();
  f.specialities.forEach((s) => p.append('speciality', s));
  f.fees.forEach((s) => p.append('fees', s));
  f.genders.forEach((s) => p.append('gender', s));
  if (f.rating) p.set('rating', String(f.rating));
  if (f.online !== null) p.set('online', String(f.online));
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.sort !== 'Recommended') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

export function toVariables(f: DoctorFilters, pageSize: number) {
  return {
    specialities: f.specialities.length ? f.specialities : null,
    feeRanges: f.fees.length ? f.fees : null,
    genders: f.genders.length ? f.genders : null,
    minRating: f.rating,
    online: f.online,
    search: f.q.trim() || null,
    sort: f.sort,
    page: f.page,
    pageSize,
  };
}
