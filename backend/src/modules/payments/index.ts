/**
 * The payments module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { Payment } from './payment.entity.js';
import { SandboxRefund, SandboxTransaction } from './sandbox/sandbox-transaction.entity.js';
import { Refund } from './refund.entity.js';
import { PaymentResolver } from './payment.resolver.js';
import { registerPaymentRoutes } from './payment.rest.js';

export * from './payment.entity.js';
export * from './refund.entity.js';
export * from './refund.service.js';
export * from './refund.read.js';
export * from './payment.service.js';
export { paymentChoice } from './payment.rest.js';
export { SandboxRefund, SandboxTransaction } from './sandbox/sandbox-transaction.entity.js';

export const module: NirogModule = {
  name: 'payments',
  entities: [Payment, Refund, SandboxTransaction, SandboxRefund],
  resolvers: [PaymentResolver],
  routes: registerPaymentRoutes,
};
