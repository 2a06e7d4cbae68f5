import { Arg, Args, Ctx, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Paginated } from '../../common/pagination.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { Medicine } from './medicine.entity.js';
import type { MedicineCard } from './medicine.read.js';
import { MedicineInput, MedicineSearchArgs, MedicineUpdateInput } from './medicine.inputs.js';

@ObjectType()
export class MedicinePage extends Paginated(Medicine) {}

@Resolver(() => Medicine)
export class MedicineResolver {
  @FieldResolver(() => Number, { description: 'Price of one unit in BDT, for display; pricePoisha is exact' })
  price(@Root() m: Medicine | MedicineCard) {
    return m.pricePoisha / 100;
  }

  // A resolver, not a getter field: type-graphql rebuilds a Medicine instance from plain roots for getter fields.
  @FieldResolver(() => Boolean)
  inStock(@Root() m: Medicine | MedicineCard) {
    return m.stock > 0;
  }

  @Query(() => MedicinePage, { description: 'The catalogue: search by brand, generic or company' })
  @Public()
  medicines(@Args() args: MedicineSearchArgs, @Ctx() ctx: Context) {
    return ctx.services.medicines.search(ctx.em, args, { admin: ctx.user?.role === Role.Admin });
  }

  @Query(() => Medicine)
  @Public()
  medicine(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.medicines.byId(ctx.em, id, { admin: ctx.user?.role === Role.Admin });
  }

  @Mutation(() => Medicine)
  @Allow(Role.Admin)
  async createMedicine(
    @Arg('input') input: MedicineInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.medicines.create(ctx.em, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => Medicine)
  @Allow(Role.Admin)
  async updateMedicine(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: MedicineUpdateInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.medicines.update(ctx.em, id, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }
}
