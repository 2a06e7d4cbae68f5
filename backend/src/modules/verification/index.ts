/**
 * The verification module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { AccountToken } from './account-token.entity.js';
import { PhoneCode } from './phone-code.entity.js';
import { VerificationResolver } from './verification.resolver.js';
import { PhoneResolver } from './phone.resolver.js';
import { registerVerificationRoutes } from './verification.rest.js';

export * from './account-token.entity.js';
export * from './verification.policy.js';
export * from './verification.service.js';
export * from './phone-code.entity.js';
export * from './phone-code.service.js';

export const module: NirogModule = {
  name: 'verification',
  entities: [AccountToken, PhoneCode],
  resolvers: [VerificationResolver, PhoneResolver],
  routes: registerVerificationRoutes,
};
