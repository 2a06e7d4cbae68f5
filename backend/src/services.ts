import type { Config } from './config.js';
import { ListCache } from './common/list-cache.js';
import type { Logger } from './common/logger.js';
import { createFileStorage, createPrivateStorage } from './common/storage.js';
import { ImageService } from './common/images.js';
import { DEFAULT_RENDER_CACHE_DIR, GeneratedImages } from './common/generated-images.js';
import { DomainEvents } from './common/events.js';
import { AccountService } from './modules/accounts/index.js';
import { DoctorService, SpecialityTermService, type DoctorQuery, type DoctorRow } from './modules/doctors/index.js';
import { AppointmentService } from './modules/appointments/index.js';
import { DispensingService, PrescriptionService } from './modules/prescriptions/index.js';
import { ReviewService } from './modules/reviews/index.js';
import { MedicineService, type KeptMatches } from './modules/medicines/index.js';
import { OrderService } from './modules/orders/index.js';
import { PaymentService } from './modules/payments/index.js';
import { AuditService } from './modules/audit/index.js';
import { MailService, NotificationService, SmsService, smsGateway } from './modules/mail/index.js';
import { PhoneCodeService, VerificationService } from './modules/verification/index.js';
import { FamilyService } from './modules/family/index.js';
import { DashboardService } from './modules/dashboard/index.js';
import { NurseService } from './modules/nurses/index.js';
import { BloodService } from './modules/blood/index.js';
import { InsuranceService } from './modules/insurance/index.js';
import { AmbulanceDirectory } from './modules/ambulance/index.js';
import { SiteService } from './modules/site/index.js';
import { IntegratorService } from './modules/integrators/index.js';
import { WebhookService } from './modules/webhooks/index.js';
import { MedicalFileService } from './modules/medical-files/index.js';
import { CatalogueService } from './modules/catalogue/index.js';
import { RateLimiter } from './common/rate-limit.js';
import { SearchService } from './modules/search/index.js';
import type { WordMatch } from './common/search.js';
import { IdempotencyStore } from './common/idempotency.js';
import { LiveBus } from './common/live.js';

/** The stateless services, built once per process. Each method takes the request's EntityManager. */
export function createServices(config: Config, log: Logger) {
  const events = new DomainEvents();
  const storage = createFileStorage(config);
  // Medical files live apart from public pictures (common/storage.ts); only links from their records reach them.
  const privateStore = createPrivateStorage(config);
  const images = new ImageService(storage, config.uploads.maxBytes, new GeneratedImages(storage, DEFAULT_RENDER_CACHE_DIR, privateStore));
  const medicalFiles = new MedicalFileService(config, privateStore, images, log);
  const limiter = new RateLimiter(config);
  const mail = new MailService(config, log);
  const sms = new SmsService(config, log, smsGateway(config));
  const notifications = new NotificationService(config, log, mail, sms);
  notifications.subscribe(events);
  const accounts = new AccountService(config, images, events, limiter, notifications);
  const listCounts = new ListCache(config.listCountCacheSeconds * 1000);
  // What public search texts mean (the vocabulary's candidates of their words), per text, a few seconds.
  const doctorQueries = new ListCache<DoctorQuery>(config.listCountCacheSeconds * 1000);
  // Search pages' rows (doctor.read.ts searchPage): at most 200 pages of at most a page's rows.
  const doctorPages = new ListCache<DoctorRow[]>(config.listCountCacheSeconds * 1000, 200);
  const doctors = new DoctorService(accounts, images, events, listCounts, doctorQueries, doctorPages);
  const payments = new PaymentService(config, log, undefined, events);
  const audit = new AuditService(log);
  const appointments = new AppointmentService(config, events, payments, log, audit);
  const prescriptions = new PrescriptionService(appointments, events, audit);
  // The dispensing ledger follows orders by their events (paid: dispensed; cancelled: given back).
  const dispensing = new DispensingService(events);
  const reviews = new ReviewService(appointments, doctors);
  // Ordered ids of public medicine keyword searches: at most 100 keywords × MAX_KEPT_MATCHES ids.
  const medicineMatches = new ListCache<KeptMatches>(config.listCountCacheSeconds * 1000, 100);
  const medicineWords = new ListCache<WordMatch[]>(config.listCountCacheSeconds * 1000);
  const medicines = new MedicineService(images, listCounts, medicineMatches, events, medicineWords);
  const orders = new OrderService(payments, events, log, config, dispensing, medicines, medicalFiles, audit);
  const verification = new VerificationService(config, mail, notifications, accounts);
  verification.subscribe(events);
  const phoneCodes = new PhoneCodeService(config, limiter, sms, accounts);
  const dashboard = new DashboardService();
  const webhooks = new WebhookService(config, log);
  webhooks.subscribe(events);
  // Live updates: every event also notifies every replica's subscribers (common/live.ts).
  const live = new LiveBus(log);
  live.subscribe(events);
  return {
    config, log, events, dashboard, images, medicalFiles, limiter, audit, accounts, doctors, mail, sms, notifications, verification, phoneCodes,
    family: new FamilyService(),
    specialityTerms: new SpecialityTermService(),
    search: new SearchService(doctors, medicines),
    nurses: new NurseService(images, events),
    blood: new BloodService(events),
    insurance: new InsuranceService(),
    ambulances: new AmbulanceDirectory(),
    site: new SiteService(),
    integrators: new IntegratorService(config.isProduction, config.integratorKeyCacheSeconds),
    idempotency: new IdempotencyStore(config, log),
    payments, medicines, orders, appointments, prescriptions, dispensing, reviews, webhooks, live,
    catalogue: new CatalogueService(config, log, audit),
    /** The per-process caches of public lists, cleared when any replica commits a change (common/coordination.ts). */
    listCaches: [listCounts, medicineMatches, doctorQueries, medicineWords, doctorPages] as ListCache<unknown>[],
  };
}

export type Services = ReturnType<typeof createServices>;

// The request context (common/context.ts) knows the services only as an interface common declares;
// the composition root fills it in here, so common never imports a module.
declare module './common/context.js' {
  interface AppServices extends Services {}
}
