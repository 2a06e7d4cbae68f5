import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { hashPassword } from '../common/password.js';
import { Role } from '../common/roles.js';
import { Gender, Language, NO_PASSWORD, User } from '../modules/accounts/user.entity.js';
import { Doctor } from '../modules/doctors/doctor.entity.js';
import { DoctorStatus, DoctorTitle, DoctorType } from '../modules/doctors/doctor.enums.js';
import { DEMO_PASSWORD, PHONE_ONLY_PATIENT } from './demo-accounts.js';
import type { GeneratedImages } from '../common/generated-images.js';
import { demoImages, type DemoSeedContext } from './demo-images.js';

interface DemoPerson {
  name: string;
  email: string;
  role: Role;
  gender: Gender;
  phone: string;
  birthdate?: string;
}

const PEOPLE: DemoPerson[] = [
  { name: 'Nirog Admin', email: 'admin@nirog.test', role: Role.Admin, gender: Gender.Female, phone: '+8801711000001' },
  { name: 'Rahima Akter', email: 'patient@nirog.test', role: Role.User, gender: Gender.Female, phone: '+8801712345678', birthdate: '1992-04-14' },
  { name: 'Karim Uddin', email: 'karim@nirog.test', role: Role.User, gender: Gender.Male, phone: '+8801819876543', birthdate: '1985-12-01' },
  { name: 'Nusrat Jahan', email: 'nusrat@nirog.test', role: Role.User, gender: Gender.Female, phone: '+8801556677889', birthdate: '2000-07-21' },
  { name: 'Sabina Yasmin', email: 'pharmacist@nirog.test', role: Role.Pharmacist, gender: Gender.Female, phone: '+8801711000009' },
];

export interface DemoDoctor {
  email: string;
  name: string;
  gender: Gender;
  phone: string;
  title: DoctorTitle;
  degree: string;
  specialities: string[];
  work: string;
  experienceYears: number;
  fees: number;
  location: string;
  bmdcNo: string;
  type?: DoctorType;
  status?: DoctorStatus;
  isOnline?: boolean;
  description?: string;
}

/** The foundation's doctors: a demo doctor who can log in, a few approved, a few waiting for approval. */
export const FOUNDATION_DOCTORS: DemoDoctor[] = [
  { email: 'doctor@nirog.test', name: 'Ayesha Siddiqua', gender: Gender.Female, phone: '+8801713000101', title: DoctorTitle.Dr,
    degree: 'MBBS, FCPS (Medicine)', specialities: ['Medicine'], work: 'Dhaka Medical College Hospital', experienceYears: 9,
    fees: 700, location: 'Dhaka', bmdcNo: 'A-45120', isOnline: true },
  { email: 'mahbub.cardio@nirog.test', name: 'Mahbubur Rahman', gender: Gender.Male, phone: '+8801713000102', title: DoctorTitle.ProfDr,
    degree: 'MBBS, MD (Cardiology)', specialities: ['Cardiology'], work: 'National Institute of Cardiovascular Diseases', experienceYears: 22,
    fees: 1200, location: 'Dhaka', bmdcNo: 'A-21876', isOnline: true },
  { email: 'farzana.derma@nirog.test', name: 'Farzana Haque', gender: Gender.Female, phone: '+8801713000103', title: DoctorTitle.AssocProfDr,
    degree: 'MBBS, DDV', specialities: ['Dermatology'], work: 'Square Hospital', experienceYears: 14,
    fees: 1000, location: 'Dhaka', bmdcNo: 'A-33410' },
  { email: 'tanvir.dental@nirog.test', name: 'Tanvir Ahmed', gender: Gender.Male, phone: '+8801713000104', title: DoctorTitle.Dr,
    degree: 'BDS, FCPS (Orthodontics)', specialities: ['Dentistry'], work: 'Dhaka Dental College Hospital', experienceYears: 7,
    fees: 500, location: 'Dhaka', bmdcNo: 'D-8123', type: DoctorType.Dental },
  { email: 'pending.one@nirog.test', name: 'Sabbir Hossain', gender: Gender.Male, phone: '+8801713000105', title: DoctorTitle.Dr,
    degree: 'MBBS', specialities: ['Medicine'], work: 'Upazila Health Complex, Savar', experienceYears: 2,
    fees: 300, location: 'Savar', bmdcNo: 'A-98012', status: DoctorStatus.Pending },
  { email: 'pending.two@nirog.test', name: 'Marium Begum', gender: Gender.Female, phone: '+8801713000106', title: DoctorTitle.AssProfDr,
    degree: 'MBBS, FCPS (Gynae & Obs)', specialities: ['Gynecology'], work: 'Chittagong Medical College Hospital', experienceYears: 11,
    fees: 800, location: 'Chattogram', bmdcNo: 'A-55671', status: DoctorStatus.Pending },
  { email: 'pending.three@nirog.test', name: 'Imran Chowdhury', gender: Gender.Male, phone: '+8801713000107', title: DoctorTitle.Dr,
    degree: 'MBBS, DCH', specialities: ['Pediatrics'], work: 'Sylhet MAG Osmani Medical College Hospital', experienceYears: 5,
    fees: 600, location: 'Sylhet', bmdcNo: 'A-77340', status: DoctorStatus.Pending },
];

let demoHash: Promise<string> | undefined;
export const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

/** Adds the demo doctors that are missing, each with a drawn portrait; demo doctors seeded without one get it. */
export async function upsertDemoDoctors(em: EntityManager, doctors: DemoDoctor[], images: GeneratedImages): Promise<void> {
  const emails = doctors.map((d) => d.email);
  const found = await em.find(User, { email: { $in: emails } }, { fields: ['email', 'name', 'avatarUrl'] });
  const existing = new Set(found.map((u) => u.email));
  const missing = doctors.filter((d) => !existing.has(d.email));
  const portraits = await images.portraits(missing.map((d) => ({ name: d.name, kind: 'doctor' as const })));
  for (const u of found.filter((f) => !f.avatarUrl)) {
    await em.nativeUpdate(User, { id: u.id }, { avatarUrl: await images.portrait(u.name, 'doctor') });
  }
  const passwordHash = await demoPasswordHash();
  for (const [i, d] of missing.entries()) {
    const user = em.create(User, {
      name: d.name, email: d.email, passwordHash, role: Role.Doctor, gender: d.gender, phoneE164: d.phone,
      avatarUrl: portraits[i]!, emailVerifiedAt: new Date(),
    });
    em.create(Doctor, {
      user,
      title: d.title,
      degree: d.degree,
      specialities: d.specialities,
      work: d.work,
      experienceYears: d.experienceYears,
      feePoisha: d.fees * 100,
      location: d.location,
      description: d.description ?? `${d.title} ${d.name} is a ${d.specialities.join(' and ').toLowerCase()} specialist at ${d.work} with ${d.experienceYears} years of practice.`,
      nidNo: String(1990000000000 + Number(d.bmdcNo.replace(/\D/g, ''))),
      bmdcNo: d.bmdcNo,
      type: d.type ?? DoctorType.Medical,
      status: d.status ?? DoctorStatus.Approved,
      approvedAt: (d.status ?? DoctorStatus.Approved) === DoctorStatus.Approved ? new Date() : null,
      isOnline: d.isOnline ?? false,
    });
  }
  await em.flush();
}

export class AccountSeeder extends Seeder<DemoSeedContext> {
  async run(em: EntityManager, context?: DemoSeedContext): Promise<void> {
    const existing = new Set((await em.find(User, { email: { $in: PEOPLE.map((p) => p.email) } }, { fields: ['email'] })).map((u) => u.email));
    const passwordHash = await demoPasswordHash();
    for (const p of PEOPLE) {
      if (existing.has(p.email)) continue;
      // The demo people proved their email and their mobile number: they are texted, and the patients log in by SMS too.
      em.create(User, {
        name: p.name, email: p.email, passwordHash, role: p.role, gender: p.gender, phoneE164: p.phone,
        birthdate: p.birthdate ?? null, emailVerifiedAt: new Date(), phoneVerifiedAt: new Date(),
      });
    }
    // A patient who signed up with a mobile number alone: no email, no password; logs in with an SMS code.
    if (!(await em.count(User, { phoneE164: PHONE_ONLY_PATIENT.phone, phoneVerifiedAt: { $ne: null } }))) {
      em.create(User, {
        name: PHONE_ONLY_PATIENT.name, email: null, passwordHash: NO_PASSWORD, role: Role.User, gender: Gender.Male,
        phoneE164: PHONE_ONLY_PATIENT.phone, phoneVerifiedAt: new Date(), language: Language.bn,
      });
    }
    await em.flush();
    await upsertDemoDoctors(em, FOUNDATION_DOCTORS, demoImages(context));
  }
}
