import { describe, expect, it } from 'vitest';
import { readFilters, toVariables, writeFilters } from '../components/doctorFilters';

describe('doctor filters in the URL', () => {
  it('reads repeated specialities, fees and genders, rating, online, search, sort and page', () => {
    const f = readFilters(new URLSearchParams('speciality=Cardiology&speciality=Medicine&fees=0-500&fees=2001-up&gender=Female&rating=4&online=true&q=square&sort=Rating&page=3'));
    expect(f).toEqual({
      specialities: ['Cardiology', 'Medicine'], fees: ['0-500', '2001-up'], genders: ['Female'], rating: 4, online: true, q: 'square', sort: 'Rating', page: 3,
    });
  });

  it('drops values it does not know instead of sending them', () => {
    const f = readFilters(new URLSearchParams('fees=cheap&gender=Other&rating=9&online=maybe&sort=Random&page=-2'));
    expect(f).toMatchObject({ fees: [], genders: [], rating: null, online: null, sort: 'Recommended', page: 1 });
  });

  it('writes back what it read (a shared link reloads the same search)', () => {
    const query = 'speciality=Cardiology&fees=501-1000&gender=Male&rating=3&online=false&q=Dhaka&sort=FeeLowToHigh&page=2';
    expect(writeFilters(readFilters(new URLSearchParams(query))).toString()).toBe(query);
  });

  it('turns the filters into typed GraphQL variables', () => {
    const v = toVariables(readFilters(new URLSearchParams('speciality=Cardiology&fees=0-500&fees=501-1000&online=true')), 10);
    expect(v).toEqual({
      specialities: ['Cardiology'], feeRanges: ['UpTo500', 'From501To1000'], genders: null, minRating: null, online: true,
      search: null, sort: 'Recommended', page: 1, pageSize: 10,
    });
  });
});
