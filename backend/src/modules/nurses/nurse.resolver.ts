import { Arg, Args, Ctx, Field, FieldResolver, Float, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { CANCEL_HIRE_LIMIT, HIRE_LIMIT } from './nurse.service.js';
import { LimitedIn } from '../../common/limits.js';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated, AdminPageArgs } from '../../common/pagination.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { badInput, notFound } from '../../common/errors.js';
import { Nurse } from './nurse.entity.js';
import { NurseReview } from './nurse-review.entity.js';
import { NurseHire } from './nurse-hire.entity.js';
import { NurseHireStatus } from './nurse.enums.js';
import { MyNurseHireArgs, NurseHireInput, NurseHireListArgs, NurseInput, NurseListArgs, NurseReviewInput } from './nurse.inputs.js';
import { CareRecipient } from '../family/index.js';
import { loadHireForViewer, nurseForViewer, type HireForViewer } from './nurse.read.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType()
export class NursePage extends Paginated(Nurse) {}

@ObjectType()
export class NurseReviewPage extends Paginated(NurseReview) {}

@ObjectType()
export class NurseHirePage extends Paginated(NurseHire) {}

@ObjectType()
export class NurseReviewEligibility {
  @Field()
  canReview!: boolean;

  @Field(() => String, { nullable: true, description: 'NOT_A_PATIENT, NO_COMPLETED_HIRE or ALREADY_REVIEWED' })
  reason!: string | null;

  @Field(() => NurseReview, { nullable: true, description: "The caller's own review, to edit" })
  review!: NurseReview | null;
}

@ObjectType()
export class NurseDeletion {
  @Field(() => ID)
  id!: string;

  @Field({ description: 'Open hires (Processing or Confirmed) that were cancelled with the nurse' })
  cancelledHires!: number;
}

export async function readImages(ctx: Context, uploads: Promise<FileUpload>[] | null | undefined): Promise<Buffer[]> {
  const list = uploads ?? [];
  if (list.length > ctx.services.config.uploads.maxFiles) throw badInput(`At most ${ctx.services.config.uploads.maxFiles} images`, undefined, 'TOO_MANY_FILES', { max: ctx.services.config.uploads.maxFiles });
  const out: Buffer[] = [];
  for (const u of list) {
    const data = await readUpload(u, ctx.services.config.uploads.maxBytes);
    if (data) out.push(data);
  }
  return out;
}

@Resolver(() => NurseReview)
export class NurseReviewResolver {
  @FieldResolver(() => String, { description: "The reviewer's name" })
  async name(@Root() r: NurseReview) {
    return (await r.user.load())!.name;
  }

  @FieldResolver(() => ID)
  nurseId(@Root() r: NurseReview) {
    return r.nurse.id;
  }
}

/**
 * A hire's fields publish hireForViewer (nurse.read.ts): this resolver never decides who sees what.
 * The service answers a hire only to a viewer who may read it, so the view is there for every field.
 */
const hireView = async (h: NurseHire, ctx: Context): Promise<HireForViewer> => {
  // Should a later door hand a hire to someone else, it is refused like a hire they may not read
  // (a coded answer), never a null dereference answered as a server error.
  const view = await loadHireForViewer(h, ctx.user);
  if (!view) throw notFound('Hire');
  return view;
};

@Resolver(() => NurseHire)
export class NurseHireResolver {
  @FieldResolver(() => ID)
  nurseId(@Root() h: NurseHire) {
    return h.nurse.id;
  }

  @FieldResolver(() => Int, { description: 'The fee agreed at hiring, in poisha' })
  async feePoisha(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).feePoisha;
  }

  @FieldResolver(() => Number, { description: 'Fee in BDT, for display' })
  async fees(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).fees;
  }

  @FieldResolver(() => String, { description: 'Contact number with the leading 0' })
  async phone(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).phone;
  }

  // Batched by MikroORM's dataloader; the lists populate the patient up front.
  @FieldResolver(() => String)
  async patientName(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).patientName;
  }

  @FieldResolver(() => String)
  async patientEmail(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).patientEmail;
  }

  @FieldResolver(() => CareRecipient, { description: 'Who the nurse visits: the account holder or one of their family members' })
  async careFor(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).careFor;
  }

  @FieldResolver(() => [NurseHireStatus], { description: 'The statuses the caller may move this hire to now (its patient: Cancelled while open; admins: the workflow)' })
  async nextStatuses(@Root() h: NurseHire, @Ctx() ctx: Context) {
    return (await hireView(h, ctx)).nextStatuses;
  }
}

@Resolver(() => Nurse)
export class NurseResolver {
  // A nurse's contact details and fee publish nurseForViewer (nurse.read.ts).
  @FieldResolver(() => Int, { description: 'Fee per visit in poisha (1 BDT = 100 poisha)' })
  feePoisha(@Root() n: Nurse, @Ctx() ctx: Context) {
    return nurseForViewer(n, ctx.user).feePoisha;
  }

  @FieldResolver(() => Float, { description: 'Fee in BDT, for display; feePoisha is exact' })
  fees(@Root() n: Nurse, @Ctx() ctx: Context) {
    return nurseForViewer(n, ctx.user).fees;
  }

  @FieldResolver(() => String, { description: 'Bangladeshi mobile number with the leading 0' })
  phone(@Root() n: Nurse, @Ctx() ctx: Context) {
    return nurseForViewer(n, ctx.user).phone;
  }

  @FieldResolver(() => String)
  email(@Root() n: Nurse, @Ctx() ctx: Context) {
    return nurseForViewer(n, ctx.user).email;
  }

  @Query(() => NursePage, { description: 'Home-care nurses, optionally in one location' })
  @Public()
  nurses(@Args() args: NurseListArgs, @Ctx() ctx: Context) {
    return ctx.services.nurses.list(ctx.em, args);
  }

  @Query(() => Nurse)
  @Public()
  nurse(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.nurses.get(ctx.em, id);
  }

  @Query(() => NurseReviewPage)
  @Public()
  nurseReviews(@Arg('nurseId', () => ID) nurseId: string, @Args() args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.nurses.reviews(ctx.em, nurseId, args);
  }

  @Query(() => NurseReviewEligibility, { description: 'Whether the caller may review this nurse now, and their own review' })
  @Allow()
  nurseReviewEligibility(@Arg('nurseId', () => ID) nurseId: string, @Ctx() ctx: Context) {
    return ctx.services.nurses.reviewEligibility(ctx.em, ctx.user!, nurseId);
  }

  @Mutation(() => NurseReview, { description: 'One review per patient per nurse, after a completed hire' })
  @Allow(Role.User)
  @Idempotent()
  createNurseReview(@Arg('input') input: NurseReviewInput, @Ctx() ctx: Context) {
    return ctx.services.nurses.createReview(ctx.em, ctx.user!, input);
  }

  @Mutation(() => NurseReview, { description: "Edits the caller's own review" })
  @Allow(Role.User)
  updateNurseReview(@Arg('input') input: NurseReviewInput, @Ctx() ctx: Context) {
    return ctx.services.nurses.updateReview(ctx.em, ctx.user!, input);
  }

  @Mutation(() => NurseHire, { description: 'The fee comes from the nurse, never from the client' })
  @Allow(Role.User)
  @LimitedIn(HIRE_LIMIT)
  @Idempotent()
  hireNurse(@Arg('input') input: NurseHireInput, @Ctx() ctx: Context) {
    return ctx.services.nurses.hire(ctx.em, ctx.user!, input);
  }

  @Query(() => NurseHirePage)
  @Allow(Role.User)
  myNurseHires(@Args() args: MyNurseHireArgs, @Ctx() ctx: Context) {
    return ctx.services.nurses.myHires(ctx.em, ctx.user!, args);
  }

  @Mutation(() => NurseHire, { description: 'A patient cancels their own open hire' })
  @Allow(Role.User)
  @LimitedIn(CANCEL_HIRE_LIMIT)
  cancelMyNurseHire(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.nurses.setHireStatus(ctx.em, ctx.user!, id, NurseHireStatus.Cancelled);
  }

  @Query(() => NursePage)
  @Allow(Role.Admin)
  adminNurses(@Args() args: AdminPageArgs, @Ctx() ctx: Context) {
    return ctx.services.nurses.adminList(ctx.em, args);
  }

  @Mutation(() => Nurse)
  @Allow(Role.Admin)
  async createNurse(
    @Arg('input') input: NurseInput,
    @Arg('images', () => [GraphQLUpload], { nullable: true }) images: Promise<FileUpload>[] | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.nurses.create(ctx.em, input, await readImages(ctx, images));
  }

  @Mutation(() => Nurse, { description: 'Images, when sent, replace the old ones' })
  @Allow(Role.Admin)
  async updateNurse(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: NurseInput,
    @Arg('images', () => [GraphQLUpload], { nullable: true }) images: Promise<FileUpload>[] | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.nurses.update(ctx.em, id, input, await readImages(ctx, images));
  }

  @Mutation(() => NurseDeletion, { description: 'Hides the nurse and cancels their open hires; history stays' })
  @Allow(Role.Admin)
  async deleteNurse(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<NurseDeletion> {
    const { cancelledHires } = await ctx.services.nurses.delete(ctx.em, id);
    return { id, cancelledHires };
  }

  @Query(() => NurseHirePage)
  @Allow(Role.Admin)
  nurseHires(@Args() args: NurseHireListArgs, @Ctx() ctx: Context) {
    return ctx.services.nurses.adminHires(ctx.em, args);
  }

  @Mutation(() => NurseHire, { description: 'Processing → Confirmed → Completed, or Cancelled while open' })
  @Allow(Role.Admin)
  setNurseHireStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => NurseHireStatus) status: NurseHireStatus,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.nurses.setHireStatus(ctx.em, ctx.user!, id, status);
  }
}
