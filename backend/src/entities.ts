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
import { AuditEntry } from './modules/audit/audit.entity.js';
import { RateLimitBucket } from './common/rate-limit.entity.js';

/** Every entity, listed explicitly (no folder scanning: the same list works for tsc output and tests). */
export const ENTITIES = [
  User, Session, Doctor, AuditEntry, MailMessage, SmsMessage, ScheduledNotification, AccountToken, ...CARE_ENTITIES,
  Payment, SandboxTransaction, Medicine, Order, OrderItem,
  Speciality, Appointment, HospitalSlotLoad, Prescription, DoctorReview, RateLimitBucket,
];
import { MailMessage } from './modules/mail/mail.entity.js';
import { SmsMessage } from './modules/mail/sms.entity.js';
import { ScheduledNotification } from './modules/mail/reminder.entity.js';
import { AccountToken } from './modules/verification/account-token.entity.js';
import { CARE_ENTITIES } from './modules/care.registry.js';
