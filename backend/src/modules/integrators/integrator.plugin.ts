import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, type FragmentDefinitionNode } from 'graphql';
import type { Context } from '../../common/context.js';
import { HTTP_STATUS } from '../../common/errors.js';
import { executedRootFields } from '../../common/limits.js';
import { actualCost, measureOperation } from '../../common/graphql-limits.js';
import { holdsScope } from '../../common/scopes.js';
import { bucketState, costReport, takeFromBucket, type CostReport } from './integrator.quota.js';

/**
 * An integrator app's request, before anything runs:
 * 1. every root field it will execute (through aliases and fragments) must declare a scope the app
 *    holds, public reads included; the auth checker checks the same for @Allow operations as they
 *    resolve. Introspection (`__schema`, `__type`) needs no scope.
 * 2. its cost (common/graphql-limits.ts, with the request's variables) is taken from the app's
 *    bucket (integrator.quota.ts), or the request is refused with code THROTTLED and `retryAfter`.
 * After it ran, what it did not use (the requested cost minus the actual cost of the answer: a page
 * of 100 that held 3 costs 3 items) goes back to the bucket (with the app's next take or within a
 * moment: Refunds in integrator.quota.ts).
 * Every answer to an app carries `extensions.cost`: what was asked, what was spent, the bucket after,
 * refusals and malformed requests included. People's requests pass untouched: they keep the
 * per-address limits.
 */
export const integratorAccessPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart({ contextValue }) {
    if (!contextValue.integrator) return;
    const app = contextValue.integrator;
    let requested = 0;
    let taken: CostReport['throttleStatus'] | undefined;
    let fragments = new Map<string, FragmentDefinitionNode>();
    return {
      async didResolveOperation({ operation, document, request, schema }) {
        if (!operation) return;
        fragments = new Map();
        for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
        requested = measureOperation(schema, operation, fragments, request.variables)?.cost ?? 1;
        const type = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'query' ? schema.getQueryType() : null;
        const refused = executedRootFields(operation.selectionSet, document, request.variables)
          .filter((name) => !name.startsWith('__') && !holdsScope(app, type?.getFields()[name]));
        if (refused.length || !type) {
          throw new GraphQLError(`This app's key has no scope for ${refused.join(', ') || operation.operation}`, {
            extensions: { code: 'FORBIDDEN', reason: 'MISSING_SCOPE', http: { status: HTTP_STATUS.FORBIDDEN } },
          });
        }
        const bucket = await takeFromBucket(contextValue.reads, app.appId, requested, contextValue.services.integrators.refunds);
        if (!bucket.allowed) {
          const max = bucket.report.throttleStatus.maximumAvailable;
          const whole = requested > max;
          throw new GraphQLError(whole
            ? `This query costs ${requested} points, more than this app's whole budget (${max}): ask for smaller pages`
            : `This app's cost budget is spent: the query costs ${requested} points, ${bucket.report.throttleStatus.currentlyAvailable} are left; retry in ${bucket.retryAfterSeconds} s`, {
            extensions: { code: 'THROTTLED', reason: 'THROTTLED', retryAfter: whole ? undefined : bucket.retryAfterSeconds, http: { status: HTTP_STATUS.TOO_MANY_REQUESTS } },
          });
        }
        taken = bucket.report.throttleStatus;
      },
      async willSendResponse({ response, operation }) {
        const body = response.body;
        if (body.kind !== 'single') return;
        const result = body.singleResult;
        // The error map words a budget refusal TOO_MANY_REQUESTS; apps read THROTTLED, as on Shopify.
        for (const e of result.errors ?? []) if (e.extensions?.reason === 'THROTTLED') (e.extensions as Record<string, unknown>).code = 'THROTTLED';
        const actual = taken && operation ? Math.min(requested, actualCost(operation, fragments, result.data)) : 0;
        // What the answer did not use is owed back to the bucket, written with the app's next take or
        // within a moment (Refunds, integrator.quota.ts): the success path makes one quota round trip.
        const refunds = contextValue.services.integrators.refunds;
        if (taken && actual < requested) refunds.add(app.appId, requested - actual, contextValue.reads);
        const state = !taken ? await bucketState(contextValue.reads, app.appId, refunds.owedTo(app.appId))
          : { available: Math.min(taken.maximumAvailable, taken.currentlyAvailable + refunds.owedTo(app.appId)), size: taken.maximumAvailable, rate: taken.restoreRate };
        if (state) result.extensions = { ...result.extensions, cost: costReport(requested, actual, state) };
        const retry = result.errors?.find((e) => e.extensions?.reason === 'THROTTLED')?.extensions?.retryAfter;
        if (typeof retry === 'number') response.http.headers.set('Retry-After', String(retry));
      },
    };
  },
};

/**
 * Introspection (`__schema`, `__type`) where GRAPHQL_INTROSPECTION is off (production): refused to
 * people, open to an authenticated integrator app, which reads the live schema with its key. Apollo's
 * own switch stays on so that this plugin decides.
 */
export function introspectionGate(openToEveryone: boolean): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      if (openToEveryone || contextValue.integrator) return;
      return {
        async didResolveOperation({ operation, document, request }) {
          if (!operation) return;
          const names = executedRootFields(operation.selectionSet, document, request.variables);
          if (names.some((n) => n === '__schema' || n === '__type')) {
            throw new GraphQLError('GraphQL introspection is not allowed here; read schema.graphql, or introspect with an app key', {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
