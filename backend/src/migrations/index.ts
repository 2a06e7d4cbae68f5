import { Migration20261126100000PhoneAndFamily } from './Migration20261126100000PhoneAndFamily.js';
import { Migration20261125160000IntegratorApps } from './Migration20261125160000IntegratorApps.js';
import { Migration20261125170000Webhooks } from './Migration20261125170000Webhooks.js';
import { Migration20261126120000PrescriptionsRefunds } from './Migration20261126120000PrescriptionsRefunds.js';
import { Migration20261124205952OrderLineStrength } from './Migration20261124205952OrderLineStrength.js';
import { Migration20261125120000SpecialityTitleBn } from './Migration20261125120000SpecialityTitleBn.js';
import { Migration20261125150000InsuranceArticleBangla } from './Migration20261125150000InsuranceArticleBangla.js';
import { Migration20261125140000CacheNotify } from './Migration20261125140000CacheNotify.js';
import { Migration20261127100000CacheNotifyAvatars } from './Migration20261127100000CacheNotifyAvatars.js';
import { Migration20261123200000PaymentReturnOrigin } from './Migration20261123200000PaymentReturnOrigin.js';
import { Migration20261122065845DashboardOrderStatus } from './Migration20261122065845DashboardOrderStatus.js';
import { Migration20261122054009Dashboard } from './Migration20261122054009Dashboard.js';
import { Migration20261122054022RateLimits } from './Migration20261122054022RateLimits.js';
import { Migration20261122055831DoctorListIndexes } from './Migration20261122055831DoctorListIndexes.js';
import { Migration20261122035110BloodRequestThrottle } from './Migration20261122035110BloodRequestThrottle.js';
import { Migration20261122032006AuditLog } from './Migration20261122032006AuditLog.js';
import { Migration20261122030726EmailOutbox } from './Migration20261122030726EmailOutbox.js';
import { Migration20261122030642Care } from './Migration20261122030642Care.js';
import { Migration20261122031133Pharmacy } from './Migration20261122031133Pharmacy.js';
import { Migration20261122030639Payments } from './Migration20261122030639Payments.js';
import { Migration20261122030845DoctorsConsultations } from './Migration20261122030845DoctorsConsultations.js';
import { Migration20261122025521Initial } from './Migration20261122025521Initial.js';

/** Applied in this order at start. Add new migrations at the end; never edit one that has shipped. */
export const MIGRATIONS = [
  { name: 'Migration20261122025521Initial', class: Migration20261122025521Initial },
  { name: 'Migration20261122032006AuditLog', class: Migration20261122032006AuditLog },
  { name: 'Migration20261122030726EmailOutbox', class: Migration20261122030726EmailOutbox },
  { name: 'Migration20261122030642Care', class: Migration20261122030642Care },
  { name: 'Migration20261122030639Payments', class: Migration20261122030639Payments },
  { name: 'Migration20261122031133Pharmacy', class: Migration20261122031133Pharmacy },
  { name: 'Migration20261122035110BloodRequestThrottle', class: Migration20261122035110BloodRequestThrottle },
  { name: 'Migration20261122030845DoctorsConsultations', class: Migration20261122030845DoctorsConsultations },
  { name: 'Migration20261122054009Dashboard', class: Migration20261122054009Dashboard },
  { name: 'Migration20261122054022RateLimits', class: Migration20261122054022RateLimits },
  { name: 'Migration20261122055831DoctorListIndexes', class: Migration20261122055831DoctorListIndexes },
  { name: 'Migration20261122065845DashboardOrderStatus', class: Migration20261122065845DashboardOrderStatus },
  { name: 'Migration20261123200000PaymentReturnOrigin', class: Migration20261123200000PaymentReturnOrigin },
  { name: 'Migration20261124205952OrderLineStrength', class: Migration20261124205952OrderLineStrength },
  { name: 'Migration20261125120000SpecialityTitleBn', class: Migration20261125120000SpecialityTitleBn },
  { name: 'Migration20261125140000CacheNotify', class: Migration20261125140000CacheNotify },
  { name: 'Migration20261125150000InsuranceArticleBangla', class: Migration20261125150000InsuranceArticleBangla },
  { name: 'Migration20261125160000IntegratorApps', class: Migration20261125160000IntegratorApps },
  { name: 'Migration20261125170000Webhooks', class: Migration20261125170000Webhooks },
  { name: 'Migration20261126100000PhoneAndFamily', class: Migration20261126100000PhoneAndFamily },
  { name: 'Migration20261126120000PrescriptionsRefunds', class: Migration20261126120000PrescriptionsRefunds },
  { name: 'Migration20261127100000CacheNotifyAvatars', class: Migration20261127100000CacheNotifyAvatars },
];
