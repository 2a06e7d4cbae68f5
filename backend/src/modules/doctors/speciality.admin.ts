import type { EntityManager } from '@mikro-orm/sql';
import { conflict, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { Speciality } from './speciality.entity.js';
import type { SpecialityInput, SpecialityUpdateInput } from './doctor.inputs.js';

/**
 * Specialities as admins keep them: added and edited on the catalogue screen (English and Bangla
 * titles), or many at once from a catalogue file (modules/catalogue checks it; this writes it).
 * Doctors name their specialities by title, so a renamed speciality is renamed in every doctor's
 * list in the same transaction.
 */
export interface SpecialityImportRow {
  title: string;
  /** Null leaves an existing Bangla title as it is. */
  titleBn: string | null;
  /** Null: a new one goes last, an existing one keeps its place. */
  sortOrder: number | null;
}

/** The address name of a title: "Ear, Nose & Throat" → "ear-nose-throat". */
export const slugOf = (title: string) => title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);

const taken = () => conflict('Another speciality has this title or address name', 'SPECIALITY_TAKEN');

async function assertFree(em: EntityManager, title: string, slug: string, except?: string): Promise<void> {
  const [clash] = await em.execute<{ id: string }[]>('select id from specialities where (lower(title) = lower(?) or slug = ?) and id <> ? limit 1', [title, slug, except ?? '00000000-0000-0000-0000-000000000000']);
  if (clash) throw taken();
}

export async function createSpeciality(em: EntityManager, input: SpecialityInput): Promise<Speciality> {
  const title = input.title.trim();
  const slug = slugOf(title) || `speciality-${Date.now()}`;
  return em.transactional(async (tx) => {
    // One at a time: two admins adding the same title at once get one row and one refusal.
    await tx.execute('lock table specialities in share row exclusive mode');
    await assertFree(tx, title, slug);
    const [last] = await tx.execute<{ n: number | null }[]>('select max(sort_order) as n from specialities');
    const speciality = tx.create(Speciality, { title, slug, titleBn: input.titleBn?.trim() ?? '', sortOrder: input.sortOrder ?? Number(last?.n ?? -1) + 1 });
    await tx.flush();
    return speciality;
  });
}

export async function updateSpeciality(em: EntityManager, id: string, input: SpecialityUpdateInput): Promise<Speciality> {
  return em.transactional(async (tx) => {
    const speciality = isUuid(id) ? await tx.findOne(Speciality, { id }) : null;
    if (!speciality) throw notFound('Speciality');
    const title = input.title?.trim();
    if (title && title !== speciality.title) {
      await tx.execute('lock table specialities in share row exclusive mode');
      await assertFree(tx, title, speciality.slug, speciality.id);
      await tx.execute('update doctors set specialities = array_replace(specialities, ?, ?) where ? = any(specialities)', [speciality.title, title, speciality.title]);
      speciality.title = title;
    }
    if (input.titleBn != null) speciality.titleBn = input.titleBn.trim();
    if (input.sortOrder != null) speciality.sortOrder = input.sortOrder;
    await tx.flush();
    return speciality;
  });
}

/** How many of these titles name a speciality already there (any case). */
export async function countExistingSpecialities(em: EntityManager, rows: SpecialityImportRow[]): Promise<number> {
  const existing = new Set((await em.execute<{ t: string }[]>('select lower(title) as t from specialities')).map((r) => r.t));
  return rows.filter((r) => existing.has(r.title.toLowerCase())).length;
}

/** New titles whose address name another speciality has (the dry run names them). */
export async function slugClashes(em: EntityManager, rows: SpecialityImportRow[]): Promise<Set<string>> {
  const existing = await em.execute<{ t: string; slug: string }[]>('select lower(title) as t, slug from specialities');
  const titles = new Set(existing.map((r) => r.t));
  const slugs = new Set(existing.map((r) => r.slug));
  const clashes = new Set<string>();
  for (const r of rows) {
    if (titles.has(r.title.toLowerCase())) continue;
    const slug = slugOf(r.title);
    if (!slug || slugs.has(slug)) clashes.add(r.title);
    slugs.add(slug);
  }
  return clashes;
}

/** Writes the rows on the caller's transaction: known titles updated (Bangla title, place), new ones added. */
export async function importSpecialities(em: EntityManager, rows: SpecialityImportRow[]): Promise<{ created: number; updated: number; unchanged: number }> {
  await em.execute('lock table specialities in share row exclusive mode');
  const existing = new Map((await em.find(Speciality, {})).map((s) => [s.title.toLowerCase(), s]));
  let next = Math.max(-1, ...[...existing.values()].map((s) => s.sortOrder)) + 1;
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    const found = existing.get(row.title.toLowerCase());
    if (!found) {
      em.create(Speciality, { title: row.title, slug: slugOf(row.title), titleBn: row.titleBn ?? '', sortOrder: row.sortOrder ?? next++ });
      counts.created += 1;
      continue;
    }
    const titleBn = row.titleBn ?? found.titleBn;
    const sortOrder = row.sortOrder ?? found.sortOrder;
    if (titleBn === found.titleBn && sortOrder === found.sortOrder) counts.unchanged += 1;
    else {
      Object.assign(found, { titleBn, sortOrder });
      counts.updated += 1;
    }
  }
  await em.flush();
  return counts;
}
