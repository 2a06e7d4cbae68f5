import type { Config } from './config.js';
import { ListCache } from './common/list-cache.js';
import type { Logger } from './common/logger.js';
import { createFileStorage } from './common/storage.js';
import { ImageService } from './common/images.js';
import { DomainEvents } from './common/events.js';
import { AccountService } from './modules/accounts/account.service.js';
import { DoctorService } from './modules/doctors/doctor.service.js';
import { AppointmentService } from './modules/appointments/appointment.service.js';
import { PrescriptionService } from './modules/prescriptions/prescription.service.js';
import { ReviewService } from './modules/reviews/review.service.js';
import { MedicineService } from './modules/medicines/medicine.service.js';
import { OrderService } from './modules/orders/order.service.js';
import { PaymentService } from './modules/payments/payment.service.js';
import { AuditService } from './modules/audit/audit.service.js';
import { MailService } from './modules/mail/mail.service.js';
import { SmsService } from './modules/mail/sms.service.js';
import { NotificationService } from './modules/mail/notification.service.js';
import { VerificationService } from './modules/verification/verification.service.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { createCareServices } from './modules/care.registry.js';
import { RateLimiter } from './common/rate-limit.js';

/** The stateless services, built once per process. Each method takes the request's EntityManager. */
export function createServices(config: Config, log: Logger) {
  const events = new DomainEvents();
  const images = new ImageService(createFileStorage(config), config.uploads.maxBytes);
  const limiter = new RateLimiter(config);
  const mail = new MailService(config, log);
  const sms = new SmsService(config, log);
  const notifications = new NotificationService(config, log, mail, sms);
  notifications.subscribe(events);
  const accounts = new AccountService(config, images, events, limiter, notifications);
  const listCounts = new ListCache(config.listCountCacheSeconds * 1000);
  const doctors = new DoctorService(accounts, images, events, listCounts);
  const payments = new PaymentService(config, log);
  const audit = new AuditService(log);
  const appointments = new AppointmentService(config, events, payments, log, audit);
  const prescriptions = new PrescriptionService(appointments, events, audit);
  const reviews = new ReviewService(appointments);
  // Ordered ids of public medicine keyword searches: at most 100 keywords × MAX_KEPT_MATCHES ids.
  const medicines = new MedicineService(images, listCounts, new ListCache<string[]>(config.listCountCacheSeconds * 1000, 100));
  const orders = new OrderService(payments, events, log, config);
  const verification = new VerificationService(config, mail, notifications);
  verification.subscribe(events);
  const dashboard = new DashboardService();
  return {
    config, log, events, dashboard, images, limiter, audit, accounts, doctors, mail, sms, notifications, verification, ...createCareServices(config, images, events),
    payments, medicines, orders, appointments, prescriptions, reviews,
  };
}

export type Services = ReturnType<typeof createServices>;
