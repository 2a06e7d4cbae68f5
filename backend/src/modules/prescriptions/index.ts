/**
 * The prescriptions module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Prescription } from './prescription.entity.js';
import { PrescriptionResolver } from './prescription.resolver.js';
import { registerPrescriptionRoutes } from './prescription.rest.js';

export * from './prescription.entity.js';
export * from './prescription.service.js';

export const module: NirogModule = {
  name: 'prescriptions',
  entities: [Prescription],
  resolvers: [PrescriptionResolver],
  routes: registerPrescriptionRoutes,
};
