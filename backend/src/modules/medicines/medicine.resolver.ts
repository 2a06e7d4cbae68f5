import { Arg, Args, Ctx, Field, ID, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { Paginated } from '../../common/pagination.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { MedicineView } from './medicine.read.js';
import { MedicineInput, MedicineSearchArgs, MedicineStockInput, MedicineUpdateInput } from './medicine.inputs.js';
import { IntegratorScope, OrganisationKind, Scope } from '../../common/scopes.js';
import { forbidden } from '../../common/errors.js';
import { Throttle } from '../../common/limits.js';

@ObjectType()
export class MedicinePage extends Paginated(MedicineView) {
  @Field(() => String, { nullable: true, description: 'A keyword that found nothing: a spelling that would find something, or null' })
  didYouMean?: string | null;
}

@Resolver(() => MedicineView)
export class MedicineResolver {
  @Query(() => MedicinePage, { description: 'The catalogue: search by brand (Latin or Bangla script), generic or company, best matches first' })
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  @Throttle('search-ip')
  medicines(@Args() args: MedicineSearchArgs, @Ctx() ctx: Context) {
    return ctx.services.medicines.search(ctx.reads, args, { admin: ctx.user?.role === Role.Admin });
  }

  @Query(() => MedicineView)
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  medicine(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.medicines.byId(ctx.em, id, { admin: ctx.user?.role === Role.Admin });
  }

  @Mutation(() => MedicineView)
  @Allow(Role.Admin)
  async createMedicine(
    @Arg('input') input: MedicineInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.medicines.create(ctx.em, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => MedicineView)
  @Allow(Role.Admin)
  async updateMedicine(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: MedicineUpdateInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.medicines.update(ctx.em, id, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => MedicineView, { description: "Stock on hand and price of a medicine: admins, and the pharmacy partner's app (stock:write)" })
  @Allow(Role.Admin)
  @Scope(IntegratorScope.STOCK_WRITE)
  updateMedicineStock(@Arg('id', () => ID) id: string, @Arg('input') input: MedicineStockInput, @Ctx() ctx: Context) {
    // Only an app acting for the pharmacy keeps its stock (createIntegratorApp holds to it too).
    if (ctx.integrator && ctx.integrator.organisationKind !== OrganisationKind.PHARMACY) {
      throw forbidden('Only the pharmacy partner\'s app keeps stock', 'NOT_YOUR_ORGANISATION');
    }
    return ctx.services.medicines.update(ctx.em, id, { stock: input.stock, pricePoisha: input.pricePoisha });
  }
}
