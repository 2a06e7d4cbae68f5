import { Entity, Enum, Index, Property } from '@mikro-orm/decorators/legacy';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from '../../common/base.entity.js';

export enum CatalogueKind {
  Medicines = 'medicines',
  Specialities = 'specialities',
}
registerEnumType(CatalogueKind, { name: 'CatalogueKind', description: 'What a catalogue file holds' });

export enum CatalogueImportStatus {
  /** Read and checked (the dry run); imported only when it has no problem and an admin says so. */
  Checked = 'checked',
  Running = 'running',
  Done = 'done',
  /** Stopped by an error: nothing of it was written (one transaction). */
  Failed = 'failed',
}
registerEnumType(CatalogueImportStatus, { name: 'CatalogueImportStatus' });

/** What is wrong with a row (or with the file, on its header line); the screens word each in both languages. */
export enum ImportProblemCode {
  EMPTY_FILE = 'EMPTY_FILE',
  MISSING_COLUMN = 'MISSING_COLUMN',
  TOO_MANY_ROWS = 'TOO_MANY_ROWS',
  MISSING_VALUE = 'MISSING_VALUE',
  TOO_LONG = 'TOO_LONG',
  UNKNOWN_FORM = 'UNKNOWN_FORM',
  UNKNOWN_UNIT = 'UNKNOWN_UNIT',
  BAD_PRICE = 'BAD_PRICE',
  BAD_YES_NO = 'BAD_YES_NO',
  BAD_NUMBER = 'BAD_NUMBER',
  /** The same medicine (brand, strength, form, company) or speciality again: value is the first one's line. */
  DUPLICATE_ROW = 'DUPLICATE_ROW',
  /** A new speciality whose address name (slug) another speciality has. */
  SLUG_TAKEN = 'SLUG_TAKEN',
}
registerEnumType(ImportProblemCode, { name: 'ImportProblemCode' });

@ObjectType({ description: 'A problem of one row of an imported file' })
export class ImportProblem {
  @Field(() => Int, { description: "The line (CSV) or row (XLSX) as the file's maker sees it" })
  line!: number;

  @Field(() => String, { nullable: true, description: 'The column: brand, generic, strength, form, company, price, prescription, nameBn, unit, stock, description; title, titleBn, sortOrder' })
  column!: string | null;

  @Field(() => ImportProblemCode)
  code!: ImportProblemCode;

  @Field(() => String, { nullable: true, description: 'The value found (cut at 60 characters); for DUPLICATE_ROW the first line' })
  value!: string | null;
}

/**
 * One catalogue file: checked (the dry run, with every row's problem), then imported in one
 * transaction with its progress written as it goes. The checked rows wait here between the two
 * steps (a file is at most UPLOAD_MAX_BYTES), and are dropped once imported.
 */
@ObjectType('CatalogueImport')
@Entity({ tableName: 'catalogue_imports' })
@Index({ properties: ['createdAt'] })
export class CatalogueImport extends BaseEntity<'status' | 'processedRows' | 'createdRows' | 'updatedRows' | 'unchangedRows' | 'error' | 'startedAt' | 'finishedAt' | 'createdBy'> {
  @Field(() => CatalogueKind)
  @Enum({ items: () => CatalogueKind })
  kind!: CatalogueKind;

  @Field()
  @Property({ length: 200 })
  fileName!: string;

  @Field(() => CatalogueImportStatus)
  @Enum({ items: () => CatalogueImportStatus, default: CatalogueImportStatus.Checked })
  status: CatalogueImportStatus = CatalogueImportStatus.Checked;

  @Field(() => Int, { description: 'Rows read (the header left out)' })
  @Property()
  totalRows!: number;

  @Field(() => Int, { description: 'Rows without a problem that name nothing in the catalogue yet' })
  @Property()
  newRows!: number;

  @Field(() => Int, { description: 'Rows without a problem that name a medicine or speciality already there (updated, never duplicated)' })
  @Property()
  existingRows!: number;

  @Field(() => Int, { description: 'Every problem found (only the first 1000 are listed)' })
  @Property()
  problemCount!: number;

  @Field(() => [ImportProblem])
  @Property({ type: 'json' })
  problems!: ImportProblem[];

  @Field(() => [String], { description: 'Columns of the file that are not read' })
  @Property({ type: 'json' })
  ignoredColumns!: string[];

  /** The checked rows, kept until the import runs. */
  @Property({ type: 'json', nullable: true, lazy: true, hidden: true })
  rows?: unknown[] | null;

  @Field(() => Int)
  @Property({ default: 0 })
  processedRows: number = 0;

  @Field(() => Int)
  @Property({ default: 0 })
  createdRows: number = 0;

  @Field(() => Int)
  @Property({ default: 0 })
  updatedRows: number = 0;

  @Field(() => Int, { description: 'Rows that named an existing entry with nothing to change' })
  @Property({ default: 0 })
  unchangedRows: number = 0;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  startedAt?: Date | null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;

  /** The admin who checked the file; none for the command line. */
  @Property({ type: 'uuid', nullable: true })
  createdBy?: string | null;
}
