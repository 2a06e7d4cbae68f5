/**
 * The prescriptions module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Prescription } from './prescription.entity.js';
import { AppointmentPrescriptionResolver, MedicineLineResolver, PrescriptionResolver } from './prescription.resolver.js';
import { Dispensing, DispensingLine, PaperPrescription } from './dispensing.entity.js';
import { registerPrescriptionRoutes } from './prescription.rest.js';

export * from './prescription.entity.js';
export * from './prescription.service.js';
export * from './dispensing.entity.js';
export * from './dispensing.rules.js';
export * from './dispensing.read.js';
export * from './dispensing.service.js';

export const module: NirogModule = {
  name: 'prescriptions',
  entities: [Prescription, PaperPrescription, DispensingLine, Dispensing],
  resolvers: [PrescriptionResolver, MedicineLineResolver, AppointmentPrescriptionResolver],
  routes: registerPrescriptionRoutes,
};
