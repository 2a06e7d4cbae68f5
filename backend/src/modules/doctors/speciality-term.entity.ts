import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';

export enum SpecialityTermKind {
  /** A plain word for a body part or a field of medicine: heart, হৃদয়, skin, child, teeth. */
  Word = 'word',
  /** What a patient feels: chest pain, বুকে ব্যথা, fever, rash. */
  Complaint = 'complaint',
}
registerEnumType(SpecialityTermKind, { name: 'SpecialityTermKind', description: 'A plain word for a body part or field, or a complaint' });

/**
 * A word or complaint, in English, Bangla or Banglish, that leads a doctor search to specialities
 * ("chest pain" → Cardiology and Medicine). The shipped set is curated and reviewed
 * (seeders/speciality-terms.ts); admins add and change terms at /admin/search-terms. The database
 * keeps the term's search key (a generated column, unique: two spellings that fold to one key are
 * one term), so "jor", "jwor" and "জ্বর" are one entry.
 */
@ObjectType({ description: 'A word or complaint that leads a doctor search to specialities (admins keep them)' })
@Entity({ tableName: 'speciality_terms' })
@Index({ name: 'speciality_terms_search_key_unique', expression: 'create unique index "speciality_terms_search_key_unique" on "speciality_terms" ("search_key")' })
export class SpecialityTerm extends BaseEntity {
  @Field()
  @Property({ length: 80 })
  term!: string;

  @Field(() => SpecialityTermKind)
  @Enum({ items: () => SpecialityTermKind })
  kind!: SpecialityTermKind;

  /** Speciality titles (Speciality.title), as doctors name them. */
  @Field(() => [String], { description: 'Speciality titles (Speciality.title)' })
  @Property({ type: 'text[]' })
  specialities!: string[];


  /** The term's search key, kept by the database (a generated column). */
  @Property({ type: 'text', generated: '(nirog_search_key(term)) stored', lazy: true })
  readonly searchKey?: string;
}
