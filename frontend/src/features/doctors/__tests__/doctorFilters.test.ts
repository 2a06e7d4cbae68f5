import { describe, expect, it } from 'vitest';
import { readFilters, toVariables, writeFilters } from '../components/doctorFilters';

describe('doctor filters in the URL', () => {
  it('reads repeated specialities, fees and genders, rating, online, search, sort and page', () => {
    const f = readFilters(new URLSearchParams('speciality=Cardiology&speciality=Medicine&fees=UpTo500&fees=Above2000&gender=Female&rating=4&online=true&q=square&sort=Rating&page=3'));
    expect(f).toEqual({
      specialities: ['Cardiology', 'Medicine'], fees: ['UpTo500', 'Above2000'], genders: ['Female'], rating: 4, online: true, q: 'square', sort: 'Rating', page: 3,
    });
  });

  it('drops values it does not know instead of sending them (fee ids are the server\'s: only malformed ones are dropped)', () => {
    const f = readFilters(new URLSearchParams('fees=0-500&gender=Other&rating=9&online=maybe&sort=Random&page=-2'));
    expect(f).toMatchObject({ fees: [], genders: [], rating: null, online: null, sort: 'Recommended', page: 1 });
  });

  it('writes back what it read (a shared link reloads the same search)', () => {
    const query = 'speciality=Cardiology&fees=From501To1000&gender=Male&rating=3&online=false&q=Dhaka&sort=FeeLowToHigh&page=2';
    expect(writeFilters(readFilters(new URLSearchParams(query))).toString()).toBe(query);
  });

  it('turns the filters into typed GraphQL variables, the option ids unchanged', () => {
    const v = toVariables(readFilters(new URLSearchParams('speciality=Cardiology&fees=UpTo500&fees=From501To1000&online=true')), 10);
    expect(v).toEqual({
      specialities: ['Cardiology'], feeRanges: ['UpTo500', 'From501To1000'], genders: null, minRating: null, online: true,
      search: null, sort: 'Recommended', page: 1, pageSize: 10,
    });
  });
});
