import { User } from './modules/accounts/user.entity.js';
import { Session } from './modules/accounts/session.entity.js';
import { Doctor } from './modules/doctors/doctor.entity.js';
import { Speciality } from './modules/doctors/speciality.entity.js';
import { Appointment } from './modules/appointments/appointment.entity.js';
import { HospitalSlotLoad } from './modules/appointments/hospital-slot-load.entity.js';
import { Prescription } from './modules/prescriptions/prescription.entity.js';
import { DoctorReview } from './modules/reviews/doctor-review.entity.js';
import { Payment } from './modules/payments/payment.entity.js';
import { Medicine } from './modules/medicines/medicine.entity.js';
import { Order, OrderItem } from './modules/orders/order.entity.js';
import { SandboxTransaction } from './modules/payments/sandbox/sandbox-transaction.entity.js';

/** Every entity, listed explicitly (no folder scanning: the same list works for tsc output and tests). */
export const ENTITIES = [
  User, Session, Doctor, Payment, SandboxTransaction, Medicine, Order, OrderItem,
  Speciality, Appointment, HospitalSlotLoad, Prescription, DoctorReview,
];
