import type { Config } from './config.js';
import type { Logger } from './common/logger.js';
import { createFileStorage } from './common/storage.js';
import { ImageService } from './common/images.js';
import { DomainEvents } from './common/events.js';
import { AccountService } from './modules/accounts/account.service.js';
import { DoctorService } from './modules/doctors/doctor.service.js';
import { AppointmentService } from './modules/appointments/appointment.service.js';
import { PrescriptionService } from './modules/prescriptions/prescription.service.js';
import { ReviewService } from './modules/reviews/review.service.js';

/** The stateless services, built once per process. Each method takes the request's EntityManager. */
export function createServices(config: Config, log: Logger) {
  const events = new DomainEvents();
  const images = new ImageService(createFileStorage(config), config.uploads.maxBytes);
  const accounts = new AccountService(config, images, events);
  const doctors = new DoctorService(accounts, images, events);
  const appointments = new AppointmentService(config, events);
  const prescriptions = new PrescriptionService(appointments, events);
  const reviews = new ReviewService(appointments);
  return { config, log, events, images, accounts, doctors, appointments, prescriptions, reviews };
}

export type Services = ReturnType<typeof createServices>;
