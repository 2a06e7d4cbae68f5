import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { IntegratorScope, OrganisationKind } from '../common/scopes.js';
import { DEMO_KEY, IntegratorApp, IntegratorAppDoctor, IntegratorKey, makeKey } from '../modules/integrators/index.js';
import { Doctor } from '../modules/doctors/index.js';

const DEMO_HOSPITAL = 'Dhaka Medical College Hospital';
const DEMO_HOSPITAL_APP = 'Dhaka Medical visits desk';

/**
 * Demo integrator apps for the admin's screen: a pharmacy partner that reads the catalogue, keeps
 * stock and prices, moves orders and receives their webhooks, with the fixed development key
 * printed at start (main.ts; refused in production whatever a database holds,
 * IntegratorService.authenticate); a hospital reading its linked doctors' visits with a smaller
 * budget; an insurer's app an admin revoked. The other two keys are random and never shown, like real ones.
 */
export class IntegratorSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    if (!(await em.count(IntegratorKey, { keyId: DEMO_KEY.keyId }))) await this.apps(em);
    await this.linkDemoHospital(em);
  }

  /**
   * The demo hospital's app reads the visits of the demo doctors of Dhaka Medical College Hospital:
   * linked here as an admin would link them on the app's form (once; a database seeded before links
   * existed gets them at its next start). At run time nothing is matched by name.
   */
  private async linkDemoHospital(em: EntityManager): Promise<void> {
    const app = await em.findOne(IntegratorApp, { name: DEMO_HOSPITAL_APP, organisationKind: OrganisationKind.HOSPITAL });
    if (!app || await em.count(IntegratorAppDoctor, { app: app.id })) return;
    const doctors = await em.find(Doctor, { work: DEMO_HOSPITAL }, { fields: ['id'] });
    for (const d of doctors) em.create(IntegratorAppDoctor, { app, doctor: em.getReference(Doctor, d.id) });
    await em.flush();
  }

  private async apps(em: EntityManager): Promise<void> {
    const pharmacy = em.create(IntegratorApp, {
      name: 'Demo pharmacy partner', contactEmail: 'partner@nirog.test', organisationKind: OrganisationKind.PHARMACY,
      scopes: [IntegratorScope.CATALOG_READ, IntegratorScope.STOCK_WRITE, IntegratorScope.ORDERS_READ, IntegratorScope.ORDERS_WRITE, IntegratorScope.WEBHOOKS_MANAGE],
    });
    em.create(IntegratorKey, { app: pharmacy, keyId: DEMO_KEY.keyId, prefix: DEMO_KEY.prefix, secretHash: DEMO_KEY.secretHash });
    const hospital = em.create(IntegratorApp, {
      name: DEMO_HOSPITAL_APP, contactEmail: 'it@dmch.example', organisationKind: OrganisationKind.HOSPITAL,
      organisationName: DEMO_HOSPITAL, quotaSize: 500, quotaRestoreRate: 50, quotaAvailable: 500,
      scopes: [IntegratorScope.CATALOG_READ, IntegratorScope.APPOINTMENTS_READ, IntegratorScope.WEBHOOKS_MANAGE],
    });
    const hospitalKey = makeKey();
    em.create(IntegratorKey, { app: hospital, keyId: hospitalKey.keyId, prefix: hospitalKey.prefix, secretHash: hospitalKey.secretHash });
    const revokedAt = new Date(Date.now() - 3 * 86_400_000);
    const insurer = em.create(IntegratorApp, {
      name: 'Green Delta claims (old)', contactEmail: 'api@greendelta.example', organisationKind: OrganisationKind.INSURER,
      organisationName: 'Green Delta Insurance', scopes: [IntegratorScope.INSURANCE_READ], revokedAt, createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const insurerKey = makeKey();
    em.create(IntegratorKey, { app: insurer, keyId: insurerKey.keyId, prefix: insurerKey.prefix, secretHash: insurerKey.secretHash, revokedAt });
  }
}
