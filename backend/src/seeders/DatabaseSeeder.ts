import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import type { GeneratedImages } from '../common/generated-images.js';
import { AccountSeeder } from './AccountSeeder.js';
import { DoctorSeeder } from './DoctorSeeder.js';
import { PharmacySeeder } from './PharmacySeeder.js';
import { CareSeeder } from './CareSeeder.js';
import { HistorySeeder } from './HistorySeeder.js';
import { IntegratorSeeder } from './IntegratorSeeder.js';
import { RxSeeder } from './RxSeeder.js';
import { WebhookSeeder } from './WebhookSeeder.js';
import { FamilySeeder } from './FamilySeeder.js';
import { CatalogueSeeder } from './CatalogueSeeder.js';
import { demoImages, type DemoSeedContext } from './demo-images.js';

/**
 * Demo data for every screen. Idempotent: each seeder looks for its natural keys (emails, BMDC
 * numbers, names) and only adds what is missing, so it runs at every start without duplicating.
 * Every demo doctor, nurse and medicine gets a drawn picture (common/generated-images.ts), stored
 * like an upload; rows seeded before they had one get it on the next run.
 */
export class DatabaseSeeder extends Seeder<DemoSeedContext> {
  async run(em: EntityManager, context?: DemoSeedContext): Promise<void> {
    return this.call(em, [AccountSeeder, CareSeeder, DoctorSeeder, PharmacySeeder, HistorySeeder, IntegratorSeeder, RxSeeder, WebhookSeeder, FamilySeeder, CatalogueSeeder], { images: demoImages(context) });
  }
}

/** Seeds the demo data, drawing its pictures into the storage behind `images`. */
export async function seedDemoData(orm: { em: EntityManager }, images: GeneratedImages): Promise<void> {
  const em = orm.em.fork();
  await new DatabaseSeeder().run(em, { images });
  await em.flush();
}
