/**
 * The appointments module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Appointment } from './appointment.entity.js';
import { HospitalSlotLoad } from './hospital-slot-load.entity.js';
import { AppointmentResolver } from './appointment.resolver.js';
import { AppointmentLiveResolver } from './appointment.live.js';
import { registerAppointmentRoutes } from './appointment.rest.js';

export * from './appointment.entity.js';
export * from './appointment.enums.js';
export * from './appointment.policy.js';
export * from './appointment.service.js';

export const module: NirogModule = {
  name: 'appointments',
  entities: [Appointment, HospitalSlotLoad],
  resolvers: [AppointmentResolver, AppointmentLiveResolver],
  routes: registerAppointmentRoutes,
};
