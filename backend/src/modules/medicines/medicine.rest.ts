import type { Request } from 'express';
import type { RouteFn } from '../../common/rest.js';
import { readMultipart } from '../../common/rest.js';
import { picture } from '../../common/rest-images.js';
import { parseInput } from '../../common/input.js';
import { Role } from '../../common/roles.js';
import type { Context } from '../../common/context.js';
import type { MedicineView } from './medicine.read.js';
import { MedicineInput, MedicineSearchArgs, MedicineUpdateInput } from './medicine.inputs.js';

/** A medicine as the earlier app's clients read it (`_id`, `type`, `price` in BDT, `image.url`). */
export function toSpecMedicine(m: MedicineView) {
  return {
    _id: m.id,
    id: m.id,
    name: m.name,
    nameBn: m.nameBn,
    genericName: m.genericName,
    company: m.company,
    strength: m.strength,
    type: m.form,
    unit: m.unit,
    price: m.price,
    pricePoisha: m.pricePoisha,
    quantity: m.stock,
    stock: m.stock,
    inStock: m.inStock,
    image: picture(m.imageUrl, 'medicine'),
    description: m.description,
    isActive: m.isActive,
    prescriptionRequired: m.prescriptionRequired,
  };
}

/** Admin forms send BDT (`price`) or poisha; `quantity` is the earlier app's name for stock. */
async function medicineBody(ctx: Context, req: Request) {
  const { fields, files } = await readMultipart(req, { maxBytes: ctx.services.config.uploads.maxBytes, maxFiles: 1 });
  const body: Record<string, unknown> = { ...fields };
  if (body.pricePoisha === undefined && body.price !== undefined && body.price !== '') {
    const bdt = Number(body.price);
    body.pricePoisha = Number.isFinite(bdt) ? Math.round(bdt * 100) : body.price;
  }
  if (body.genericName === undefined && body.generic !== undefined) body.genericName = body.generic;
  if (body.nameBn === undefined && body.name_bn !== undefined) body.nameBn = body.name_bn;
  if (body.form === undefined && body.type !== undefined) body.form = body.type;
  if (body.stock === undefined && body.quantity !== undefined) body.stock = body.quantity;
  return { body, image: files.find((f) => f.field === 'image' || f.field === 'images')?.data };
}

export function registerMedicineRoutes(route: RouteFn): void {
  route('get', '/get/medicine', 'public', async (ctx, req) => {
    const page = await ctx.services.medicines.search(ctx.reads, await parseInput(MedicineSearchArgs, req.query), { admin: ctx.user?.role === Role.Admin });
    return {
      success: true, medicines: page.items.map(toSpecMedicine), medicineCount: page.total, resultPerPage: page.pageSize, page: page.page,
      didYouMean: page.didYouMean,
    };
  }, { throttle: 'search-ip' });

  route('get', '/medicine/:id', 'public', async (ctx, req) =>
    ({ success: true, medicine: toSpecMedicine(await ctx.services.medicines.byId(ctx.em, String(req.params.id), { admin: ctx.user?.role === Role.Admin })) }));

  route('post', '/admin/medicine', [Role.Admin], async (ctx, req) => {
    const { body, image } = await medicineBody(ctx, req);
    const medicine = await ctx.services.medicines.create(ctx.em, await parseInput(MedicineInput, body), image);
    return { success: true, medicine: toSpecMedicine(medicine), message: 'Medicine created' };
  }, { pictures: true });

  route('put', '/admin/medicine/:id', [Role.Admin], async (ctx, req) => {
    const { body, image } = await medicineBody(ctx, req);
    const medicine = await ctx.services.medicines.update(ctx.em, String(req.params.id), await parseInput(MedicineUpdateInput, body), image);
    return { success: true, medicine: toSpecMedicine(medicine), message: 'Medicine updated' };
  }, { pictures: true });
}
