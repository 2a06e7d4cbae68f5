import type { EntityManager } from '@mikro-orm/sql';
import { crossesLowStock, type DomainEvents } from '../../common/events.js';
import type { ImageService } from '../../common/images.js';
import type { ListCache } from '../../common/list-cache.js';
import type { SqlReader } from '../../common/sql.js';
import type { WordMatch } from '../../common/search.js';
import { notFound } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { isGeneratedImageUrl } from '../../common/generated-images.js';
import { Medicine, defaultDosesPerUnit } from './medicine.entity.js';
import { medicineViewsByIds, searchMedicines, type KeptMatches, type MedicineSearchResult, type MedicineView } from './medicine.read.js';
import type { MedicineInput, MedicineSearchArgs, MedicineUpdateInput } from './medicine.inputs.js';

export class MedicineService {
  constructor(
    private readonly images: ImageService, private readonly listCounts: ListCache, private readonly keywordMatches: ListCache<KeptMatches>,
    private readonly events?: DomainEvents,
    /** What public keywords mean (their words' candidates in the vocabulary), kept like the matches. */
    private readonly readings: ListCache<WordMatch[]> | null = null,
  ) {}

  /**
   * Takes `quantity` of a medicine's stock in the caller's transaction, if there is that much: the
   * stock left (read under the row's lock, so exact however many checkouts race), or null when there
   * is not enough. The medicines table is this module's: orders take and give back stock through here.
   */
  async takeStock(tx: EntityManager, medicineId: string, quantity: number): Promise<number | null> {
    const [left] = await tx.execute<{ stock: number }[]>(
      'update medicines set stock = stock - ? where id = ? and stock >= ? returning stock', [quantity, medicineId, quantity]);
    return left ? Number(left.stock) : null;
  }

  /** Gives stock back (a cancelled or expired order), in the caller's transaction. */
  async giveBackStock(tx: EntityManager, medicineId: string, quantity: number): Promise<void> {
    await tx.execute('update medicines set stock = stock + ? where id = ?', [quantity, medicineId], 'run');
  }

  /** The catalogue (a plain read, see medicine.read.ts). */
  search(em: SqlReader, args: MedicineSearchArgs, opts: { admin?: boolean } = {}): Promise<MedicineSearchResult> {
    return searchMedicines(em, args, opts, this.listCounts, this.keywordMatches, this.readings);
  }

  /** A medicine's page: hidden medicines for admins only. */
  async byId(em: EntityManager, id: string, opts: { admin?: boolean } = {}): Promise<MedicineView> {
    const [medicine] = isUuid(id) ? await medicineViewsByIds(em, [id], { activeOnly: !opts.admin }) : [];
    if (!medicine) throw notFound('Medicine');
    return medicine;
  }

  /** Medicines still sold, by id (cart quotes, request loaders). */
  activeByIds(em: EntityManager, ids: readonly string[]): Promise<MedicineView[]> {
    return medicineViewsByIds(em, ids.filter(isUuid), { activeOnly: true });
  }

  /** Without an uploaded image the medicine gets a drawn pack (brand, strength, form). */
  async create(em: EntityManager, input: MedicineInput, image?: Buffer): Promise<MedicineView> {
    const [name, strength] = [input.name.trim(), input.strength.trim()];
    const imageUrl = image
      ? await this.images.store(image, 'medicines', 600)
      : await this.images.generated.pack({ name, strength, form: input.form });
    const medicine = em.create(Medicine, {
      name, nameBn: input.nameBn?.trim() ?? '', genericName: input.genericName.trim(), company: input.company.trim(), strength,
      form: input.form, unit: input.unit, pricePoisha: input.pricePoisha, stock: input.stock, imageUrl, description: input.description?.trim() ?? '',
      prescriptionRequired: input.prescriptionRequired ?? false, dosesPerUnit: input.dosesPerUnit ?? defaultDosesPerUnit(input.form, input.unit),
    });
    await em.flush();
    return this.byId(em, medicine.id, { admin: true });
  }

  /**
   * Stock is set to the admin's absolute figure (a stock count after a delivery or a stock-take);
   * orders placed meanwhile reserve with their own conditional updates and never go below zero.
   */
  async update(em: EntityManager, id: string, input: MedicineUpdateInput, image?: Buffer): Promise<MedicineView> {
    const medicine = isUuid(id) ? await em.findOne(Medicine, { id }) : null;
    if (!medicine) throw notFound('Medicine');
    for (const key of ['name', 'nameBn', 'genericName', 'company', 'strength', 'description'] as const) {
      if (input[key] !== undefined && input[key] !== null) medicine[key] = input[key]!.trim();
    }
    if (input.form) medicine.form = input.form;
    if (input.unit) medicine.unit = input.unit;
    if (input.pricePoisha != null) medicine.pricePoisha = input.pricePoisha;
    if (input.stock != null) medicine.stock = input.stock;
    if (input.isActive != null) medicine.isActive = input.isActive;
    if (input.prescriptionRequired != null) medicine.prescriptionRequired = input.prescriptionRequired;
    if (input.dosesPerUnit != null) medicine.dosesPerUnit = input.dosesPerUnit;
    else if (input.unit || input.form) medicine.dosesPerUnit ??= defaultDosesPerUnit(medicine.form, medicine.unit);
    if (image) medicine.imageUrl = await this.images.store(image, 'medicines', 600);
    // A drawn pack is redrawn from the new brand, strength and form (the same ones find the same file).
    else if (!medicine.imageUrl || isGeneratedImageUrl(medicine.imageUrl)) medicine.imageUrl = await this.images.generated.pack(medicine);
    await em.transactional(async (tx) => {
      // The stock this figure replaces, read under the row's lock (a checkout may have taken some meanwhile).
      const [before] = await tx.execute<{ stock: number }[]>('select stock from medicines where id = ? for update', [medicine.id]);
      tx.persist(medicine);
      if (input.stock != null && before && crossesLowStock(Number(before.stock), input.stock)) {
        await this.events?.publish(tx, { type: 'medicine.stockLow', medicineId: medicine.id, stock: medicine.stock });
      }
    });
    return this.byId(em, medicine.id, { admin: true });
  }
}
