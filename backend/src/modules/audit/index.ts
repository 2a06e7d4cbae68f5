/**
 * The audit module's public face: what other modules and the composition root may use (the rest of
 * the folder is the module's own; .dependency-cruiser.cjs enforces it).
 */
import type { NirogModule } from '../../common/module.js';
import { AuditEntry } from './audit.entity.js';
import { AuditResolver } from './audit.resolver.js';

export * from './audit.entity.js';
export * from './audit.service.js';
export * from './audit.read.js';
export * from './audit.hooks.js';

export const module: NirogModule = {
  name: 'audit',
  entities: [AuditEntry],
  resolvers: [AuditResolver],
};
