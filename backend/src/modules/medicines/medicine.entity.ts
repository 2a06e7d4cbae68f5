import { Check, Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';

/** At or below this many units on hand a medicine counts as low on stock (dashboard tile, admin filter). */
export const LOW_STOCK_THRESHOLD = 10;

export enum MedicineForm {
  Tablet = 'Tablet',
  Capsule = 'Capsule',
  Syrup = 'Syrup',
  Suspension = 'Suspension',
  Injection = 'Injection',
  Cream = 'Cream',
  Ointment = 'Ointment',
  Gel = 'Gel',
  Drops = 'Drops',
  Inhaler = 'Inhaler',
  Powder = 'Powder',
  Suppository = 'Suppository',
  Solution = 'Solution',
}
registerEnumType(MedicineForm, { name: 'MedicineForm', description: "The medicine's type as shown on the catalogue" });

export enum MedicineUnit {
  Pcs = 'pcs',
  Bottle = 'bottle',
  Strip = 'strip',
}
registerEnumType(MedicineUnit, { name: 'MedicineUnit', description: 'What one item in the cart is: a piece, a bottle or a strip' });

@Entity({ tableName: 'medicines' })
/** The dashboard's low-stock tile and the admin list's low-stock filter. */
@Index({ properties: ['stock'] })
@Index({ properties: ['isActive', 'name'] })
// Search (Migration20261129040000SearchAsBangladeshTypes): by exact word, by brand (either script), by generic.
@Index({ name: 'medicines_search_words_index', expression: 'create index "medicines_search_words_index" on "medicines" using gin ("search_words")' })
@Index({ name: 'medicines_search_names_index', expression: 'create index "medicines_search_names_index" on "medicines" using gin ("search_names")' })
@Index({ name: 'medicines_search_generic_index', expression: 'create index "medicines_search_generic_index" on "medicines" ("search_generic")' })
@Check({ name: 'medicines_stock_not_negative', expression: 'stock >= 0' })
@Check({ name: 'medicines_price_positive', expression: 'price_poisha > 0' })
/** A medicine of the catalogue, for writes; screens and both doors read the read model (medicine.read.ts). */
export class Medicine extends BaseEntity<'description' | 'isActive' | 'prescriptionRequired' | 'dosesPerUnit' | 'nameBn'> {
  /** Brand name, e.g. Napa Extra. */
  @Property({ length: 120 })
  name!: string;

  /**
   * The brand as Bangla screens write it (নাপা এক্সট্রা); '' when nobody has written it (screens show
   * `name`; a search in Bangla script still finds it through the search key's transliteration).
   */
  @Property({ length: 120, default: '' })
  nameBn: string = '';

  @Property({ length: 200 })
  genericName!: string;

  @Property({ length: 120 })
  company!: string;

  /** e.g. 500 mg, 5 mg/5 ml. */
  @Property({ length: 60 })
  strength!: string;

  @Enum({ items: () => MedicineForm })
  form!: MedicineForm;

  @Enum({ items: () => MedicineUnit })
  unit!: MedicineUnit;

  /** Price of one unit (a piece, a strip or a bottle) in poisha. */
  @Property()
  pricePoisha!: number;

  /** Units on hand; never below zero (check constraint; orders reserve with a conditional update). */
  @Property({ default: 0 })
  stock!: number;

  @Property({ length: 500, nullable: true })
  imageUrl?: string | null;

  @Property({ type: 'text', default: '' })
  description: string = '';

  /** Hidden from the catalogue and from new orders; kept for the orders that name it. */
  @Property({ default: true })
  isActive: boolean = true;

  /** Sold only with a prescription (antibiotics, sedatives, insulin…): checkout refuses it without one. */
  @Property({ default: false })
  prescriptionRequired: boolean = false;

  /**
   * How many doses one unit holds (tablets in a strip, tablets in a bottle), for turning "1+0+1 for
   * 7 days" into units. Null: one unit lasts a course (a syrup, a tube, an inhaler).
   */
  @Property({ type: 'int', nullable: true })
  dosesPerUnit?: number | null = null;

  /** Search keys kept by the database (generated columns over nirog_search_key), never loaded by the ORM. */
  @Property({ type: 'text[]', generated: '(nirog_search_words(array[name, generic_name, company, strength, form, name_bn])) stored', lazy: true })
  readonly searchWords?: string[];

  @Property({ type: 'text[]', generated: '(array[nirog_search_key(name), nirog_search_key(name_bn)]) stored', lazy: true })
  readonly searchNames?: string[];

  @Property({ type: 'text', generated: '(nirog_search_key(generic_name)) stored', lazy: true })
  readonly searchGeneric?: string;
}

/** Doses in one unit when the catalogue says nothing: a strip of 10, a loose tablet or capsule, else a whole pack. */
export function defaultDosesPerUnit(form: MedicineForm, unit: MedicineUnit): number | null {
  if (unit === MedicineUnit.Strip) return 10;
  if (unit === MedicineUnit.Pcs && [MedicineForm.Tablet, MedicineForm.Capsule, MedicineForm.Suppository, MedicineForm.Powder].includes(form)) return 1;
  return null;
}
