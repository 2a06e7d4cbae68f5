import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Gender, User } from '../modules/accounts/user.entity.js';
import { Doctor } from '../modules/doctors/doctor.entity.js';
import { Appointment } from '../modules/appointments/appointment.entity.js';
import { AppointmentKind, AppointmentPaymentStatus, AppointmentStatus } from '../modules/appointments/appointment.enums.js';
import { Prescription } from '../modules/prescriptions/prescription.entity.js';
import { newVerificationCode } from '../modules/prescriptions/prescription.service.js';
import { FamilyMember, FamilyRelation, ageOn } from '../modules/family/family-member.entity.js';
import { Nurse } from '../modules/nurses/nurse.entity.js';
import { NurseHire } from '../modules/nurses/nurse-hire.entity.js';
import { NurseHireStatus } from '../modules/nurses/nurse.enums.js';
import { addDays, dhakaToday } from '../common/dhaka-date.js';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/** The demo patient's family: her mother, her husband and her son. */
export const DEMO_FAMILY = [
  { name: 'Amena Begum', relation: FamilyRelation.Mother, birthdate: '1958-03-02', gender: Gender.Female, phoneE164: null },
  { name: 'Faruk Ahmed', relation: FamilyRelation.Spouse, birthdate: '1988-01-20', gender: Gender.Male, phoneE164: '+8801715551234' },
  { name: 'Ayaan Ahmed', relation: FamilyRelation.Son, birthdate: '2016-09-10', gender: Gender.Male, phoneE164: null },
] as const;

/**
 * Family profiles for the demo patient (patient@nirog.test, Rahima): three family members, a
 * finished consultation for her mother with its prescription, and a nurse's visit to her mother,
 * so that the family screens, the filters and the doctor's and admin's "for" show real rows. Runs
 * once: it looks for her family.
 */
export class FamilySeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const patient = await em.findOne(User, { email: 'patient@nirog.test' });
    if (!patient || (await em.count(FamilyMember, { owner: patient.id })) > 0) return;
    const members = DEMO_FAMILY.map((m, i) => em.create(FamilyMember, { owner: patient, ...m, createdAt: daysAgo(60 - i) }));
    const mother = members[0]!;
    const doctor = await em.findOne(Doctor, { user: { email: 'doctor@nirog.test' } });
    if (doctor) {
      const booked = {
        patientName: mother.name, patientGender: mother.gender, age: ageOn(mother.birthdate), weight: '61 kg', height: `5'0"`,
        familyMember: mother, patientRelation: mother.relation,
      };
      const visit = em.create(Appointment, {
        kind: AppointmentKind.Video, doctor, patient, feePoisha: doctor.feePoisha, ...booked,
        problem: 'High blood pressure and swollen ankles for two weeks', status: AppointmentStatus.Finished,
        paymentStatus: AppointmentPaymentStatus.Paid, paidAt: daysAgo(20), paymentId: 'seed-family-20',
        meetingUrl: 'https://meet.jit.si/Nirog-family-20', createdAt: daysAgo(20),
      });
      em.create(Prescription, {
        appointment: visit, doctor, patient, familyMember: mother, patientName: booked.patientName, patientGender: booked.patientGender,
        age: booked.age, weight: booked.weight, height: booked.height, problem: visit.problem,
        medicines: [
          { medname: 'Amlodipine 5 mg', dailyUse: '1+0+0 after breakfast', days: 30, quantity: '30 tablets' },
          { medname: 'Losartan 50 mg', dailyUse: '0+0+1', days: 30, quantity: '30 tablets' },
        ],
        medInfo: 'Check blood pressure every morning and write it down.', doctorAdvice: 'Less salt, no pickles, a short walk after dinner.',
        followUp: 'After 1 month with the blood pressure chart', verificationCode: newVerificationCode(), createdAt: daysAgo(19),
      });
    }
    const nurse = await em.findOne(Nurse, { deletedAt: null }, { orderBy: { email: 'asc' } });
    if (nurse) {
      em.create(NurseHire, {
        nurse, user: patient, familyMember: mother, nurseName: nurse.name, nurseImageUrl: nurse.imageUrls[0] ?? null, feePoisha: nurse.feePoisha,
        patientGender: mother.gender, phoneE164: patient.phoneE164 ?? '+8801712345678', date: addDays(dhakaToday(), 4),
        status: NurseHireStatus.Confirmed, statusChangedAt: new Date(),
      });
    }
    await em.flush();
  }
}
