import type { EntityManager } from '@mikro-orm/sql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { badInput, conflict, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { pageOf, type PageResult } from '../../common/pagination.js';
import { searchKey } from '../../common/search.js';
import { selectCount, selectRows, SqlParams } from '../../common/sql.js';
import { Speciality } from './speciality.entity.js';
import { SpecialityTerm } from './speciality-term.entity.js';
import type { SpecialityTermInput, SpecialityTermListArgs, SpecialityTermUpdateInput } from './speciality-term.inputs.js';

/**
 * The speciality terms an admin keeps (/admin/search-terms): the plain words and complaints, in any
 * language, that lead a doctor search to specialities. Each write is checked against the specialities
 * (a term leads somewhere that exists) and against the other terms by search key (the database's
 * unique index settles two admins adding the same term at once).
 */
export class SpecialityTermService {
  async list(em: EntityManager, args: SpecialityTermListArgs): Promise<PageResult<SpecialityTerm>> {
    const p = new SqlParams();
    const where: string[] = [];
    const search = args.search?.trim();
    if (search) where.push(`(term ilike ${p.add(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} or search_key like '%' || nirog_search_key(${p.add(search)}::text) || '%')`);
    if (args.kind) where.push(`kind = ${p.add(args.kind)}`);
    if (args.speciality) where.push(`specialities && ${p.textArray([args.speciality])}`);
    const filter = where.length ? `where ${where.join(' and ')}` : '';
    const page = p.clone();
    const [rows, total] = await Promise.all([
      selectRows<{ id: string }>(em, `select id from speciality_terms ${filter} order by term asc, id asc ${page.window(args)}`, page),
      selectCount(em, `select count(*) as count from speciality_terms ${filter}`, p),
    ]);
    const terms = rows.length ? await em.find(SpecialityTerm, { id: { $in: rows.map((r) => r.id) } }) : [];
    const byId = new Map(terms.map((t) => [t.id, t]));
    return pageOf(rows.flatMap((r) => (byId.has(r.id) ? [byId.get(r.id)!] : [])), total, args);
  }

  async create(em: EntityManager, input: SpecialityTermInput): Promise<SpecialityTerm> {
    const term = await this.checked(em, input.term, input.specialities);
    const row = em.create(SpecialityTerm, { term, kind: input.kind, specialities: unique(input.specialities) });
    await this.save(em, row, term);
    return row;
  }

  async update(em: EntityManager, id: string, input: SpecialityTermUpdateInput): Promise<SpecialityTerm> {
    const row = isUuid(id) ? await em.findOne(SpecialityTerm, { id }) : null;
    if (!row) throw notFound('Search term');
    const term = await this.checked(em, input.term ?? row.term, input.specialities ?? row.specialities, row.id);
    row.term = term;
    if (input.kind) row.kind = input.kind;
    if (input.specialities) row.specialities = unique(input.specialities);
    await this.save(em, row, term);
    return row;
  }

  async remove(em: EntityManager, id: string): Promise<boolean> {
    const row = isUuid(id) ? await em.findOne(SpecialityTerm, { id }) : null;
    if (!row) throw notFound('Search term');
    await em.remove(row).flush();
    return true;
  }

  /** The term as stored (trimmed), once it is searchable, new among the terms and leads to specialities that exist. */
  private async checked(em: EntityManager, raw: string, specialities: readonly string[], self?: string): Promise<string> {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = await searchKey(em, term);
    if (!key) throw badInput('A search term needs letters or digits', { term: 'Type a word or complaint' }, 'TERM_NOT_SEARCHABLE');
    const known = new Set((await em.find(Speciality, { title: { $in: [...specialities] } })).map((s) => s.title));
    const unknown = specialities.find((s) => !known.has(s));
    if (unknown !== undefined) throw badInput('Choose specialities from the list', { specialities: 'Choose specialities from the list' }, 'UNKNOWN_SPECIALITY', { speciality: unknown });
    const q = new SqlParams();
    const [same] = await selectRows<{ id: string; term: string }>(em, `select id, term from speciality_terms where search_key = ${q.add(key)} limit 1`, q);
    if (same && same.id !== self) throw conflict('This word or complaint is already a search term', 'TERM_TAKEN', { term: same.term });
    return term;
  }

  private async save(em: EntityManager, row: SpecialityTerm, term: string): Promise<void> {
    try {
      await em.flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw conflict('This word or complaint is already a search term', 'TERM_TAKEN', { term });
      throw e;
    }
  }
}

const unique = (titles: readonly string[]) => [...new Set(titles.map((t) => t.trim()))];
