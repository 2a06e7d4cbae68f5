import { registerEnumType } from 'type-graphql';

export enum DoctorTitle {
  Dr = 'Dr.',
  ProfDr = 'Prof. Dr.',
  AssProfDr = 'Ass.Prof. Dr.',
  AssocProfDr = 'Assoc.Prof. Dr.',
}
registerEnumType(DoctorTitle, { name: 'DoctorTitle', description: 'Shown before the name: Dr., Prof. Dr., Ass.Prof. Dr., Assoc.Prof. Dr.' });

export enum DoctorType {
  Medical = 'Medical',
  Dental = 'Dental',
}
registerEnumType(DoctorType, { name: 'DoctorType' });

export enum DoctorStatus {
  Pending = 'pending',
  Approved = 'approved',
  Rejected = 'rejected',
}
registerEnumType(DoctorStatus, { name: 'DoctorStatus', description: 'New doctors wait for an admin to check their BMDC number' });
