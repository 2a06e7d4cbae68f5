import { Arg, Args, Ctx, Field, FieldResolver, ID, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../common/context.js';
import { Allow, AppsOnly } from '../../common/access.js';
import { Role } from '../../common/roles.js';
import { IntegratorScope, Scope } from '../../common/scopes.js';
import { Paginated } from '../../common/pagination.js';
import { IntegratorApp } from '../integrators/index.js';
import { WebhookAttempt, WebhookDelivery, WebhookSubscription } from './webhook.entity.js';
import { WebhookDeliveryArgs, WebhookSubscriptionInput } from './webhook.inputs.js';
import type { AttemptRow, DeliveryRow } from './webhook.read.js';

@ObjectType()
export class WebhookDeliveryPage extends Paginated(WebhookDelivery) {}

@ObjectType({ description: 'A new subscription with its signing secret: shown this once and never again' })
export class WebhookSubscriptionWithSecret {
  @Field(() => WebhookSubscription)
  subscription!: WebhookSubscription;

  @Field({ description: 'whsec_…: the HMAC-SHA256 key of Nirog-Signature; store it now' })
  secret!: string;
}

/** The calling app's identity; AppsOnly operations are never reached without one. */
const appOf = (ctx: Context) => ctx.integrator!;

/** Apps manage their webhook subscriptions and read their deliveries; admins read every app's and resend. */
@Resolver(() => WebhookDelivery)
export class WebhookResolver {
  @Mutation(() => WebhookSubscriptionWithSecret, { description: "Subscribes the calling app to events at a URL; answers the signing secret once" })
  @AppsOnly()
  @Scope(IntegratorScope.WEBHOOKS_MANAGE)
  subscribeWebhook(@Arg('input') input: WebhookSubscriptionInput, @Ctx() ctx: Context) {
    return ctx.services.webhooks.create(ctx.em, appOf(ctx), input);
  }

  @Query(() => [WebhookSubscription], { description: "The calling app's webhook subscriptions" })
  @AppsOnly()
  @Scope(IntegratorScope.WEBHOOKS_MANAGE)
  webhookSubscriptions(@Ctx() ctx: Context) {
    return ctx.services.webhooks.list(ctx.em, appOf(ctx));
  }

  @Mutation(() => WebhookSubscription, { description: 'Ends a subscription of the calling app (its deliveries stay listed)' })
  @AppsOnly()
  @Scope(IntegratorScope.WEBHOOKS_MANAGE)
  unsubscribeWebhook(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.webhooks.remove(ctx.em, appOf(ctx), id);
  }

  @Query(() => WebhookDeliveryPage, { description: "Webhook deliveries with their attempts: an app's own, or any app's for admins" })
  @Allow(Role.Admin)
  @Scope(IntegratorScope.WEBHOOKS_MANAGE)
  webhookDeliveries(@Args() args: WebhookDeliveryArgs, @Ctx() ctx: Context) {
    return ctx.services.webhooks.deliveries(ctx.em, args, ctx.integrator?.appId ?? null);
  }

  @Mutation(() => WebhookDelivery, { description: 'Sends a delivery again (same event id and body), for admins' })
  @Allow(Role.Admin)
  resendWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return ctx.services.webhooks.resend(ctx.em, id);
  }

  @FieldResolver(() => [WebhookAttempt], { description: 'Every attempt, oldest first (a resend adds to them)' })
  async history(@Root() d: WebhookDelivery | DeliveryRow, @Ctx() ctx: Context): Promise<WebhookAttempt[] | AttemptRow[]> {
    // The list read them with the page; a single delivery (a resend's answer) asks the loader.
    if ('historyRows' in d) return d.historyRows;
    const loader = ctx.loaders.of('webhookAttempts', async (ids) => {
      const byDelivery = await ctx.services.webhooks.attemptsOf(ctx.em, ids);
      return [...byDelivery].map(([id, attempts]) => ({ id, attempts }));
    });
    return (await loader.load(d.id))?.attempts ?? [];
  }

  @FieldResolver(() => String, { description: "The app's name" })
  async appName(@Root() d: WebhookDelivery | DeliveryRow, @Ctx() ctx: Context): Promise<string> {
    if ('appName' in d) return d.appName;
    const loader = ctx.loaders.of('webhookAppNames', async (ids) => ctx.em.find(IntegratorApp, { id: { $in: [...ids] } }, { fields: ['id', 'name'] }));
    return (await loader.load(d.app.id))?.name ?? '';
  }
}
