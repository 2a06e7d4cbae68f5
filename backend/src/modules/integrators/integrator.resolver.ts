import { Arg, Args, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { AdminPageArgs, Paginated } from '../../common/pagination.js';
import { IntegratorApp, IntegratorKey } from './integrator.entity.js';
import { IntegratorAppInput, RotateIntegratorKeyInput } from './integrator.inputs.js';
import type { AppRow, KeyRow } from './integrator.read.js';
import type { HospitalDoctorRow } from './integrator.service.js';

@ObjectType()
export class IntegratorAppPage extends Paginated(IntegratorApp) {}

@ObjectType({ description: "A doctor an admin linked to a hospital's app: the app reads this doctor's hospital visits" })
export class HospitalDoctor {
  @Field(() => ID)
  id!: string;

  @Field()
  name!: string;

  @Field({ description: 'The work place the doctor gives (shown to help the admin; it opens nothing)' })
  work!: string;
}

@ObjectType({ description: 'An app with a new key: the key is shown this once and never again' })
export class IntegratorAppWithKey {
  @Field(() => IntegratorApp)
  app!: IntegratorApp;

  @Field({ description: 'nrg_live_<id>_<secret>: send as Authorization: Bearer <key> or X-Api-Key; store it now' })
  key!: string;
}

/** Admins register, list, revoke and rotate integrator apps (the /admin/integrators screen). */
@Resolver(() => IntegratorApp)
export class IntegratorResolver {
  @Query(() => IntegratorAppPage, { description: 'Integrator apps, for admins' })
  @Allow(Role.Admin)
  integratorApps(@Args() args: AdminPageArgs, @Ctx() ctx: Context) {
    return ctx.services.integrators.list(ctx.em, args);
  }

  @Mutation(() => IntegratorAppWithKey, { description: 'Registers an app; answers its key once' })
  @Allow(Role.Admin)
  createIntegratorApp(@Arg('input') input: IntegratorAppInput, @Ctx() ctx: Context) {
    return ctx.services.integrators.create(ctx.em, input);
  }

  @Mutation(() => IntegratorApp, { description: "Changes an app's name, contact, scopes, organisation, linked doctors and cost budget; its keys stay" })
  @Allow(Role.Admin)
  updateIntegratorApp(@Arg('id', () => ID) id: string, @Arg('input') input: IntegratorAppInput, @Ctx() ctx: Context) {
    return ctx.services.integrators.update(ctx.em, id, input);
  }

  @Mutation(() => IntegratorApp, { description: 'Revokes the app and all its keys at once' })
  @Allow(Role.Admin)
  revokeIntegratorApp(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.integrators.revoke(ctx.em, id);
  }

  @Mutation(() => IntegratorAppWithKey, { description: 'A new key (answered once); the old keys keep working for the overlap, then stop' })
  @Allow(Role.Admin)
  rotateIntegratorKey(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => RotateIntegratorKeyInput, { defaultValue: { overlapMinutes: 60 } }) input: RotateIntegratorKeyInput,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.integrators.rotate(ctx.em, id, input.overlapMinutes);
  }

  @FieldResolver(() => [HospitalDoctor], { description: "A hospital's app: the doctors an admin linked to it, whose hospital visits it reads (none for other apps)" })
  async hospitalDoctors(@Root() app: IntegratorApp | AppRow, @Ctx() ctx: Context): Promise<HospitalDoctorRow[]> {
    const loader = ctx.loaders.of('integratorHospitalDoctors', async (ids) => {
      const byApp = await ctx.services.integrators.hospitalDoctorsOf(ctx.em, ids);
      return [...byApp].map(([id, doctors]) => ({ id, doctors }));
    });
    return (await loader.load(app.id))?.doctors ?? [];
  }

  @FieldResolver(() => [IntegratorKey], { description: "The app's keys, newest first (prefixes only)" })
  async keys(@Root() app: IntegratorApp | AppRow, @Ctx() ctx: Context): Promise<IntegratorKey[] | KeyRow[]> {
    // The list read them with the page; one app (a mutation's answer) asks the loader.
    if ('keyRows' in app) return app.keyRows;
    const loader = ctx.loaders.of('integratorKeys', async (ids) => {
      const byApp = await ctx.services.integrators.keysOf(ctx.em, ids);
      return [...byApp].map(([id, keys]) => ({ id, keys }));
    });
    return (await loader.load(app.id))?.keys ?? [];
  }
}
