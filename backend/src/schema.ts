import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { assertEveryOperationHasAccessRule, authChecker } from './common/access.js';
import { AccountResolver } from './modules/accounts/account.resolver.js';
import { DoctorResolver } from './modules/doctors/doctor.resolver.js';
import { AppointmentResolver } from './modules/appointments/appointment.resolver.js';
import { PrescriptionResolver } from './modules/prescriptions/prescription.resolver.js';
import { ReviewResolver } from './modules/reviews/review.resolver.js';
import { MedicineResolver } from './modules/medicines/medicine.resolver.js';
import { OrderResolver } from './modules/orders/order.resolver.js';
import { PaymentResolver } from './modules/payments/payment.resolver.js';
import { AuditResolver } from './modules/audit/audit.resolver.js';

/** Every resolver of the API. A module adds its resolver here. */
export const RESOLVERS = [
  AccountResolver, DoctorResolver, AuditResolver, DashboardResolver, MailResolver, VerificationResolver, ...CARE_RESOLVERS,
  PaymentResolver, MedicineResolver, OrderResolver,
  AppointmentResolver, PrescriptionResolver, ReviewResolver,
] as const;
import { DashboardResolver } from './modules/dashboard/dashboard.resolver.js';
import { MailResolver } from './modules/mail/mail.resolver.js';
import { VerificationResolver } from './modules/verification/verification.resolver.js';
import { CARE_RESOLVERS } from './modules/care.registry.js';

let cached: Promise<GraphQLSchema> | undefined;

export function buildNirogSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers: RESOLVERS,
    authChecker,
    authMode: 'error',
    validate: { forbidUnknownValues: false },
  }).then((schema) => {
    assertEveryOperationHasAccessRule(schema);
    return schema;
  });
  return cached;
}
