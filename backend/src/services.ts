import type { Config } from './config.js';
import type { Logger } from './common/logger.js';
import { createFileStorage } from './common/storage.js';
import { ImageService } from './common/images.js';
import { DomainEvents } from './common/events.js';
import { AccountService } from './modules/accounts/account.service.js';
import { DoctorService } from './modules/doctors/doctor.service.js';
import { createCareServices } from './modules/care.registry.js';

/** The stateless services, built once per process. Each method takes the request's EntityManager. */
export function createServices(config: Config, log: Logger) {
  const events = new DomainEvents();
  const images = new ImageService(createFileStorage(config), config.uploads.maxBytes);
  const accounts = new AccountService(config, images, events);
  const doctors = new DoctorService(accounts, images, events);
  return { config, log, events, images, accounts, doctors, ...createCareServices(config, images, events) };
}

export type Services = ReturnType<typeof createServices>;
