/**
 * The catalogue module's public face: catalogue files (medicines, specialities) checked and
 * imported; the medicines and doctors modules write the rows (.dependency-cruiser.cjs enforces the rest).
 */
import type { NirogModule } from '../../common/module.js';
import { CatalogueImport } from './catalogue-import.entity.js';
import { CatalogueResolver } from './catalogue.resolver.js';

export * from './catalogue-import.entity.js';
export * from './catalogue.service.js';
export { MAX_IMPORT_ROWS, takaToPoisha } from './catalogue.rows.js';

export const module: NirogModule = {
  name: 'catalogue',
  entities: [CatalogueImport],
  resolvers: [CatalogueResolver],
};
