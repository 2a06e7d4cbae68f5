import { Authorized, Extensions } from 'type-graphql';
import type { AuthChecker } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import type { Context } from './context.js';
import { Role } from './roles.js';
import { forbidden, unauthenticated } from './errors.js';
import { holdsScope } from './scopes.js';

/**
 * Deny by default: every Query, Mutation and Subscription field must declare who may call it, with @Public() or
 * @Allow(...roles). assertEveryOperationHasAccessRule() runs when the schema is built and refuses to
 * start a server with an operation that has no rule. Ownership (is this *your* appointment?) is
 * checked in each module's policy, inside the service.
 */
export type AccessRule = 'public' | 'authenticated' | Role[];

export function Public(): MethodDecorator {
  return Extensions({ access: 'public' }) as MethodDecorator;
}

/** @Allow() = any logged-in user; @Allow(Role.Admin) = admins only. */
export function Allow(...roles: Role[]): MethodDecorator {
  return (target, key, descriptor) => {
    Extensions({ access: roles.length ? roles : 'authenticated' })(target, key, descriptor);
    Authorized(...roles)(target, key as string);
  };
}

/**
 * Integrator apps only (with the scope the operation declares): people are refused, admins included,
 * since the operation acts for the calling app (its webhook subscriptions).
 */
export const APPS_ONLY = 'integrator-app' as Role;
export function AppsOnly(): MethodDecorator {
  return Allow(APPS_ONLY);
}

export const authChecker: AuthChecker<Context, Role> = ({ context, info }, roles) => {
  // An integrator app is let in by the scope the operation declares (common/scopes.ts), never by a role.
  if (context.integrator) {
    if (!holdsScope(context.integrator, info.parentType.getFields()[info.fieldName])) throw forbidden('This app\'s key has no scope for this operation', 'MISSING_SCOPE');
    return true;
  }
  if (!context.user) throw unauthenticated();
  if (roles.length && !roles.includes(context.user.role)) throw forbidden();
  return true;
};

export type OperationKind = 'Query' | 'Mutation' | 'Subscription';

export const rootTypeOf = (schema: GraphQLSchema, operation: OperationKind) =>
  operation === 'Query' ? schema.getQueryType() : operation === 'Mutation' ? schema.getMutationType() : schema.getSubscriptionType();

export function accessRuleOf(schema: GraphQLSchema, operation: OperationKind, field: string): AccessRule | undefined {
  return rootTypeOf(schema, operation)?.getFields()[field]?.extensions?.access as AccessRule | undefined;
}

export function assertEveryOperationHasAccessRule(schema: GraphQLSchema): void {
  const missing: string[] = [];
  for (const op of ['Query', 'Mutation', 'Subscription'] as const) {
    const type = rootTypeOf(schema, op);
    for (const name of Object.keys(type?.getFields() ?? {})) {
      if (!accessRuleOf(schema, op, name)) missing.push(`${op}.${name}`);
    }
  }
  if (missing.length) throw new Error(`Operations without an access rule (add @Public() or @Allow()): ${missing.join(', ')}`);
}
