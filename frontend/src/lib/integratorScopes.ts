import type { IntegratorScope, OrganisationKind } from '@/gql/graphql';

/** Every scope an integrator app may hold, in the order the admin form and the developer guide list them. */
export const INTEGRATOR_SCOPES: IntegratorScope[] = ['CATALOG_READ', 'STOCK_WRITE', 'ORDERS_READ', 'ORDERS_WRITE', 'APPOINTMENTS_READ', 'INSURANCE_READ', 'WEBHOOKS_MANAGE'];
export const ORGANISATION_KINDS: OrganisationKind[] = ['HOSPITAL', 'PHARMACY', 'INSURER'];

/** The scope as apps and the API write it: CATALOG_READ → catalog:read. */
export const scopeCode = (scope: IntegratorScope) => scope.toLowerCase().replace('_', ':');
