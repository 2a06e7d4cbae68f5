import { registerEnumType } from 'type-graphql';

export enum Role {
  User = 'user',
  Doctor = 'doctor',
  Admin = 'admin',
  /** Checks uploaded prescriptions of pharmacy orders (issue 20); admins may too. */
  Pharmacist = 'pharmacist',
}
registerEnumType(Role, { name: 'Role', description: 'user is a patient; doctors, admins and pharmacists have their own screens' });

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  /** The doctor profile of a doctor, read with the session (saves a look-up per request); undefined when not read. */
  doctorId?: string | null;
}
