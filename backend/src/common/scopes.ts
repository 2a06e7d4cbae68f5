import { Extensions, registerEnumType } from 'type-graphql';
import type { GraphQLField, GraphQLSchema } from 'graphql';

/**
 * What an integrator app (modules/integrators) may do: each GraphQL operation an app may call
 * declares the one scope that opens it with @Scope(...), next to its @Public()/@Allow() rule. An app
 * calls an operation only when the operation declares a scope the app holds; an operation with no
 * scope is closed to every app (deny by default), public reads included: an app reads the catalogue
 * with `catalog:read`. Who the app acts for (its hospital, pharmacy or insurer) is checked in the
 * policy of the module that owns the record, like a person's ownership.
 */
export enum IntegratorScope {
  CATALOG_READ = 'catalog:read',
  STOCK_WRITE = 'stock:write',
  ORDERS_READ = 'orders:read',
  ORDERS_WRITE = 'orders:write',
  APPOINTMENTS_READ = 'appointments:read',
  INSURANCE_READ = 'insurance:read',
  WEBHOOKS_MANAGE = 'webhooks:manage',
}
registerEnumType(IntegratorScope, {
  name: 'IntegratorScope',
  description: 'A permission an integrator app holds (CATALOG_READ is the scope catalog:read); each operation an app may call names the scope that opens it (extensions.scope)',
  valuesConfig: {
    CATALOG_READ: { description: 'catalog:read: doctors, specialities and medicines' },
    STOCK_WRITE: { description: "stock:write: a medicine's stock and price (pharmacy apps only)" },
    ORDERS_READ: { description: 'orders:read: the orders list' },
    ORDERS_WRITE: { description: "orders:write: move an order's status" },
    APPOINTMENTS_READ: { description: "appointments:read: the hospital visits of the doctors an admin linked to the app (a hospital's app)" },
    INSURANCE_READ: { description: 'insurance:read: insurance applications' },
    WEBHOOKS_MANAGE: { description: 'webhooks:manage: the app\'s webhook subscriptions' },
  },
});

export const INTEGRATOR_SCOPES: readonly IntegratorScope[] = Object.values(IntegratorScope);

/** The kind of organisation an app acts for, where that applies. */
export enum OrganisationKind {
  HOSPITAL = 'hospital',
  PHARMACY = 'pharmacy',
  INSURER = 'insurer',
}
registerEnumType(OrganisationKind, { name: 'OrganisationKind', description: 'Whom an integrator app acts for' });

/** The caller when a request carries an integrator key: an identity of its own kind beside a person's. */
export interface IntegratorIdentity {
  appId: string;
  /** The key's visible prefix (nrg_live_<keyId>), for logs. */
  keyPrefix: string;
  name: string;
  scopes: readonly IntegratorScope[];
  organisationKind: OrganisationKind | null;
  /** A hospital's or an insurer's name, for people and the audit log (a hospital's visits come from its linked doctors); null for the pharmacy. */
  organisationName: string | null;
}

/** @Scope(IntegratorScope.CATALOG_READ): integrator apps holding this scope may call the operation. */
export function Scope(scope: IntegratorScope): MethodDecorator {
  return Extensions({ scope }) as MethodDecorator;
}

export const scopeOf = (field: GraphQLField<unknown, unknown> | undefined): IntegratorScope | undefined =>
  field?.extensions?.scope as IntegratorScope | undefined;

export const holdsScope = (app: IntegratorIdentity, field: GraphQLField<unknown, unknown> | undefined): boolean => {
  const scope = scopeOf(field);
  return !!scope && app.scopes.includes(scope);
};

/**
 * Writes each operation's scope into its description ("Integrator apps: catalog:read."), so the
 * published schema.graphql, introspection and the /developers reference say which scope opens it.
 */
export function describeScopes(schema: GraphQLSchema): void {
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const scope = scopeOf(field);
      if (!scope) continue;
      const note = `Integrator apps: scope ${scope}.`;
      if (!field.description?.includes(note)) field.description = field.description ? `${field.description}\n\n${note}` : note;
    }
  }
}
