import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Role } from '../common/roles.js';
import { Gender, User } from '../modules/accounts/user.entity.js';
import { Doctor } from '../modules/doctors/doctor.entity.js';
import { Speciality } from '../modules/doctors/speciality.entity.js';
import { DoctorStatus, DoctorTitle, DoctorType } from '../modules/doctors/doctor.enums.js';
import { Appointment } from '../modules/appointments/appointment.entity.js';
import { AppointmentKind, AppointmentStatus, AppointmentPaymentStatus, VisitSlot } from '../modules/appointments/appointment.enums.js';
import { Prescription } from '../modules/prescriptions/prescription.entity.js';
import { newVerificationCode } from '../modules/prescriptions/prescription.service.js';
import { DoctorReview } from '../modules/reviews/doctor-review.entity.js';
import { demoPasswordHash, upsertDemoDoctors, type DemoDoctor } from './AccountSeeder.js';
import { SPECIALITY_TERMS } from './speciality-terms.js';
import { demoImages, type DemoSeedContext } from './demo-images.js';

export const SPECIALITIES: { title: string; titleBn: string; slug: string }[] = [
  { title: 'Medicine', titleBn: 'মেডিসিন', slug: 'medicine' },
  { title: 'Cardiology', titleBn: 'হৃদরোগ', slug: 'cardiology' },
  { title: 'Dermatology', titleBn: 'চর্মরোগ', slug: 'dermatology' },
  { title: 'Dentistry', titleBn: 'দন্তরোগ', slug: 'dentistry' },
  { title: 'Gynecology', titleBn: 'স্ত্রীরোগ', slug: 'gynecology' },
  { title: 'Pediatrics', titleBn: 'শিশুরোগ', slug: 'pediatrics' },
  { title: 'Neurology', titleBn: 'স্নায়ুরোগ', slug: 'neurology' },
  { title: 'Orthopedics', titleBn: 'হাড় ও জোড়া', slug: 'orthopedics' },
  { title: 'ENT', titleBn: 'নাক-কান-গলা', slug: 'ent' },
  { title: 'Ophthalmology', titleBn: 'চক্ষুরোগ', slug: 'ophthalmology' },
  { title: 'Psychiatry', titleBn: 'মানসিক রোগ', slug: 'psychiatry' },
  { title: 'Gastroenterology', titleBn: 'পেট ও পরিপাকতন্ত্র', slug: 'gastroenterology' },
  { title: 'Nephrology', titleBn: 'কিডনি রোগ', slug: 'nephrology' },
  { title: 'Endocrinology', titleBn: 'হরমোন ও ডায়াবেটিস', slug: 'endocrinology' },
  { title: 'Urology', titleBn: 'মূত্ররোগ', slug: 'urology' },
];

const DEGREES: Record<string, string[]> = {
  Medicine: ['MBBS, FCPS (Medicine)', 'MBBS, MD (Internal Medicine)', 'MBBS, MRCP (UK)'],
  Cardiology: ['MBBS, MD (Cardiology)', 'MBBS, FCPS (Medicine), D-Card', 'MBBS, FCPS, FACC'],
  Dermatology: ['MBBS, DDV', 'MBBS, FCPS (Dermatology)', 'MBBS, MD (Dermatology & Venereology)'],
  Dentistry: ['BDS, FCPS (Orthodontics)', 'BDS, MS (Conservative Dentistry)', 'BDS, PGT (Oral Surgery)'],
  Gynecology: ['MBBS, FCPS (Gynae & Obs)', 'MBBS, MS (Obs & Gynae)', 'MBBS, DGO'],
  Pediatrics: ['MBBS, DCH', 'MBBS, FCPS (Paediatrics)', 'MBBS, MD (Paediatrics)'],
  Neurology: ['MBBS, MD (Neurology)', 'MBBS, FCPS (Medicine), MD (Neurology)'],
  Orthopedics: ['MBBS, MS (Orthopaedics)', 'MBBS, D-Ortho', 'MBBS, FCPS (Surgery), MS (Ortho)'],
  ENT: ['MBBS, DLO', 'MBBS, FCPS (ENT)', 'MBBS, MS (ENT)'],
  Ophthalmology: ['MBBS, DO', 'MBBS, FCPS (Ophthalmology)', 'MBBS, MS (Ophthalmology)'],
  Psychiatry: ['MBBS, FCPS (Psychiatry)', 'MBBS, MD (Psychiatry)'],
  Gastroenterology: ['MBBS, MD (Gastroenterology)', 'MBBS, FCPS (Medicine), MD (Gastro)'],
  Nephrology: ['MBBS, MD (Nephrology)', 'MBBS, FCPS (Medicine), MD (Nephrology)'],
  Endocrinology: ['MBBS, MD (Endocrinology)', 'MBBS, FCPS (Medicine), MD (Endocrinology)'],
  Urology: ['MBBS, MS (Urology)', 'MBBS, FCPS (Surgery), MS (Urology)'],
};

const HOSPITALS: [string, string][] = [
  ['Dhaka Medical College Hospital', 'Dhaka'], ['Bangabandhu Sheikh Mujib Medical University', 'Shahbag, Dhaka'],
  ['Square Hospital', 'Panthapath, Dhaka'], ['United Hospital', 'Gulshan, Dhaka'], ['Evercare Hospital Dhaka', 'Bashundhara, Dhaka'],
  ['Ibn Sina Hospital', 'Dhanmondi, Dhaka'], ['Labaid Specialized Hospital', 'Dhanmondi, Dhaka'], ['Popular Medical College Hospital', 'Dhanmondi, Dhaka'],
  ['Chittagong Medical College Hospital', 'Chattogram'], ['Rajshahi Medical College Hospital', 'Rajshahi'],
  ['Sylhet MAG Osmani Medical College Hospital', 'Sylhet'], ['Khulna Medical College Hospital', 'Khulna'],
  ['Mymensingh Medical College Hospital', 'Mymensingh'], ['Holy Family Red Crescent Medical College Hospital', 'Moghbazar, Dhaka'],
  ['BIRDEM General Hospital', 'Shahbag, Dhaka'], ['Uttara Adhunik Medical College Hospital', 'Uttara, Dhaka'],
];

const NAMES: [string, Gender][] = [
  ['Abdul Karim', Gender.Male], ['Nasrin Sultana', Gender.Female], ['Mizanur Rahman', Gender.Male], ['Shamima Nasreen', Gender.Female],
  ['Rafiqul Islam', Gender.Male], ['Taslima Begum', Gender.Female], ['Kamrul Hasan', Gender.Male], ['Sharmin Akter', Gender.Female],
  ['Anisur Rahman', Gender.Male], ['Rokeya Khatun', Gender.Female], ['Mosharraf Hossain', Gender.Male], ['Fahmida Chowdhury', Gender.Female],
  ['Shahidul Alam', Gender.Male], ['Laila Arjumand', Gender.Female], ['Jahangir Kabir', Gender.Male], ['Sabina Yasmin', Gender.Female],
  ['Harun-or-Rashid', Gender.Male], ['Mahmuda Khanam', Gender.Female], ['Nazmul Haque', Gender.Male], ['Tahmina Ferdous', Gender.Female],
  ['Aminul Islam', Gender.Male], ['Dilruba Yasmeen', Gender.Female], ['Shafiqul Bari', Gender.Male], ['Parvin Akhter', Gender.Female],
  ['Zahid Hasan', Gender.Male], ['Sadia Afrin', Gender.Female], ['Monirul Islam', Gender.Male], ['Kaniz Fatema', Gender.Female],
  ['Saiful Azam', Gender.Male], ['Rumana Rahman', Gender.Female], ['Faruk Ahmed', Gender.Male], ['Nazneen Sultana', Gender.Female],
  ['Habibur Rahman', Gender.Male], ['Afroza Parvin', Gender.Female], ['Touhidul Islam', Gender.Male], ['Shirin Sultana', Gender.Female],
  ['Arif Mahmud', Gender.Male], ['Jesmin Ara', Gender.Female], ['Masud Parvez', Gender.Male], ['Lubna Yasmin', Gender.Female],
  ['Golam Mostafa', Gender.Male], ['Farhana Islam', Gender.Female], ['Rezaul Karim', Gender.Male], ['Nusrat Sharmin', Gender.Female],
  ['Ashraful Alam', Gender.Male], ['Munira Haque', Gender.Female], ['Enamul Kabir', Gender.Male], ['Sultana Razia', Gender.Female],
  ['Mahfuzur Rahman', Gender.Male], ['Israt Jahan', Gender.Female], ['Khalilur Rahman', Gender.Male], ['Sumaiya Tasnim', Gender.Female],
  ['Obaidul Kader', Gender.Male], ['Rehana Parveen', Gender.Female], ['Sohel Rana', Gender.Male], ['Mousumi Das', Gender.Female],
  ['Prodip Kumar Saha', Gender.Male], ['Ananya Chakraborty', Gender.Female], ['Biplob Barua', Gender.Male], ['Tania Sultana', Gender.Female],
];

const FEES = [300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1500, 1800, 2000, 2500];
const TITLES = [DoctorTitle.Dr, DoctorTitle.Dr, DoctorTitle.AssProfDr, DoctorTitle.AssocProfDr, DoctorTitle.ProfDr];

/** 60 approved doctors over 15 specialities, deterministic so that every run produces the same rows. */
export const CATALOGUE_DOCTORS: DemoDoctor[] = NAMES.map(([name, gender], i) => {
  const speciality = SPECIALITIES[i % SPECIALITIES.length]!.title;
  const degrees = DEGREES[speciality]!;
  const [work, location] = HOSPITALS[(i * 5) % HOSPITALS.length]!;
  const second = i % 7 === 3 ? SPECIALITIES[(i + 1) % SPECIALITIES.length]!.title : null;
  return {
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@nirog.test`,
    name,
    gender,
    phone: `+88017140${10000 + i}`,
    title: TITLES[i % TITLES.length]!,
    degree: degrees[i % degrees.length]!,
    specialities: second ? [speciality, second] : [speciality],
    work,
    experienceYears: 3 + ((i * 7) % 28),
    fees: FEES[(i * 5) % FEES.length]!,
    location,
    bmdcNo: speciality === 'Dentistry' ? `D-${7100 + i}` : `A-${60100 + i}`,
    type: speciality === 'Dentistry' ? DoctorType.Dental : DoctorType.Medical,
    isOnline: i % 3 !== 2,
  };
});

/** Cardiologists online under 1,000 BDT exist (the browser journey looks for one). */
CATALOGUE_DOCTORS.push({
  email: 'selina.cardio@nirog.test', name: 'Selina Parveen', gender: Gender.Female, phone: '+8801714099001', title: DoctorTitle.AssocProfDr,
  degree: 'MBBS, FCPS (Medicine), D-Card', specialities: ['Cardiology'], work: 'Ibn Sina Hospital', experienceYears: 16, fees: 800,
  location: 'Dhanmondi, Dhaka', bmdcNo: 'A-60199', isOnline: true,
});

export const PENDING_DOCTORS: DemoDoctor[] = [
  { email: 'pending.four@nirog.test', name: 'Rasel Mahmud', gender: Gender.Male, phone: '+8801714099101', title: DoctorTitle.Dr,
    degree: 'MBBS', specialities: ['Medicine'], work: 'Kurmitola General Hospital', experienceYears: 1, fees: 300, location: 'Dhaka',
    bmdcNo: 'A-99101', status: DoctorStatus.Pending },
  { email: 'pending.five@nirog.test', name: 'Sharmin Sultana', gender: Gender.Female, phone: '+8801714099102', title: DoctorTitle.Dr,
    degree: 'MBBS, DO', specialities: ['Ophthalmology'], work: 'Ispahani Islamia Eye Institute', experienceYears: 4, fees: 600,
    location: 'Farmgate, Dhaka', bmdcNo: 'A-99102', status: DoctorStatus.Pending },
];

/** Patients whose finished consultations and reviews give the catalogue real, exact ratings. */
const REVIEWERS = ['Mehedi Hasan', 'Jannatul Ferdous', 'Rakibul Islam', 'Sumaiya Akter', 'Tanvir Hossain'];
const COMMENTS = [
  'Listened patiently and explained everything clearly.', 'Very helpful, the medicine worked within a week.',
  'Good doctor, but the call started a little late.', 'Excellent advice, I felt much better after the consultation.',
  'Friendly and thorough. Highly recommended.', 'Explained the test reports in simple Bangla. Thank you!',
];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

export class DoctorSeeder extends Seeder<DemoSeedContext> {
  async run(em: EntityManager, context?: DemoSeedContext): Promise<void> {
    const have = new Map((await em.find(Speciality, {})).map((s) => [s.slug, s]));
    SPECIALITIES.forEach((s, i) => {
      const existing = have.get(s.slug);
      if (!existing) em.create(Speciality, { title: s.title, titleBn: s.titleBn, slug: s.slug, sortOrder: i });
      else if (!existing.titleBn) existing.titleBn = s.titleBn; // written before titles had Bangla
    });
    await em.flush();
    await this.seedSpecialityTerms(em);
    await upsertDemoDoctors(em, [...CATALOGUE_DOCTORS, ...PENDING_DOCTORS], demoImages(context));
    await this.seedReviews(em);
    await this.seedDemoPatientHistory(em);
  }

  /**
   * The shipped speciality terms, once: into an empty table (an admin's deletions stay deleted across
   * restarts). A term whose search key is taken is left out, never a failed start.
   */
  private async seedSpecialityTerms(em: EntityManager): Promise<void> {
    const conn = em as unknown as { execute(sql: string, params?: unknown[]): Promise<{ n: string | number }[]> };
    const [row] = await conn.execute('select count(*) as n from speciality_terms');
    if (Number(row?.n ?? 0) > 0) return;
    for (const t of SPECIALITY_TERMS) {
      await conn.execute(`insert into speciality_terms (id, created_at, updated_at, term, kind, specialities)
        values (gen_random_uuid(), now(), now(), ?, ?, ?::text[]) on conflict (search_key) do nothing`, [t.term, t.kind, `{${t.specialities.map((s) => `"${s}"`).join(',')}}`]);
    }
  }

  private async seedReviews(em: EntityManager): Promise<void> {
    const passwordHash = await demoPasswordHash();
    const emails = REVIEWERS.map((_, i) => `reviewer${i + 1}@nirog.test`);
    const existing = await em.find(User, { email: { $in: emails } });
    if (existing.length === emails.length) return; // seeded before
    const reviewers = REVIEWERS.map((name, i) => existing.find((u) => u.email === emails[i])
      ?? em.create(User, { name, email: emails[i]!, passwordHash, role: Role.User, gender: i % 2 ? Gender.Female : Gender.Male, emailVerifiedAt: new Date() }));
    const doctors = await em.find(Doctor, { bmdcNo: { $in: CATALOGUE_DOCTORS.map((d) => d.bmdcNo) } }, { orderBy: { bmdcNo: 'asc' } });
    doctors.forEach((doctor, i) => {
      const count = (i * 7) % 6; // 0–5 reviews each
      for (let j = 0; j < count; j++) {
        const halfStars = 6 + ((i + j * 3) % 5); // 3 to 5 stars
        const patient = reviewers[j]!;
        em.create(Appointment, {
          kind: AppointmentKind.Video, doctor, patient, feePoisha: doctor.feePoisha, patientName: patient.name,
          patientGender: patient.gender, age: 25 + j * 6, weight: `${55 + j * 4} kg`, height: `5'${3 + j}"`,
          problem: 'Follow-up consultation', status: AppointmentStatus.Finished, paymentStatus: AppointmentPaymentStatus.Paid,
          paidAt: daysAgo(30 + j), paymentId: `seed-${doctor.bmdcNo}-${j}`, meetingUrl: `https://meet.jit.si/Nirog-seed-${doctor.bmdcNo}-${j}`,
          createdAt: daysAgo(30 + j),
        });
        em.create(DoctorReview, { doctor, patient, halfStars, comment: COMMENTS[(i + j) % COMMENTS.length]!, createdAt: daysAgo(29 + j) });
        doctor.ratingHalfStarsTotal += halfStars;
        doctor.reviewCount += 1;
      }
    });
    await em.flush();
  }

  /** patient@nirog.test: finished consultations with prescriptions, one review, an upcoming hospital visit. */
  private async seedDemoPatientHistory(em: EntityManager): Promise<void> {
    const patient = await em.findOne(User, { email: 'patient@nirog.test' });
    if (!patient || (await em.count(Appointment, { patient: patient.id })) > 0) return;
    const [ayesha, mahbub, farzana] = await Promise.all(
      ['doctor@nirog.test', 'mahbub.cardio@nirog.test', 'farzana.derma@nirog.test'].map((email) => em.findOne(Doctor, { user: { email } })),
    );
    if (!ayesha || !mahbub || !farzana) return;
    const vitals = { patientName: patient.name, patientGender: Gender.Female, age: 34, weight: '58 kg', height: `5'2"` };
    const consult = (doctor: Doctor, days: number, problem: string) => em.create(Appointment, {
      kind: AppointmentKind.Video, doctor, patient, feePoisha: doctor.feePoisha, ...vitals, problem,
      status: AppointmentStatus.Finished, paymentStatus: AppointmentPaymentStatus.Paid, paidAt: daysAgo(days), paymentId: `seed-demo-${days}`,
      meetingUrl: `https://meet.jit.si/Nirog-demo-${days}`, createdAt: daysAgo(days),
    });
    const a1 = consult(ayesha, 40, 'Fever and body ache for three days');
    const a2 = consult(mahbub, 12, 'Chest tightness when climbing stairs');
    em.create(Prescription, {
      appointment: a1, doctor: ayesha, patient, ...vitals, problem: a1.problem,
      medicines: [
        { medname: 'Napa 500 mg', dailyUse: '1+1+1 after meals', days: 5, quantity: '15 tablets' },
        { medname: 'Fexo 120 mg', dailyUse: '0+0+1', days: 7, quantity: '7 tablets' },
      ],
      medInfo: 'Take Napa only while the fever is above 100°F.', doctorAdvice: 'Drink plenty of water and rest. Sponge with lukewarm water.',
      followUp: 'After 7 days if the fever continues', verificationCode: newVerificationCode(), createdAt: daysAgo(40),
    });
    em.create(Prescription, {
      appointment: a2, doctor: mahbub, patient, ...vitals, problem: a2.problem,
      medicines: [
        { medname: 'Ecosprin 75 mg', dailyUse: '0+1+0 after lunch', days: 30, quantity: '30 tablets' },
        { medname: 'Rosuva 10 mg', dailyUse: '0+0+1', days: 30, quantity: '30 tablets' },
        { medname: 'Pantonix 20 mg', dailyUse: '1+0+0 before breakfast', days: 30, quantity: '30 capsules' },
      ],
      medInfo: 'Lipid profile and ECG before the next visit.', doctorAdvice: 'Walk 30 minutes daily, avoid fried food and smoking.',
      followUp: 'After 1 month with reports', verificationCode: newVerificationCode(), createdAt: daysAgo(12),
    });
    em.create(DoctorReview, { doctor: ayesha, patient, halfStars: 9, comment: 'Very caring doctor, the fever was gone in four days.', createdAt: daysAgo(38) });
    ayesha.ratingHalfStarsTotal += 9;
    ayesha.reviewCount += 1;
    const upcoming = new Date(Date.now() + 5 * 86_400_000);
    em.create(Appointment, {
      kind: AppointmentKind.Hospital, doctor: farzana, patient, feePoisha: farzana.feePoisha, patientName: patient.name,
      phoneE164: patient.phoneE164 ?? '+8801712345678', visitDate: upcoming.toISOString().slice(0, 10), slot: VisitSlot.Evening,
      paymentStatus: AppointmentPaymentStatus.AtHospital, status: AppointmentStatus.Processing,
    });
    await em.flush();
    // the upcoming visit holds its place in the slot
    await (em as unknown as { execute(sql: string, p: unknown[]): Promise<unknown> }).execute(
      `insert into hospital_slot_loads (id, doctor_id, visit_date, slot, booked, capacity) values (gen_random_uuid(), ?, ?, ?, 1, ?)
       on conflict (doctor_id, visit_date, slot) do update set booked = hospital_slot_loads.booked + 1`,
      [farzana.id, upcoming.toISOString().slice(0, 10), VisitSlot.Evening, farzana.hospitalSlotCapacity],
    );
  }
}
