import { Arg, Args, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Throttle, LimitedIn } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { AdminPageArgs, Paginated } from '../../common/pagination.js';
import { DhakaArea } from '../../common/dhaka-area.js';
import { BloodDonor, BloodRequest } from './blood.entity.js';
import { BloodGroup, DONATION_INTERVAL_DAYS } from './blood.enums.js';
import { BloodDonorInput, BloodRequestAccessInput, BloodRequestInput } from './blood.inputs.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType({ description: 'A donor who matches a blood request; Nirog relays the request to them. Their contacts are never shown, and only admins see who they are' })
export class EligibleDonor {
  @Field(() => ID, { description: "Admins: the donor's registry id. The requester: an id for this donor within this request only" })
  id!: string;

  @Field({ description: "Admins: the donor's name. The requester: \"Donor 1\", \"Donor 2\"… (a donor who can give calls and introduces themselves)" })
  name!: string;

  // Donors' contacts are never handed out: Nirog relays the request to the matched donors, who call
  // the requester. The fields stay for clients built on the old answer, always null.
  @Field(() => String, { nullable: true, deprecationReason: 'Donors are contacted through Nirog (mail and SMS); always null' })
  email!: null;

  @Field(() => String, { nullable: true, deprecationReason: 'Donors are contacted through Nirog (mail and SMS); always null' })
  phone!: null;

  @Field(() => BloodGroup)
  group!: BloodGroup;

  @Field(() => DhakaArea)
  area!: DhakaArea;

  @Field(() => String, { nullable: true, description: 'Admins only (null for the requester)' })
  lastDonationDate!: string | null;

  @Field(() => Int, { nullable: true, description: 'Admins only (null for the requester)' })
  daysSinceLastDonation!: number | null;
}

@ObjectType()
export class BloodRequestReceipt {
  @Field(() => BloodRequest)
  request!: BloodRequest;

  @Field({ description: 'Shown once: keep it to see the matching donors again (bloodRequestDonors)' })
  accessToken!: string;

  @Field(() => [EligibleDonor])
  donors!: EligibleDonor[];
}

@ObjectType()
export class BloodRequestPage extends Paginated(BloodRequest) {}

@Resolver(() => BloodDonor)
export class BloodDonorResolver {
  @FieldResolver(() => Boolean, { description: `True when the last donation was at least ${DONATION_INTERVAL_DAYS} days ago (or never)` })
  eligibleNow(@Root() d: BloodDonor, @Ctx() ctx: Context) {
    return ctx.services.blood.isEligible(d);
  }
}

@Resolver()
export class BloodResolver {
  // The matched donors are notified by mail and SMS (bloodRequest.created); the answer lists them without contacts.
  @Mutation(() => BloodRequestReceipt, { description: 'Anyone may ask for blood; the answer lists eligible donors' })
  @Public()
  @Throttle('blood-ip')
  @Idempotent()
  requestBlood(@Arg('input') input: BloodRequestInput, @Ctx() ctx: Context) {
    return ctx.services.blood.createRequest(ctx.em, ctx.user, input, ctx.ip);
  }

  @Query(() => [EligibleDonor], { description: 'The requester (account or access token) and admins only' })
  @Public()
  @LimitedIn('the access token is a 192-bit secret handed to the requester once')
  bloodRequestDonors(@Arg('input') input: BloodRequestAccessInput, @Ctx() ctx: Context) {
    return ctx.services.blood.donorsFor(ctx.em, ctx.user, input.requestId, input.accessToken);
  }

  @Query(() => BloodRequestPage)
  @Allow(Role.Admin)
  bloodRequests(@Args() args: AdminPageArgs, @Ctx() ctx: Context) {
    return ctx.services.blood.adminRequests(ctx.em, args);
  }

  @Mutation(() => BloodDonor, { description: 'Joins the donor registry, or updates the entry' })
  @Allow(Role.User, Role.Doctor, Role.Admin)
  registerBloodDonor(@Arg('input') input: BloodDonorInput, @Ctx() ctx: Context) {
    return ctx.services.blood.registerDonor(ctx.em, ctx.user!, input);
  }

  @Query(() => BloodDonor, { nullable: true })
  @Allow()
  myBloodDonor(@Ctx() ctx: Context) {
    return ctx.services.blood.myDonorProfile(ctx.em, ctx.user!);
  }
}

