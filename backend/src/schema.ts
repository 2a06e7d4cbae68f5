import { buildSchema, type NonEmptyArray } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import { assertEveryOperationHasAccessRule, authChecker } from './common/access.js';
import { assertLimitsDeclared } from './common/limits.js';
import { MODULES } from './modules.js';

/** Every resolver of the API: the modules' own (modules.ts). */
export const RESOLVERS = MODULES.flatMap((m) => m.resolvers) as unknown as NonEmptyArray<Function>;

let cached: Promise<GraphQLSchema> | undefined;

export function buildNirogSchema(): Promise<GraphQLSchema> {
  cached ??= buildSchema({
    resolvers: RESOLVERS,
    authChecker,
    authMode: 'error',
    validate: { forbidUnknownValues: false },
  }).then((schema) => {
    assertEveryOperationHasAccessRule(schema);
    assertLimitsDeclared(schema);
    return schema;
  });
  return cached;
}
