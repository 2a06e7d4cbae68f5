import { Arg, Args, Ctx, Field, FieldResolver, Float, ID, Mutation, ObjectType, Query, Resolver, Root, type MiddlewareFn, UseMiddleware } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { Gender } from '../accounts/user.entity.js';
import { localPhone } from '../../common/phone.js';
import { Doctor } from './doctor.entity.js';
import { DoctorStatus } from './doctor.enums.js';
import {
  AdminCreateDoctorInput, AdminDoctorListArgs, AdminUpdateDoctorInput, DoctorSearchArgs, DoctorSignupInput, MeetingUrlInput,
} from './doctor.inputs.js';
import { Speciality } from './speciality.entity.js';
import { identityField, type DoctorCard } from './doctor.read.js';
import { FEE_OPTIONS, GENDER_OPTIONS, RATING_OPTIONS, STATUS_OPTIONS } from './doctor.service.js';

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

@ObjectType()
export class DoctorPage extends Paginated(Doctor) {}

/** Private fields of a doctor (NID, personal meeting link): the doctor and admins only; null for others. */
const selfOrAdmin: MiddlewareFn<Context> = async ({ root, context }, next) => {
  const doctor = root as Doctor | DoctorCard;
  const user = context.user;
  if (!user || (user.role !== Role.Admin && user.id !== doctor.user.id)) return null;
  return next();
};

/** A doctor's personal contact is for that doctor and for admins. */
const seesContactOf = (ctx: Context, d: Doctor | DoctorCard) =>
  ctx.user?.role === Role.Admin || (!!ctx.user && ctx.user.id === d.user.id);

@Resolver(() => Doctor)
export class DoctorResolver {
  // Identity fields come from the user row: joined into the public list's plain cards, or through
  // the entity's Reference.load(), batched by MikroORM's dataloader (one extra query per list at most).
  @FieldResolver(() => String)
  name(@Root() d: Doctor | DoctorCard) {
    return identityField(d, 'name');
  }

  @FieldResolver(() => String, { nullable: true, description: "The doctor's login email: only the doctor and admins see it (null for anyone else)" })
  email(@Root() d: Doctor | DoctorCard, @Ctx() ctx: Context) {
    return seesContactOf(ctx, d) ? identityField(d, 'email') : null;
  }

  @FieldResolver(() => String, { nullable: true })
  avatarUrl(@Root() d: Doctor | DoctorCard) {
    return identityField(d, 'avatarUrl');
  }

  @FieldResolver(() => Gender, { nullable: true })
  gender(@Root() d: Doctor | DoctorCard) {
    return identityField(d, 'gender');
  }

  @FieldResolver(() => String, { nullable: true, description: "The doctor's personal phone: only the doctor and admins see it (null for anyone else)" })
  phone(@Root() d: Doctor | DoctorCard, @Ctx() ctx: Context) {
    if (!seesContactOf(ctx, d)) return null;
    const e164 = identityField(d, 'phoneE164');
    return e164 instanceof Promise ? e164.then(localPhone) : localPhone(e164);
  }

  // A resolver, not a getter field: type-graphql rebuilds a Doctor instance from plain roots for getter fields.
  @FieldResolver(() => Float, { description: 'Average rating out of 5, to one decimal; 0 with no reviews' })
  rating(@Root() d: Doctor | DoctorCard) {
    return d.rating;
  }

  @FieldResolver(() => Number, { description: 'Fee in whole BDT, for display; feePoisha is exact' })
  fees(@Root() d: Doctor | DoctorCard) {
    return d.feePoisha / 100;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The doctor and admins only' })
  @UseMiddleware(selfOrAdmin)
  nidNo(@Root() d: Doctor | DoctorCard) {
    return d.nidNo;
  }

  @FieldResolver(() => String, { nullable: true, description: "The doctor's own video link; the doctor and admins only" })
  @UseMiddleware(selfOrAdmin)
  meetingUrl(@Root() d: Doctor | DoctorCard) {
    return d.meetingUrl ?? null;
  }

  @Mutation(() => Doctor, { description: 'Doctor self-registration; pending until an admin approves' })
  @Public()
  async doctorSignup(
    @Arg('input') input: DoctorSignupInput,
    @Arg('avatar', () => GraphQLUpload) avatar: Promise<FileUpload>,
    @Ctx() ctx: Context,
  ): Promise<Doctor> {
    const image = await readUpload(avatar, ctx.services.config.uploads.maxBytes);
    return ctx.services.doctors.signup(ctx.em, input, image);
  }

  @Query(() => DoctorPage, { description: 'Approved doctors, filtered and paged on the server' })
  @Public()
  doctors(@Args() args: DoctorSearchArgs, @Ctx() ctx: Context) {
    return ctx.services.doctors.search(ctx.em, args);
  }

  @Query(() => Doctor, { description: 'An approved doctor (admins and the doctor also see pending ones)' })
  @Public()
  doctor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.doctors.publicProfile(ctx.em, id, ctx.user);
  }

  @Query(() => [Speciality], { description: 'The /consultation grid' })
  @Public()
  specialities(@Ctx() ctx: Context) {
    return ctx.services.doctors.specialities(ctx.em);
  }

  @Query(() => DoctorFilterOptions)
  @Public()
  async doctorFilterOptions(@Ctx() ctx: Context): Promise<DoctorFilterOptions> {
    return {
      fees: FEE_OPTIONS, genders: GENDER_OPTIONS, ratings: RATING_OPTIONS, statuses: STATUS_OPTIONS,
      specialities: await ctx.services.doctors.specialities(ctx.em),
    };
  }

  @Query(() => DoctorPage, { description: 'Every doctor, for admins' })
  @Allow(Role.Admin)
  allDoctors(@Args() args: AdminDoctorListArgs, @Ctx() ctx: Context) {
    return ctx.services.doctors.adminList(ctx.em, args);
  }

  @Mutation(() => Doctor, { description: 'An admin adds an approved doctor' })
  @Allow(Role.Admin)
  async createDoctor(
    @Arg('input') input: AdminCreateDoctorInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.doctors.adminCreate(ctx.em, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => Doctor)
  @Allow(Role.Admin)
  async updateDoctor(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: AdminUpdateDoctorInput,
    @Arg('image', () => GraphQLUpload, { nullable: true }) image: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.doctors.adminUpdate(ctx.em, id, input, await readUpload(image, ctx.services.config.uploads.maxBytes));
  }

  @Mutation(() => Doctor, { description: 'Update Video Link' })
  @Allow(Role.Doctor)
  setMeetingUrl(@Arg('input') input: MeetingUrlInput, @Ctx() ctx: Context) {
    return ctx.services.doctors.setMeetingUrl(ctx.em, ctx.user!, input.url);
  }

  @Query(() => Doctor, { description: "The logged-in doctor's profile" })
  @Allow(Role.Doctor)
  myDoctorProfile(@Ctx() ctx: Context) {
    return ctx.services.doctors.myProfile(ctx.em, ctx.user!);
  }

  @Mutation(() => Doctor, { description: 'The online switch on the doctor screens' })
  @Allow(Role.Doctor)
  setDoctorOnline(@Arg('online') online: boolean, @Ctx() ctx: Context) {
    return ctx.services.doctors.setOnline(ctx.em, ctx.user!, online);
  }

  @Query(() => DoctorPage)
  @Allow(Role.Admin)
  pendingDoctors(@Args() args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.doctors.listByStatus(ctx.em, DoctorStatus.Pending, args);
  }

  @Mutation(() => Doctor)
  @Allow(Role.Admin)
  approveDoctor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.doctors.review(ctx.em, id, DoctorStatus.Approved);
  }

  @Mutation(() => Doctor)
  @Allow(Role.Admin)
  rejectDoctor(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.doctors.review(ctx.em, id, DoctorStatus.Rejected);
  }
}
