/**
 * The doctors module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Doctor } from './doctor.entity.js';
import { Speciality } from './speciality.entity.js';
import { SpecialityTerm } from './speciality-term.entity.js';
import { DoctorResolver } from './doctor.resolver.js';
import { SpecialityTermResolver } from './speciality-term.resolver.js';
import { registerDoctorAccountRoutes, registerDoctorRoutes } from './doctor.rest.js';

export * from './doctor.entity.js';
export * from './doctor.enums.js';
export * from './doctor.read.js';
export * from './doctor.service.js';
export * from './speciality.entity.js';
export * from './speciality-term.entity.js';
export { SpecialityTermService } from './speciality-term.service.js';
export type { DoctorQuery } from './doctor.search.js';
export { countExistingSpecialities, importSpecialities, slugClashes, slugOf, type SpecialityImportRow } from './speciality.admin.js';
export { doctorOf } from './doctor.resolver.js';
export { isBmdcPlaceholder, toSpecDoctor, toSpecDoctorsFor } from './doctor.rest.js';

export const module: NirogModule = {
  name: 'doctors',
  entities: [Doctor, Speciality, SpecialityTerm],
  resolvers: [DoctorResolver, SpecialityTermResolver],
  routes: (route) => {
    registerDoctorAccountRoutes(route);
    registerDoctorRoutes(route);
  },
};
