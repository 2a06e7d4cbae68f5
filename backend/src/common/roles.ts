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
}
