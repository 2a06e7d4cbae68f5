import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { AccountSeeder } from './AccountSeeder.js';
import { DoctorSeeder } from './DoctorSeeder.js';
import { PharmacySeeder } from './PharmacySeeder.js';
import { CareSeeder } from './CareSeeder.js';
import { HistorySeeder } from './HistorySeeder.js';

/**
 * Demo data for every screen. Idempotent: each seeder looks for its natural keys (emails, BMDC
 * numbers, names) and only adds what is missing, so it runs at every start without duplicating.
 */
export class DatabaseSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    return this.call(em, [AccountSeeder, CareSeeder, DoctorSeeder, PharmacySeeder, HistorySeeder]);
  }
}
