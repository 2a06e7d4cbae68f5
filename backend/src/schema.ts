import { ArgumentValidationError, buildSchema, getMetadataStorage, type PubSub } from 'type-graphql';
import { validateOrReject, type ValidatorOptions } from 'class-validator';
import type { GraphQLSchema } from 'graphql';
import { assertEveryOperationHasAccessRule, authChecker } from './common/access.js';
import { keepRuleLookups } from './common/input.js';
import { assertLimitsDeclared } from './common/limits.js';
import { describeScopes } from './common/scopes.js';
import { describeIdempotency } from './common/idempotency.js';
import { MODULES } from './modules.js';

/** Every resolver of the API: the modules' own (modules.ts). */
export const RESOLVERS = MODULES.flatMap((m) => m.resolvers) as unknown as Parameters<typeof buildSchema>[0]['resolvers'];

/**
 * Plain fields (a property or getter, no resolver method) resolve themselves: type-graphql otherwise
 * wraps each in a resolver of its own that runs the field's middlewares and auth rules and then reads
 * the property, per row and per field (a page of 20 doctor cards is 280 such calls, a quarter of the
 * execution). It is type-graphql's `simpleResolvers`, for every object type. Access rules in Nirog
 * sit on operations and on field resolvers, never on a plain field: one there would be skipped, so it
 * stops the build.
 */
function plainFieldsResolveThemselves(): void {
  const storage = getMetadataStorage();
  const guarded = storage.objectTypes.flatMap((t) => t.fields ?? []).filter((f) => f.roles !== undefined || !!f.middlewares?.length);
  if (guarded.length) throw new Error(`Plain fields with access rules or middlewares (make them field resolvers): ${guarded.map((f) => `${f.target.name}.${f.name}`).join(', ')}`);
  for (const type of storage.objectTypes) type.simpleResolvers ??= true;
}

/**
 * Input classes are checked by class-validator with type-graphql's settings for `validate: true`
 * (missing properties skipped: the GraphQL types make required ones required), called directly:
 * type-graphql's own check imports class-validator again for every argument of every request.
 */
const VALIDATOR_OPTIONS: ValidatorOptions = { forbidUnknownValues: false, skipMissingProperties: true };
const isObject = (value: unknown): value is object => value !== null && typeof value === 'object';
async function validateInput(value: unknown): Promise<void> {
  if (!isObject(value)) return;
  try {
    if (Array.isArray(value)) await Promise.all(value.filter(isObject).map((item) => validateOrReject(item, VALIDATOR_OPTIONS)));
    else await validateOrReject(value, VALIDATOR_OPTIONS);
  } catch (err) {
    throw new ArgumentValidationError(err as never);
  }
}

/**
 * type-graphql asks for a pub/sub to build subscriptions; Nirog's give their own `subscribe` (a live
 * feed of the module, common/live.ts), so topics are never used.
 */
const NO_TOPICS: PubSub = {
  publish() {
    throw new Error('Subscriptions use live feeds (common/live.ts), not topics');
  },
  subscribe() {
    throw new Error('Subscriptions use live feeds (common/live.ts), not topics');
  },
};

let cached: Promise<GraphQLSchema> | undefined;

export function buildNirogSchema(): Promise<GraphQLSchema> {
  cached ??= (async () => {
    plainFieldsResolveThemselves();
    // The GraphQL door's validations use class-validator's kept rule lookups too (common/input.ts).
    keepRuleLookups();
    const schema = await buildSchema({
      resolvers: RESOLVERS,
      authChecker,
      authMode: 'error',
      validateFn: validateInput,
      pubSub: NO_TOPICS,
    });
    assertEveryOperationHasAccessRule(schema);
    assertLimitsDeclared(schema);
    describeScopes(schema);
    describeIdempotency(schema);
    return schema;
  })();
  return cached;
}
