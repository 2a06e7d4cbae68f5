import type { Config } from '../config.js';
import type { ImageService } from '../common/images.js';
import type { DomainEvents } from '../common/events.js';
import type { RouteFn } from '../common/rest.js';
import { Nurse } from './nurses/nurse.entity.js';
import { NurseReview } from './nurses/nurse-review.entity.js';
import { NurseHire } from './nurses/nurse-hire.entity.js';
import { NurseHireResolver, NurseResolver, NurseReviewResolver } from './nurses/nurse.resolver.js';
import { NurseService } from './nurses/nurse.service.js';
import { registerNurseRoutes } from './nurses/nurse.rest.js';
import { BloodDonor, BloodRequest } from './blood/blood.entity.js';
import { BloodDonorResolver, BloodResolver } from './blood/blood.resolver.js';
import { BloodService } from './blood/blood.service.js';
import { registerBloodRoutes } from './blood/blood.rest.js';
import { InsuranceApplication, InsuranceArticle } from './insurance/insurance.entity.js';
import { InsuranceResolver } from './insurance/insurance.resolver.js';
import { InsuranceService } from './insurance/insurance.service.js';
import { registerInsuranceRoutes } from './insurance/insurance.rest.js';
import { AmbulanceService } from './ambulance/ambulance.entity.js';
import { AmbulanceDirectory, AmbulanceResolver, registerAmbulanceRoutes } from './ambulance/ambulance.module.js';
import { ContactMessage, Partner } from './site/site.entity.js';
import { SiteResolver, SiteService, registerSiteRoutes } from './site/site.module.js';

/**
 * The care modules (nurses, blood, insurance, ambulance, the information pages) registered in one
 * place, so that entities.ts, schema.ts, services.ts and app.ts each gain a single line for them.
 */
export const CARE_ENTITIES = [Nurse, NurseReview, NurseHire, BloodRequest, BloodDonor, InsuranceArticle, InsuranceApplication, AmbulanceService, ContactMessage, Partner];

export const CARE_RESOLVERS = [
  NurseResolver, NurseReviewResolver, NurseHireResolver, BloodResolver, BloodDonorResolver, InsuranceResolver, AmbulanceResolver,
  SiteResolver,
] as const;

export function createCareServices(config: Config, images: ImageService, events: DomainEvents) {
  return {
    nurses: new NurseService(images, events),
    blood: new BloodService(events, config.bloodRequestsPerHour),
    insurance: new InsuranceService(),
    ambulances: new AmbulanceDirectory(),
    site: new SiteService(),
  };
}

export function registerCareRoutes(route: RouteFn): void {
  registerNurseRoutes(route);
  registerBloodRoutes(route);
  registerInsuranceRoutes(route);
  registerAmbulanceRoutes(route);
  registerSiteRoutes(route);
}
