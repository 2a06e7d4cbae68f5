import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import { IsUUID } from 'class-validator';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { DoctorReview } from './doctor-review.entity.js';
import { DoctorReviewInput } from './review.inputs.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType()
export class DoctorReviewPage extends Paginated(DoctorReview) {}

@ObjectType()
export class ReviewEligibility {
  @Field()
  canReview!: boolean;

  @Field(() => DoctorReview, { nullable: true })
  review!: DoctorReview | null;
}

@ArgsType()
export class DoctorReviewsArgs extends PageArgs {
  @Field(() => ID)
  @IsUUID('all')
  doctorId!: string;
}

@Resolver(() => DoctorReview)
export class ReviewResolver {
  @FieldResolver(() => String, { description: "The reviewer's name" })
  async name(@Root() r: DoctorReview) {
    return (await r.patient.load())!.name;
  }

  @FieldResolver(() => ID)
  doctorId(@Root() r: DoctorReview) {
    return r.doctor.id;
  }

  @Query(() => DoctorReviewPage)
  @Public()
  doctorReviews(@Args() args: DoctorReviewsArgs, @Ctx() ctx: Context) {
    return ctx.services.reviews.listForDoctor(ctx.em, args.doctorId, args);
  }

  @Query(() => ReviewEligibility)
  @Allow(Role.User)
  myDoctorReviewEligibility(@Arg('doctorId', () => ID) doctorId: string, @Ctx() ctx: Context) {
    return ctx.services.reviews.eligibility(ctx.em, ctx.user!, doctorId);
  }

  @Mutation(() => DoctorReview, { description: 'After a finished consultation; once per doctor' })
  @Allow(Role.User)
  @Idempotent()
  reviewDoctor(@Arg('input') input: DoctorReviewInput, @Ctx() ctx: Context) {
    return ctx.services.reviews.create(ctx.em, ctx.user!, input);
  }

  @Mutation(() => DoctorReview)
  @Allow(Role.User)
  updateDoctorReview(@Arg('input') input: DoctorReviewInput, @Ctx() ctx: Context) {
    return ctx.services.reviews.update(ctx.em, ctx.user!, input);
  }
}
