import { Arg, Args, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Throttle } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { localPhone } from '../../common/phone.js';
import { DoctorStatus } from './doctor.enums.js';
import {
  AdminCreateDoctorInput, AdminDoctorListArgs, AdminUpdateDoctorInput, DoctorSearchArgs, DoctorSignupInput, FeeRange, MeetingUrlInput, SpecialityInput, SpecialityUpdateInput,
} from './doctor.inputs.js';
import { Speciality } from './speciality.entity.js';
import { createSpeciality, updateSpeciality } from './speciality.admin.js';
import { DoctorView, doctorViewOfEntity, seesDoctorPrivate, type DoctorContact } from './doctor.read.js';
import type { Ref } from '@mikro-orm/core';
import type { Doctor } from './doctor.entity.js';
import { FEE_OPTIONS, GENDER_OPTIONS, RATING_OPTIONS, STATUS_OPTIONS } from './doctor.service.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType({ description: 'One choice of a /doctors filter; id is the value to send back' })
export class FilterOption {
  @Field(() => ID)
  id!: string;

  @Field()
  title!: string;
}

@ObjectType()
export class DoctorFilterOptions {
  @Field(() => [FilterOption], { description: 'Values of DoctorSearchArgs.feeRanges' })
  fees!: FilterOption[];

  @Field(() => [FilterOption])
  genders!: FilterOption[];

  @Field(() => [FilterOption], { description: 'Values of DoctorSearchArgs.minRating' })
  ratings!: FilterOption[];

  @Field(() => [FilterOption], { description: 'Values of DoctorSearchArgs.online' })
  statuses!: FilterOption[];

  @Field(() => [Speciality])
  specialities!: Speciality[];
}

const feeRangeName = (value: FeeRange) => (Object.keys(FeeRange) as (keyof typeof FeeRange)[]).find((k) => FeeRange[k] === value)!;

@ObjectType()
export class DoctorPage extends Paginated(DoctorView) {
  @Field(() => String, { nullable: true, description: 'A search that found nothing: a spelling that would find something, or null' })
  didYouMean?: string | null;
}

/**
 * The doctor of a record (an appointment, a prescription): from the record's loaded doctor and user
 * when the list read them with it (no statement), else batched for this request (one statement for
 * a whole list).
 */
export function doctorOf(ctx: Context, doctor: Ref<Doctor>): DoctorView | Promise<DoctorView | null> {
  const d = doctor.isInitialized() ? doctor.getEntity() : null;
  if (d && d.user.isInitialized()) return doctorViewOfEntity(d, d.user.getEntity());
  return doctorsById(ctx).load(doctor.id);
}

const doctorsById = (ctx: Context) => ctx.loaders.of('doctor', (ids) => ctx.services.doctors.viewsByIds(ctx.em, ids));

/** A doctor's contact and private fields are for that doctor and for admins (null for anyone else). */
const seesPrivateOf = (ctx: Context, d: DoctorView) => seesDoctorPrivate(ctx.user, d.userId);

/**
 * The contact of a doctor its caller may see: on the view when it was read with the account, else
 * loaded for this request in one statement (the public list's cards are read without it).
 */
async function contactOf(ctx: Context, d: DoctorView): Promise<DoctorContact | null> {
  if (!seesPrivateOf(ctx, d)) return null;
  return d.private.contact ?? (await doctorsById(ctx).load(d.id))?.private.contact ?? null;
}

@Resolver(() => DoctorView)
export class DoctorResolver {
  @FieldResolver(() => String, { nullable: true, description: "The doctor's login email: only the doctor and admins see it (null for anyone else)" })
  async email(@Root() d: DoctorView, @Ctx() ctx: Context) {
    return (await contactOf(ctx, d))?.email ?? null;
  }

  @FieldResolver(() => String, { nullable: true, description: "The doctor's personal phone: only the doctor and admins see it (null for anyone else)" })
  async phone(@Root() d: DoctorView, @Ctx() ctx: Context) {
    const contact = await contactOf(ctx, d);
    return contact ? localPhone(contact.phoneE164) : null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The doctor and admins only' })
  nidNo(@Root() d: DoctorView, @Ctx() ctx: Context) {
    return seesPrivateOf(ctx, d) ? d.private.nidNo : null;
  }

  @FieldResolver(() => String, { nullable: true, description: "The doctor's own video link; the doctor and admins only" })
  meetingUrl(@Root() d: DoctorView, @Ctx() ctx: Context) {
    return seesPrivateOf(ctx, d) ? d.private.meetingUrl : null;
  }

  @Mutation(() => DoctorView, { description: 'Doctor self-registration; pending until an admin approves' })
  @Public()
  @Throttle('signup-ip')
  @Idempotent()
  async doctorSignup(
    @Arg('input') input: DoctorSignupInput,
    @Arg('avatar', () => GraphQLUpload) avatar: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<DoctorView> {
    const image = await readUpload(avatar, ctx.services.config.uploads.maxBytes);
    return ctx.services.doctors.signup(ctx.em, input, image);
  }

  @Query(() => DoctorPage, { description: 'Approved doctors, filtered and paged on the server; a search ranks the best matches first' })
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  @Throttle('search-ip')
  doctors(@Args() args: DoctorSearchArgs, @Ctx() ctx: Context) {
    return ctx.services.doctors.search(ctx.reads, args);
  }

  @Query(() => DoctorView, { description: 'An approved doctor (admins and the doctor also see pending ones)' })
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  doctor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.doctors.publicProfile(ctx.em, id, ctx.user);
  }

  @Query(() => [Speciality], { description: 'The /consultation grid' })
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  specialities(@Ctx() ctx: Context) {
    return ctx.services.doctors.specialities(ctx.em);
  }

  @Mutation(() => Speciality, { description: 'Admins: a new speciality (the /consultation grid and the doctors filter)' })
  @Allow(Role.Admin)
  createSpeciality(@Arg('input') input: SpecialityInput, @Ctx() ctx: Context) {
    return createSpeciality(ctx.em, input);
  }

  @Mutation(() => Speciality, { description: "Admins: a speciality's titles or place; a new title is carried into every doctor's list" })
  @Allow(Role.Admin)
  updateSpeciality(@Arg('id', () => ID) id: string, @Arg('input') input: SpecialityUpdateInput, @Ctx() ctx: Context) {
    return updateSpeciality(ctx.em, id, input);
  }

  @Query(() => DoctorFilterOptions)
  @Public()
  @Scope(IntegratorScope.CATALOG_READ)
  async doctorFilterOptions(@Ctx() ctx: Context): Promise<DoctorFilterOptions> {
    return {
      // The GraphQL enum's names, as DoctorSearchArgs.feeRanges takes them: the ids round-trip unchanged.
      // (The REST door's /fees keeps the earlier values, 0-500 and so on, which /doctors?fees= reads.)
      fees: FEE_OPTIONS.map((o) => ({ id: feeRangeName(o.id as FeeRange), title: o.title })),
      genders: GENDER_OPTIONS, ratings: RATING_OPTIONS, statuses: STATUS_OPTIONS,
      specialities: await ctx.services.doctors.specialities(ctx.em),
    };
  }

  @Query(() => DoctorPage, { description: 'Every doctor, for admins' })
  @Allow(Role.Admin)
  allDoctors(@Args() args: AdminDoctorListArgs, @Ctx() ctx: Context) {
    return ctx.services.doctors.adminList(ctx.em, args);
  }

  @Mutation(() => DoctorView, { description: 'An admin adds an approved doctor' })
  @Allow(Role.Admin)
  async createDoctor(
    @Arg('input') input: AdminCreateDoctorInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.doctors.adminCreate(ctx.em, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => DoctorView)
  @Allow(Role.Admin)
  async updateDoctor(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: AdminUpdateDoctorInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.doctors.adminUpdate(ctx.em, id, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => DoctorView, { description: 'Update Video Link' })
  @Allow(Role.Doctor)
  setMeetingUrl(@Arg('input') input: MeetingUrlInput, @Ctx() ctx: Context) {
    return ctx.services.doctors.setMeetingUrl(ctx.em, ctx.user!, input.url);
  }

  @Query(() => DoctorView, { description: "The logged-in doctor's profile" })
  @Allow(Role.Doctor)
  myDoctorProfile(@Ctx() ctx: Context) {
    return ctx.services.doctors.myProfile(ctx.em, ctx.user!);
  }

  @Mutation(() => DoctorView, { description: 'The online switch on the doctor screens' })
  @Allow(Role.Doctor)
  setDoctorOnline(@Arg('online') online: boolean, @Ctx() ctx: Context) {
    return ctx.services.doctors.setOnline(ctx.em, ctx.user!, online);
  }

  @Query(() => DoctorPage)
  @Allow(Role.Admin)
  pendingDoctors(@Args() args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.doctors.listByStatus(ctx.em, DoctorStatus.Pending, args);
  }

  @Mutation(() => DoctorView)
  @Allow(Role.Admin)
  approveDoctor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.doctors.review(ctx.em, id, DoctorStatus.Approved);
  }

  @Mutation(() => DoctorView)
  @Allow(Role.Admin)
  rejectDoctor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.doctors.review(ctx.em, id, DoctorStatus.Rejected);
  }
}
