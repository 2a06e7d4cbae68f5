import type { NirogModule } from './common/module.js';
import { module as accounts } from './modules/accounts/index.js';
import { module as doctors } from './modules/doctors/index.js';
import { module as appointments } from './modules/appointments/index.js';
import { module as prescriptions } from './modules/prescriptions/index.js';
import { module as reviews } from './modules/reviews/index.js';
import { module as payments } from './modules/payments/index.js';
import { module as medicines } from './modules/medicines/index.js';
import { module as orders } from './modules/orders/index.js';
import { module as mail } from './modules/mail/index.js';
import { module as dashboard } from './modules/dashboard/index.js';
import { module as verification } from './modules/verification/index.js';
import { module as audit } from './modules/audit/index.js';
import { module as nurses } from './modules/nurses/index.js';
import { module as blood } from './modules/blood/index.js';
import { module as insurance } from './modules/insurance/index.js';
import { module as ambulance } from './modules/ambulance/index.js';
import { module as site } from './modules/site/index.js';
import { module as integrators } from './modules/integrators/index.js';
import { module as webhooks } from './modules/webhooks/index.js';
import { module as family } from './modules/family/index.js';
import { module as search } from './modules/search/index.js';
import { module as medicalFiles } from './modules/medical-files/index.js';
import { module as catalogue } from './modules/catalogue/index.js';

/**
 * Every module of Nirog, in the order their REST paths are registered (an earlier path wins a tie:
 * accounts' PUT /doctor/updatePassword comes before doctors' PUT /doctor/:id). entities.ts,
 * schema.ts and app.ts read this list; a new module is added here and nowhere else.
 */
export const MODULES: readonly NirogModule[] = [
  accounts, doctors, appointments, prescriptions, reviews, payments, medicines, orders, mail, dashboard, verification, audit,
  nurses, blood, insurance, ambulance, site, integrators, webhooks, family, medicalFiles, catalogue, search,
];
