import type { ApolloServerPlugin } from '@apollo/server';
import { Extensions } from 'type-graphql';
import {
  GraphQLIncludeDirective, GraphQLSkipDirective, Kind, getDirectiveValues, getNamedType, isInputObjectType,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLArgument, type GraphQLField, type GraphQLInputType, type GraphQLSchema,
  type SelectionNode, type SelectionSetNode,
} from 'graphql';
import { graphqlErrorOf, toAppError } from './errors.js';
import type { AccessRule } from './access.js';
import type { Context } from './context.js';
import type { LimitName } from './rate-limit.js';
import { requestContext } from './request-context.js';
import { Role } from './roles.js';

/**
 * Abuse limits, declared on each operation like its access rule, and checked by a machine:
 *
 * - `@Throttle('signup-ip')` (REST: `{ throttle: 'signup-ip' }`): a per-address window limit
 *   (rate-limit.ts), counted for every executed occurrence of the operation before it runs, whatever
 *   the shape of the GraphQL document (aliases, fragments) and through both doors alike.
 * - `@LimitedIn('…')` (REST: `{ limitedIn: '…' }`): the operation is limited by its service or by
 *   what it needs (login lockout, five tries per code, caps per account, a provider's confirmation),
 *   and the text says how. A declaration a reviewer reads, instead of a limit forgotten.
 *
 * An operation must declare one when it is risky: open to visitors and writing (a public mutation,
 * a public POST/PUT/PATCH/DELETE), or taking a secret a caller could guess (an argument or input
 * field named password, code, token, otp or secret). assertLimitsDeclared refuses to build a schema
 * that misses one, assertRestLimitsDeclared a route table; and an operation that sends mail or SMS
 * on behalf of anyone but an admin must declare one too (assertMayNotify, called by the mail and
 * SMS outboxes: a test that exercises such an operation fails, production logs it).
 */
export type LimitRule = { throttle: LimitName } | { limitedIn: string };

export function Throttle(name: LimitName): MethodDecorator {
  return Extensions({ limit: { throttle: name } satisfies LimitRule }) as MethodDecorator;
}

export function LimitedIn(why: string): MethodDecorator {
  return Extensions({ limit: { limitedIn: why } satisfies LimitRule }) as MethodDecorator;
}

export const limitOf = (field: GraphQLField<unknown, unknown> | undefined): LimitRule | undefined =>
  field?.extensions?.limit as LimitRule | undefined;

/** Names of arguments or input fields that carry a secret someone could try to guess. */
const SECRET = /password|code$|^code|token|otp|secret/i;

function inputTakesSecret(type: GraphQLInputType, seen = new Set<string>()): boolean {
  const named = getNamedType(type);
  if (!isInputObjectType(named) || seen.has(named.name)) return false;
  seen.add(named.name);
  return Object.values(named.getFields()).some((f) => SECRET.test(f.name) || inputTakesSecret(f.type, seen));
}

export const takesSecret = (args: readonly GraphQLArgument[]) => args.some((a) => SECRET.test(a.name) || inputTakesSecret(a.type));

/**
 * Refuses a schema with a risky operation (see above) that declares no limit. Every subscription is
 * risky: it holds a connection and runs its selection again at each change, so each says how it is
 * bounded (the live socket's limits, common/live-socket.ts).
 */
export function assertLimitsDeclared(schema: GraphQLSchema): void {
  const missing: string[] = [];
  for (const kind of ['Query', 'Mutation', 'Subscription'] as const) {
    const type = kind === 'Query' ? schema.getQueryType() : kind === 'Mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    for (const [name, field] of Object.entries(type?.getFields() ?? {})) {
      const publicWrite = kind === 'Mutation' && field.extensions?.access === 'public';
      if ((publicWrite || kind === 'Subscription' || takesSecret(field.args)) && !limitOf(field)) missing.push(`${kind}.${name}`);
    }
  }
  if (missing.length) throw new Error(`Operations open to abuse without a declared limit (add @Throttle() or @LimitedIn()): ${missing.join(', ')}`);
}

export interface RestLimitInfo {
  method: string;
  path: string;
  access: AccessRule;
  limit?: LimitRule;
}

/** The REST door's rule: a public POST, PUT, PATCH or DELETE declares its limit. */
export function assertRestLimitsDeclared(routes: readonly RestLimitInfo[]): void {
  const missing = routes.filter((r) => r.access === 'public' && r.method !== 'get' && !r.limit).map((r) => `${r.method.toUpperCase()} ${r.path}`);
  if (missing.length) throw new Error(`REST routes open to abuse without a declared limit (add throttle or limitedIn): ${missing.join(', ')}`);
}

/** What the request being served declared, for the outbox guard (set by the GraphQL middleware and the REST wrapper). */
export function noteOperation(name: string, limit: LimitRule | undefined, role: Role | null): void {
  const store = requestContext.getStore();
  if (!store) return;
  (store.operations ??= []).push({ name, limit, role });
}

/**
 * Called when mail or SMS is queued: inside a request of anyone but an admin, every operation the
 * request ran must have declared its limit (a mail sent per request is a mail an attacker can send).
 * Outside requests (workers, reminders) and for admins nothing is checked.
 */
export function assertMayNotify(channel: 'mail' | 'sms', onViolation: (message: string) => void): void {
  const ops = requestContext.getStore()?.operations;
  if (!ops?.length) return;
  const undeclared = ops.filter((o) => o.role !== Role.Admin && !o.limit).map((o) => o.name);
  if (undeclared.length) onViolation(`${undeclared.join(', ')} queued ${channel} without a declared limit (add @Throttle() or @LimitedIn())`);
}

/**
 * The root fields a GraphQL operation will execute, whatever the document's shape: aliases, inline
 * fragments and fragment spreads are followed, @skip and @include are decided with the request's
 * variables; each occurrence counts once.
 */
export function executedRootFields(set: SelectionSetNode, document: DocumentNode, variables: Record<string, unknown> | undefined, seen = new Set<string>()): string[] {
  const names: string[] = [];
  for (const sel of set.selections) {
    if (!included(sel, variables)) continue;
    if (sel.kind === Kind.FIELD) names.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) names.push(...executedRootFields(sel.selectionSet, document, variables, seen));
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const fragment = document.definitions.find((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === sel.name.value);
      if (fragment) names.push(...executedRootFields(fragment.selectionSet, document, variables, seen));
    }
  }
  return names;
}

function included(node: SelectionNode, variables: Record<string, unknown> | undefined): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
  return include?.if !== false;
}

/**
 * The GraphQL side: before an operation runs, each root field it will execute is noted for the
 * outbox guard and, when throttled, counted against the caller's address (an error refuses the
 * whole operation before anything runs).
 */
export const declaredLimitsPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, request, schema, contextValue }) {
        if (!operation || operation.operation === 'subscription') return;
        const type = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
        const kind = operation.operation === 'mutation' ? 'Mutation' : 'Query';
        for (const name of executedRootFields(operation.selectionSet, document, request.variables)) {
          const limit = limitOf(type?.getFields()[name]);
          noteOperation(`${kind}.${name}`, limit, contextValue.user?.role ?? null);
          if (!limit || !('throttle' in limit)) continue;
          try {
            await contextValue.services.limiter.hit(contextValue.em, limit.throttle, contextValue.ip);
          } catch (err) {
            const e = toAppError(err);
            if (!e) throw err;
            throw graphqlErrorOf(e);
          }
        }
      },
    };
  },
};
