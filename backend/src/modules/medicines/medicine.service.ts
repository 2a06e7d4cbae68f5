import type { EntityManager } from '@mikro-orm/sql';
import type { ImageService } from '../../common/images.js';
import { notFound } from '../../common/errors.js';
import { offsetOf, pageOf, type PageResult } from '../../common/pagination.js';
import { MEDICINE_SEARCH_VECTOR, Medicine } from './medicine.entity.js';
import type { MedicineInput, MedicineSearchArgs, MedicineUpdateInput } from './medicine.inputs.js';
import { LOW_STOCK_THRESHOLD } from './medicine.entity.js';

/** "napa ext" → "napa:* & ext:*": every word must start a word of the brand, generic or company. */
export function toPrefixQuery(keyword: string | null | undefined): string | null {
  const words = (keyword ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.slice(0, 8).map((w) => `${w}:*`).join(' & ') : null;
}

export class MedicineService {
  constructor(private readonly images: ImageService) {}

  async search(em: EntityManager, args: MedicineSearchArgs, opts: { admin?: boolean } = {}): Promise<PageResult<Medicine>> {
    const where: Record<string, unknown>[] = [];
    if (!(opts.admin && args.includeInactive)) where.push({ isActive: true });
    if (args.form) where.push({ form: args.form });
    if (opts.admin && args.lowStock) where.push({ stock: { $lte: LOW_STOCK_THRESHOLD } });
    const query = toPrefixQuery(args.keyword);
    if (query) return this.keywordSearch(em, query, args, opts);
    const [items, total] = await em.findAndCount(Medicine, { $and: where } as never, {
      orderBy: { name: 'asc', id: 'asc' }, limit: args.pageSize, offset: offsetOf(args),
    });
    return pageOf(items, total, args);
  }

  /**
   * Keyword matches come from the GIN index first and are sorted afterwards. Left to itself the
   * planner walks the name index and tests every medicine before the first match when a common
   * prefix sorts late (EXPLAIN at 20,000 medicines: 43 ms instead of 3 ms).
   */
  private async keywordSearch(em: EntityManager, query: string, args: MedicineSearchArgs, opts: { admin?: boolean }): Promise<PageResult<Medicine>> {
    const conditions = [`${MEDICINE_SEARCH_VECTOR} @@ to_tsquery('simple'::regconfig, ?)`];
    const params: unknown[] = [query];
    if (!(opts.admin && args.includeInactive)) conditions.push('is_active');
    if (args.form) {
      conditions.push('form = ?');
      params.push(args.form);
    }
    const where = conditions.join(' and ');
    const conn = em.getConnection();
    const [rows, counted] = await Promise.all([
      conn.execute(`with matched as materialized (select * from medicines where ${where}) select * from matched order by name asc, id asc limit ? offset ?`,
        [...params, args.pageSize, offsetOf(args)]),
      conn.execute<{ total: number }[]>(`select count(*)::int as total from medicines where ${where}`, params),
    ]);
    return pageOf(rows.map((row: Record<string, unknown>) => em.map(Medicine, row)), counted[0]!.total, args);
  }

  async byId(em: EntityManager, id: string, opts: { admin?: boolean } = {}): Promise<Medicine> {
    const medicine = /^[0-9a-f-]{36}$/i.test(id) ? await em.findOne(Medicine, { id }) : null;
    if (!medicine || (!medicine.isActive && !opts.admin)) throw notFound('Medicine');
    return medicine;
  }

  async create(em: EntityManager, input: MedicineInput, image?: Buffer): Promise<Medicine> {
    const imageUrl = image ? await this.images.store(image, 'medicines', 600) : null;
    const medicine = em.create(Medicine, {
      name: input.name.trim(), genericName: input.genericName.trim(), company: input.company.trim(), strength: input.strength.trim(),
      form: input.form, unit: input.unit, pricePoisha: input.pricePoisha, stock: input.stock, imageUrl, description: input.description?.trim() ?? '',
    });
    await em.flush();
    return medicine;
  }

  /**
   * Stock is set to the admin's absolute figure (a stock count after a delivery or a stock-take);
   * orders placed meanwhile reserve with their own conditional updates and never go below zero.
   */
  async update(em: EntityManager, id: string, input: MedicineUpdateInput, image?: Buffer): Promise<Medicine> {
    const medicine = await this.byId(em, id, { admin: true });
    for (const key of ['name', 'genericName', 'company', 'strength', 'description'] as const) {
      if (input[key] !== undefined && input[key] !== null) medicine[key] = input[key]!.trim();
    }
    if (input.form) medicine.form = input.form;
    if (input.unit) medicine.unit = input.unit;
    if (input.pricePoisha != null) medicine.pricePoisha = input.pricePoisha;
    if (input.stock != null) medicine.stock = input.stock;
    if (input.isActive != null) medicine.isActive = input.isActive;
    if (image) medicine.imageUrl = await this.images.store(image, 'medicines', 600);
    await em.flush();
    return medicine;
  }
}
