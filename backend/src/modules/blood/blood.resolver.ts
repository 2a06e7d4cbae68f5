import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { Arg, Args, Ctx, Field, FieldResolver, ID, Info, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { forbidden } from '../../common/errors.js';
import { AdminPageArgs, Paginated } from '../../common/pagination.js';
import { DhakaArea } from '../../common/dhaka-area.js';
import { BloodDonor, BloodRequest } from './blood.entity.js';
import { BloodGroup, DONATION_INTERVAL_DAYS } from './blood.enums.js';
import { BloodDonorInput, BloodRequestAccessInput, BloodRequestInput } from './blood.inputs.js';

@ObjectType({ description: 'A donor who matches a blood request; contact details for the requester only' })
export class EligibleDonor {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  /** Kept in the published schema for now; asking for it is refused (EligibleDonorResolver.email). */
  @Field()
  email!: string;

  /** Kept in the published schema for now; asking for it is refused (EligibleDonorResolver.phone). */
  @Field()
  phone!: string;

  @Field(() => BloodGroup)
  group!: BloodGroup;

  @Field(() => DhakaArea)
  area!: DhakaArea;

  @Field(() => String, { nullable: true })
  lastDonationDate!: string | null;

  @Field(() => Int, { nullable: true })
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

/**
 * Donors' contact details are no longer handed out: Nirog notifies the matched donors, who call the
 * requester. The two fields stay in the schema (String!, so an empty or masked value would be a lie
 * and null is not allowed); a query that asks for them gets a FORBIDDEN error naming the reason
 * instead of a donor's email or phone, for everyone, admins included.
 */
const contactsPrivate = () =>
  forbidden("Donors' contact details are private: Nirog has sent your request to the matched donors, and a donor who can give will call you", 'DONOR_CONTACT_PRIVATE');

/**
 * Whether a requestBlood selection asks for donors' email or phone (through fragments too). Such a
 * request is refused before anything is stored or sent: a client built for the old answer gets the
 * reason at once instead of filing the request (and alerting donors) and then failing on the field.
 */
function asksForDonorContacts(info: GraphQLResolveInfo): boolean {
  const fieldsNamed = (sets: readonly (SelectionSetNode | undefined)[], name: string): FieldNode[] => {
    const out: FieldNode[] = [];
    const visit = (set: SelectionSetNode | undefined, seen: Set<string>) => {
      for (const sel of set?.selections ?? []) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value === name) out.push(sel);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          visit(sel.selectionSet, seen);
        } else if (!seen.has(sel.name.value)) {
          seen.add(sel.name.value);
          visit(info.fragments[sel.name.value]?.selectionSet, seen);
        }
      }
    };
    for (const set of sets) visit(set, new Set());
    return out;
  };
  const donors = fieldsNamed(info.fieldNodes.map((f) => f.selectionSet), 'donors');
  const sets = donors.map((d) => d.selectionSet);
  return fieldsNamed(sets, 'email').length > 0 || fieldsNamed(sets, 'phone').length > 0;
}

@Resolver(() => EligibleDonor)
export class EligibleDonorResolver {
  @FieldResolver(() => String)
  email(): string {
    throw contactsPrivate();
  }

  @FieldResolver(() => String)
  phone(): string {
    throw contactsPrivate();
  }
}

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
  requestBlood(@Arg('input') input: BloodRequestInput, @Ctx() ctx: Context, @Info() info: GraphQLResolveInfo) {
    if (asksForDonorContacts(info)) throw contactsPrivate();
    return ctx.services.blood.createRequest(ctx.em, ctx.user, input, ctx.ip);
  }

  @Query(() => [EligibleDonor], { description: 'The requester (account or access token) and admins only' })
  @Public()
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

