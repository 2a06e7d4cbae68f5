import type { Request } from 'express';
import { IsOptional } from 'class-validator';
import type { RouteFn } from '../../common/rest.js';
import { prefixedPhone, readMultipart } from '../../common/rest.js';
import { picture } from '../../common/rest-images.js';
import { parseInput } from '../../common/input.js';
import { badInput } from '../../common/errors.js';
import { Role, type AuthUser } from '../../common/roles.js';
import { userForViewer } from './user.read.js';
import { csvExport } from '../../common/csv-export.js';
import type { Context } from '../../common/context.js';
import type { User } from './user.entity.js';
import { ChangePasswordInput, LoginInput, SignupInput, UpdateProfileInput } from './account.inputs.js';
import { UserListArgs } from './account.resolver.js';
import { LOGIN_LIMIT, REFRESH_LIMIT, type IssuedTokens } from './account.service.js';

/**
 * The session user as the earlier app's clients read it (`avatar.url`, `_id`, `phone` without its
 * leading 0), reshaping userForViewer (user.read.ts) for the caller.
 */
export function toSpecUser(u: User, viewer: AuthUser | null) {
  const seen = userForViewer(u, viewer);
  return {
    _id: u.id,
    id: u.id,
    name: u.name,
    email: seen.email,
    role: u.role,
    avatar: picture(u.avatarUrl, 'user'),
    gender: seen.gender,
    phone: prefixedPhone(seen.phone),
    birthdate: seen.birthdate,
    emailVerified: u.emailVerified,
    phoneVerified: u.phoneVerified,
    createdAt: u.createdAt,
  };
}

const loginBody = (t: IssuedTokens) => ({
  success: true, token: t.token, refreshToken: t.refreshToken, expiresIn: t.expiresIn, user: toSpecUser(t.user, null),
});

/**
 * The earlier client's two profile forms (spec §3): /user/updateinfo sends name, gender, phone and
 * birthdate; /user/update/profile sends name, email, gender and phone, and no birthdate. A birthdate
 * left out stays as it is. (The email such a form sends is not taken: Nirog changes no address here.)
 */
class EarlierProfileInput extends UpdateProfileInput {
  @IsOptional() declare birthdate: string;
}

const limits = (ctx: Context) => ({ maxBytes: ctx.services.config.uploads.maxBytes, maxFiles: 1 });
const firstFile = (files: { field: string; data: Buffer }[], field: string) => files.find((f) => f.field === field)?.data;

export function registerAccountRoutes(route: RouteFn): void {
  route('post', '/register', 'public', async (ctx, req) => {
    const { fields, files } = await readMultipart(req, limits(ctx));
    const input = await parseInput(SignupInput, fields);
    const user = await ctx.services.accounts.signupPatient(ctx.em, input, firstFile(files, 'avatar'));
    return { success: true, userId: user.id, message: 'Account create successfully' };
  }, { pictures: true, throttle: 'signup-ip', idempotent: true });

  // The REST door's logins serve the earlier app's clients, which keep one token and never refresh:
  // their token lives as long as the session (account.service login, opts.rest).
  route('post', '/login', 'public', async (ctx, req) =>
    loginBody(await ctx.services.accounts.login(ctx.em, await parseInput(LoginInput, req.body), 'patient', ctx.ip, { rest: true })), { limitedIn: LOGIN_LIMIT });

  route('post', '/login/doctor', 'public', async (ctx, req) =>
    loginBody(await ctx.services.accounts.login(ctx.em, await parseInput(LoginInput, req.body), 'doctor', ctx.ip, { rest: true })), { limitedIn: LOGIN_LIMIT });

  route('post', '/token/refresh', 'public', async (ctx, req) => {
    const token = (req.body as { refreshToken?: unknown })?.refreshToken;
    if (typeof token !== 'string') throw badInput('refreshToken is required');
    return loginBody(await ctx.services.accounts.refresh(ctx.em, token));
  }, { limitedIn: REFRESH_LIMIT });

  const logout = async (ctx: Context) => {
    await ctx.services.accounts.logout(ctx.em, ctx.user!);
    return { success: true, message: 'Logged out' };
  };
  route('put', '/logout/doctor', [Role.Doctor], logout);
  route('post', '/logout', 'authenticated', logout);
  route('put', '/logout', 'authenticated', logout);

  route('get', '/currentUserDetails', 'authenticated', async (ctx) =>
    ({ success: true, user: toSpecUser(await ctx.services.accounts.me(ctx.em, ctx.user!), ctx.user) }));

  // The earlier profile form sends its avatar (a data URL) with the other fields: both are saved.
  route('put', '/update/currentUserdetails', 'authenticated', async (ctx, req) => {
    const { fields, files } = await readMultipart(req, limits(ctx));
    const input = await parseInput(EarlierProfileInput, fields);
    let user = await ctx.services.accounts.updateProfile(ctx.em, ctx.user!, input);
    const image = firstFile(files, 'avatar');
    if (image) user = await ctx.services.accounts.updateAvatar(ctx.em, ctx.user!, image);
    return { success: true, user: toSpecUser(user, ctx.user), message: 'Your Info Updated' };
  }, { pictures: true });

  route('put', '/update/avatar', 'authenticated', async (ctx, req) => {
    const { files } = await readMultipart(req, limits(ctx));
    const image = firstFile(files, 'avatar');
    if (!image) throw badInput('Choose an image', { avatar: 'Choose an image' });
    return { success: true, user: toSpecUser(await ctx.services.accounts.updateAvatar(ctx.em, ctx.user!, image), ctx.user) };
  }, { pictures: true });

  const changePassword = async (ctx: Context, req: Request) => {
    await ctx.services.accounts.changePassword(ctx.em, ctx.user!, await parseInput(ChangePasswordInput, req.body));
    return { success: true, message: 'Password Update Successfully' };
  };
  route('put', '/updatePassword', [Role.User, Role.Admin], changePassword);
  route('put', '/doctor/updatePassword', [Role.Doctor], changePassword);

  route('get', '/users', [Role.Admin], async (ctx, req) => {
    const args = await parseInput(UserListArgs, req.query);
    const page = await ctx.services.accounts.listUsers(ctx.em, args);
    return { success: true, users: page.items.map((u) => toSpecUser(u, ctx.user)), resultPerPage: page.pageSize, userCount: page.total, page: page.page };
  });

  csvExport(route, 'users', UserListArgs, (ctx, args) => ctx.services.accounts.listUsers(ctx.em, args), [
    { header: 'id', value: (u) => u.id }, { header: 'name', value: (u) => u.name }, { header: 'email', value: (u) => u.email ?? '' },
    { header: 'role', value: (u) => u.role }, { header: 'phone', value: (u) => u.phone }, { header: 'gender', value: (u) => u.gender },
    { header: 'email verified', value: (u) => u.emailVerified }, { header: 'mobile verified', value: (u) => u.phoneVerified },
    { header: 'joined', value: (u) => u.createdAt },
  ]);

  route('delete', '/admin/user/:id', [Role.Admin], async (ctx, req) => {
    await ctx.services.accounts.deleteUser(ctx.em, ctx.user!, String(req.params.id));
    return { success: true, message: 'User Delete Successful' };
  });
}

