import type { EntityManager } from '@mikro-orm/sql';
import type { SqlReader } from '../../common/sql.js';
import type { DoctorService, DoctorView, Speciality } from '../doctors/index.js';
import type { MedicineService, MedicineView } from '../medicines/index.js';
import { SearchScope, type SearchSuggestionArgs } from './search.inputs.js';

export interface Suggestions {
  text: string;
  specialities: { speciality: Speciality; term: string | null }[];
  doctors: DoctorView[];
  medicines: MedicineView[];
  didYouMean: string | null;
}

/**
 * Suggestions as one types (the search boxes of /, /doctors and /medicine): the first results of the
 * very searches the lists run (doctors' and medicines' own read models, so both agree), and the
 * specialities the text leads to. Nothing of its own is stored.
 */
export class SearchService {
  constructor(private readonly doctors: DoctorService, private readonly medicines: MedicineService) {}

  async suggest(em: EntityManager, reads: SqlReader, args: SearchSuggestionArgs): Promise<Suggestions> {
    const text = args.text.trim();
    const none: Suggestions = { text, specialities: [], doctors: [], medicines: [], didYouMean: null };
    if (!/[\p{L}\p{N}]/u.test(text)) return none;
    const [doctors, medicines] = await Promise.all([
      args.scope === SearchScope.Medicines ? null : this.doctors.suggest(em, text, args.limit),
      args.scope === SearchScope.Doctors ? null : this.medicines.search(reads, Object.assign(new MedicineSearchPage(), { keyword: text, pageSize: args.limit })),
    ]);
    const found = !!(doctors?.doctors.length || doctors?.specialities.length || medicines?.items.length);
    return {
      text,
      specialities: doctors?.specialities ?? [],
      doctors: doctors?.doctors ?? [],
      medicines: medicines?.items ?? [],
      didYouMean: found ? null : doctors?.didYouMean ?? medicines?.didYouMean ?? null,
    };
  }
}

/** The first page of a medicine search, as MedicineSearchArgs holds it. */
class MedicineSearchPage {
  keyword = '';
  page = 1;
  pageSize = 5;
  includeInactive = false;
  lowStock = false;
}
