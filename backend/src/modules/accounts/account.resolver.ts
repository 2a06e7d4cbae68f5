import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root, registerEnumType } from 'type-graphql';
import { IsOptional, MaxLength } from 'class-validator';
import type { Context } from '../../common/context.js';
import { Throttle, LimitedIn } from '../../common/limits.js';
import { Allow, Public } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { PageArgs, Paginated } from '../../common/pagination.js';
import { GraphQLUpload, readUpload, type FileUpload } from '../../common/upload.js';
import { Gender, User } from './user.entity.js';
import { userForViewer } from './user.read.js';
import { AuthPayload, ChangePasswordInput, LoginInput, SignupInput, UpdateProfileInput } from './account.inputs.js';
import { LOGIN_LIMIT, REFRESH_LIMIT } from './account.service.js';
import { Idempotent } from '../../common/idempotency.js';

@ObjectType()
export class UserPage extends Paginated(User) {}

export enum UserSort {
  newest = 'newest',
  oldest = 'oldest',
  name = 'name',
  email = 'email',
}
registerEnumType(UserSort, { name: 'UserSort' });

/** Account status an admin filters by: has the email or the mobile number been verified (needed to book, hire and order)? */
export enum UserStatus {
  verified = 'verified',
  unverified = 'unverified',
}
registerEnumType(UserStatus, { name: 'UserStatus' });

@ArgsType()
export class UserListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Matches name, email or phone' })
  @IsOptional()
  @MaxLength(100)
  search?: string | null;

  @Field(() => Role, { nullable: true })
  @IsOptional()
  role?: Role | null;

  @Field(() => UserStatus, { nullable: true })
  @IsOptional()
  status?: UserStatus | null;

  @Field(() => UserSort, { nullable: true, defaultValue: UserSort.newest })
  @IsOptional()
  sort?: UserSort | null;
}

@Resolver(() => User)
export class AccountResolver {
  // An account's contact details, birthdate and gender publish userForViewer (user.read.ts).
  @FieldResolver(() => String, { description: 'Empty for an account made with a mobile number alone' })
  email(@Root() u: User, @Ctx() ctx: Context) {
    return userForViewer(u, ctx.user).email;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Bangladeshi mobile number with the leading 0' })
  phone(@Root() u: User, @Ctx() ctx: Context) {
    return userForViewer(u, ctx.user).phone;
  }

  @FieldResolver(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  birthdate(@Root() u: User, @Ctx() ctx: Context) {
    return userForViewer(u, ctx.user).birthdate;
  }

  @FieldResolver(() => Gender, { nullable: true })
  gender(@Root() u: User, @Ctx() ctx: Context) {
    return userForViewer(u, ctx.user).gender;
  }

  @Query(() => User, { description: 'The logged-in user' })
  @Allow()
  me(@Ctx() ctx: Context): Promise<User> {
    return ctx.services.accounts.me(ctx.em, ctx.user!);
  }

  @Mutation(() => User, { description: 'Patient signup; log in afterwards' })
  @Public()
  @Throttle('signup-ip')
  @Idempotent()
  async signup(
    @Arg('input') input: SignupInput,
    @Arg('avatar', () => GraphQLUpload, { nullable: true }) avatar: Promise<FileUpload> | null,
    @Ctx() ctx: Context,
  ): Promise<User> {
    const image = await readUpload(avatar, ctx.services.config.uploads.maxBytes);
    return ctx.services.accounts.signupPatient(ctx.em, input, image);
  }

  @Mutation(() => AuthPayload, { description: 'Patients and admins' })
  @Public()
  @LimitedIn(LOGIN_LIMIT)
  login(@Arg('input') input: LoginInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return ctx.services.accounts.login(ctx.em, input, 'patient', ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: 'Approved doctors; sets the doctor online' })
  @Public()
  @LimitedIn(LOGIN_LIMIT)
  doctorLogin(@Arg('input') input: LoginInput, @Ctx() ctx: Context): Promise<AuthPayload> {
    return ctx.services.accounts.login(ctx.em, input, 'doctor', ctx.ip);
  }

  @Mutation(() => AuthPayload, { description: 'Trades a refresh token for a new pair (the old one stops working)' })
  @Public()
  @LimitedIn(REFRESH_LIMIT)
  refreshSession(@Arg('refreshToken') refreshToken: string, @Ctx() ctx: Context): Promise<AuthPayload> {
    return ctx.services.accounts.refresh(ctx.em, refreshToken);
  }

  @Mutation(() => Boolean, { description: 'Ends this session; a doctor goes offline' })
  @Allow()
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.accounts.logout(ctx.em, ctx.user!);
    return true;
  }

  @Mutation(() => User)
  @Allow()
  updateProfile(@Arg('input') input: UpdateProfileInput, @Ctx() ctx: Context): Promise<User> {
    return ctx.services.accounts.updateProfile(ctx.em, ctx.user!, input);
  }

  @Mutation(() => User)
  @Allow()
  async updateAvatar(@Arg('avatar', () => GraphQLUpload) avatar: Promise<FileUpload>, @Ctx() ctx: Context): Promise<User> {
    const image = await readUpload(avatar, ctx.services.config.uploads.maxBytes);
    return ctx.services.accounts.updateAvatar(ctx.em, ctx.user!, image!);
  }

  @Mutation(() => Boolean)
  @Allow()
  @LimitedIn('needs a live session of the account itself; each try of the old password costs an argon2id hash')
  async changePassword(@Arg('input') input: ChangePasswordInput, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.accounts.changePassword(ctx.em, ctx.user!, input);
    return true;
  }

  @Query(() => UserPage)
  @Allow(Role.Admin)
  users(@Args() args: UserListArgs, @Ctx() ctx: Context) {
    return ctx.services.accounts.listUsers(ctx.em, args);
  }

  @Mutation(() => Boolean, { description: 'Anonymises the account; its orders and prescriptions stay' })
  @Allow(Role.Admin)
  async deleteUser(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.accounts.deleteUser(ctx.em, ctx.user!, id);
    return true;
  }
}
