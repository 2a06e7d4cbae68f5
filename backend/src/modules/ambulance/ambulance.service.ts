import type { EntityManager } from '@mikro-orm/sql';
import { AmbulanceService } from './ambulance.entity.js';
import type { AmbulanceListArgs } from './ambulance.inputs.js';

/** The ambulance directory: read-only, seeded, tiny. */
export class AmbulanceDirectory {
  list(em: EntityManager, args: AmbulanceListArgs): Promise<AmbulanceService[]> {
    const where: Record<string, unknown> = {};
    if (args.area) where.area = args.area;
    if (args.type) where.type = args.type;
    return em.find(AmbulanceService, where, { orderBy: { area: 'asc', name: 'asc' }, limit: 200 });
  }
}
