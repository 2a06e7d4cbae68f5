import type { EntityManager } from '@mikro-orm/sql';
import type { Config } from '../../config.js';
import type { Logger } from '../../common/logger.js';
import type { AuthUser } from '../../common/roles.js';
import { badInput, conflict, notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { inBackgroundSpan } from '../../common/background.js';
import { countExistingMedicines, importMedicineBatch, type MedicineImportRow } from '../medicines/index.js';
import { countExistingSpecialities, importSpecialities, slugClashes, type SpecialityImportRow } from '../doctors/index.js';
import { CATALOGUE_IMPORTED_ACTION, type AuditService } from '../audit/index.js';
import { CatalogueImport, CatalogueKind, ImportProblemCode } from './catalogue-import.entity.js';
import { MAX_PROBLEMS_KEPT, parseRows } from './catalogue.rows.js';
import { readSheet, SheetError } from './sheet.js';

/** Rows written per statement; progress is recorded after each batch. */
const BATCH = 1000;
/** A running import whose progress has not moved for this long died with its process: it may run again (nothing of it was committed). */
const STALE_MS = 120_000;

/**
 * Catalogue files (medicines, specialities) in two steps: check (the dry run: every row read and
 * checked, nothing written but the import's own record) and run (every row written in one
 * transaction, all or nothing, its progress recorded as it goes). Two imports never interleave (a
 * transaction-level advisory lock), and a medicine or speciality named again is updated, never
 * added twice, so running the same file again changes nothing. Both steps are on record in the
 * audit log (the admin's mutations by the audit hook, the command line's here).
 */
export class CatalogueService {
  constructor(private readonly config: Config, private readonly log: Logger, private readonly audit: AuditService) {}

  async check(em: EntityManager, actor: AuthUser | null, kind: CatalogueKind, fileName: string, data: Buffer): Promise<CatalogueImport> {
    let sheet;
    try {
      sheet = readSheet(data, fileName);
    } catch (err) {
      if (err instanceof SheetError) throw badInput(`The file is not a CSV or XLSX spreadsheet Nirog can read: ${err.message}`, { file: err.message }, 'UNREADABLE_FILE');
      throw err;
    }
    const parsed = parseRows(kind, sheet);
    const rows = parsed.rows as unknown as (MedicineImportRow | SpecialityImportRow)[];
    let existing: number;
    if (kind === CatalogueKind.Medicines) existing = await countExistingMedicines(em, rows as MedicineImportRow[]);
    else {
      const specialities = rows as (SpecialityImportRow & { line: number })[];
      existing = await countExistingSpecialities(em, specialities);
      const clashes = await slugClashes(em, specialities);
      for (const row of specialities.filter((r) => clashes.has(r.title))) {
        parsed.problemCount += 1;
        if (parsed.problems.length < MAX_PROBLEMS_KEPT) parsed.problems.push({ line: row.line, column: 'title', code: ImportProblemCode.SLUG_TAKEN, value: row.title });
      }
    }
    parsed.problems.sort((a, b) => a.line - b.line);
    const record = em.create(CatalogueImport, {
      kind, fileName: fileName.slice(0, 200), totalRows: Math.max(0, sheet.length - 1), newRows: rows.length - existing, existingRows: existing,
      problemCount: parsed.problemCount, problems: parsed.problems, ignoredColumns: parsed.ignoredColumns.slice(0, 50),
      rows: parsed.problemCount ? null : rows, createdBy: actor?.id ?? null,
    });
    await em.flush();
    return record;
  }

  async byId(em: EntityManager, id: string): Promise<CatalogueImport> {
    const record = isUuid(id) ? await em.findOne(CatalogueImport, { id }, { disableIdentityMap: true }) : null;
    if (!record) throw notFound('Import');
    return record;
  }

  /** The latest imports, newest first (the screen's list). */
  recent(em: EntityManager, limit: number): Promise<CatalogueImport[]> {
    return em.find(CatalogueImport, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit, disableIdentityMap: true });
  }

  /**
   * Claims a checked import for running (one caller wins: a conditional update) and answers it as
   * running; `done` settles when its rows are written or it failed. The screen starts it and reads
   * its progress; the command line waits for `done`.
   */
  async start(em: EntityManager, id: string, actor: AuthUser | null = null): Promise<{ running: CatalogueImport; done: Promise<CatalogueImport> }> {
    const record = await this.byId(em, id);
    if (record.problemCount > 0) throw conflict('The file has problems: correct them and check it again', 'IMPORT_HAS_PROBLEMS', { count: record.problemCount });
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      `update catalogue_imports set status = 'running', started_at = now(), updated_at = now(), processed_rows = 0, error = null
        where id = ? and rows is not null
          and (status = 'checked' or (status = 'running' and updated_at < now() - make_interval(secs => ?)))
        returning id`, [id, STALE_MS / 1000], 'all');
    if (claimed.length !== 1) throw conflict('This import has already run, or is running', 'IMPORT_NOT_READY');
    const running = await this.byId(em.fork(), id);
    const done = inBackgroundSpan('catalogue import', { 'nirog.import.kind': record.kind, 'nirog.import.rows': record.totalRows }, () => this.apply(em.fork(), id, actor));
    return { running, done };
  }

  private async apply(em: EntityManager, id: string, actor: AuthUser | null): Promise<CatalogueImport> {
    const [{ rows, kind }] = await em.getConnection().execute<{ rows: unknown; kind: CatalogueKind }[]>('select rows, kind from catalogue_imports where id = ?', [id], 'all') as [{ rows: unknown; kind: CatalogueKind }];
    const all = (typeof rows === 'string' ? JSON.parse(rows) : rows) as (MedicineImportRow | SpecialityImportRow)[];
    const counts = { created: 0, updated: 0, unchanged: 0 };
    // Progress goes out beside the transaction on PostgreSQL, so that the screen sees it move; PGlite
    // has one connection, held by the transaction: there it is written with the rows.
    const beside = this.config.db.url ? em.fork() : null;
    const progress = (tx: EntityManager, processed: number) => (beside ?? tx).execute(
      'update catalogue_imports set processed_rows = ?, updated_at = now() where id = ?', [processed, id], 'run');
    try {
      await em.transactional(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(?)', [IMPORT_LOCK]);
        if (kind === CatalogueKind.Specialities) {
          Object.assign(counts, await importSpecialities(tx, all as SpecialityImportRow[]));
          return;
        }
        for (let at = 0; at < all.length; at += BATCH) {
          const batch = await importMedicineBatch(tx, all.slice(at, at + BATCH) as MedicineImportRow[]);
          counts.created += batch.created;
          counts.updated += batch.updated;
          counts.unchanged += batch.unchanged;
          await progress(tx, Math.min(all.length, at + BATCH));
        }
      });
      await em.getConnection().execute(
        `update catalogue_imports set status = 'done', processed_rows = ?, created_rows = ?, updated_rows = ?, unchanged_rows = ?, rows = null,
           finished_at = now(), updated_at = now() where id = ?`, [all.length, counts.created, counts.updated, counts.unchanged, id], 'run');
      await this.audit.record(em, { actor, action: CATALOGUE_IMPORTED_ACTION, entityType: 'CatalogueImport', entityId: id, details: { kind, ...counts } });
      this.log.info({ importId: id, kind, ...counts }, 'catalogue imported');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.error({ err, importId: id }, 'catalogue import failed');
      await em.getConnection().execute(
        `update catalogue_imports set status = 'failed', error = ?, processed_rows = 0, finished_at = now(), updated_at = now() where id = ?`,
        [message.slice(0, 500), id], 'run').catch(() => undefined);
    }
    return this.byId(em.fork(), id);
  }
}

/** The advisory lock that keeps two imports from interleaving (any replica). */
const IMPORT_LOCK = 7_301_045;
