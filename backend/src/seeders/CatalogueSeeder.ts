import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { CatalogueImport, CatalogueImportStatus, CatalogueKind } from '../modules/catalogue/index.js';
import { DEMO_MEDICINES } from './demo-medicines.js';

/**
 * The catalogue screen's history: the demo medicines on record as one finished import (as if an
 * admin had loaded them from a file), so Admin → Catalogue Import shows what an import looks like.
 */
export class CatalogueSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    if (await em.count(CatalogueImport, { fileName: 'demo-medicines.csv' })) return;
    const rows = DEMO_MEDICINES.length;
    em.create(CatalogueImport, {
      kind: CatalogueKind.Medicines, fileName: 'demo-medicines.csv', status: CatalogueImportStatus.Done, totalRows: rows, newRows: rows, existingRows: 0,
      problemCount: 0, problems: [], ignoredColumns: [], rows: null, processedRows: rows, createdRows: rows, updatedRows: 0, unchangedRows: 0,
      startedAt: new Date(), finishedAt: new Date(),
    });
  }
}
