/**
 * The family module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { FamilyMember } from './family-member.entity.js';
import { FamilyResolver } from './family.resolver.js';

export * from './family-member.entity.js';
export * from './family.service.js';
export * from './care-recipient.js';

export const module: NirogModule = {
  name: 'family',
  entities: [FamilyMember],
  resolvers: [FamilyResolver],
};
