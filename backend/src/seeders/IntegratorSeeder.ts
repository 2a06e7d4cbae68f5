import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { IntegratorScope, OrganisationKind } from '../common/scopes.js';
import { DEMO_KEY, IntegratorApp, IntegratorKey } from '../modules/integrators/index.js';

/**
 * One demo integrator app: a pharmacy partner that reads the catalogue, keeps stock and prices and
 * moves orders, with the fixed development key printed at start (main.ts). The key is refused in
 * production whatever a database holds (IntegratorService.authenticate).
 */
export class IntegratorSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    if (await em.count(IntegratorKey, { keyId: DEMO_KEY.keyId })) return;
    const app = em.create(IntegratorApp, {
      name: 'Demo pharmacy partner', contactEmail: 'partner@nirog.test', organisationKind: OrganisationKind.PHARMACY,
      scopes: [IntegratorScope.CATALOG_READ, IntegratorScope.STOCK_WRITE, IntegratorScope.ORDERS_READ, IntegratorScope.ORDERS_WRITE, IntegratorScope.WEBHOOKS_MANAGE],
    });
    em.create(IntegratorKey, { app, keyId: DEMO_KEY.keyId, prefix: DEMO_KEY.prefix, secretHash: DEMO_KEY.secretHash });
  }
}
