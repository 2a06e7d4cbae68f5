import { registerEnumType } from 'type-graphql';

export enum Role {
  User = 'user',
  Doctor = 'doctor',
  Admin = 'admin',
}
registerEnumType(Role, { name: 'Role', description: 'user is a patient; doctors and admins have their own screens' });

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  /** The doctor profile of a doctor, read with the session (saves a look-up per request); undefined when not read. */
  doctorId?: string | null;
}
