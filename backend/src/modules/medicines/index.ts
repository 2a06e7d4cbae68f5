/**
 * The medicines module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Medicine } from './medicine.entity.js';
import { MedicineResolver } from './medicine.resolver.js';
import { registerMedicineRoutes } from './medicine.rest.js';

export * from './medicine.entity.js';
export * from './medicine.read.js';
export * from './medicine.service.js';
export * from './medicine.match.js';
export * from './medicine.import.js';

export const module: NirogModule = {
  name: 'medicines',
  entities: [Medicine],
  resolvers: [MedicineResolver],
  routes: registerMedicineRoutes,
};
