import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { Context } from '../../common/context.js';
import { HTTP_STATUS } from '../../common/errors.js';
import { executedRootFields } from '../../common/limits.js';
import { holdsScope } from '../../common/scopes.js';

/**
 * An integrator app's request, before anything runs: every root field it will execute (through
 * aliases and fragments) must declare a scope the app holds, public reads included; the auth
 * checker checks the same for @Allow operations as they resolve. Introspection (`__schema`,
 * `__type`) needs no scope.
 */
export const integratorAccessPlugin: ApolloServerPlugin<Context> = {
  async requestDidStart({ contextValue }) {
    if (!contextValue.integrator) return;
    const app = contextValue.integrator;
    return {
      async didResolveOperation({ operation, document, request, schema }) {
        if (!operation) return;
        const type = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'query' ? schema.getQueryType() : null;
        const refused = executedRootFields(operation.selectionSet, document, request.variables)
          .filter((name) => !name.startsWith('__') && !holdsScope(app, type?.getFields()[name]));
        if (refused.length || !type) {
          throw new GraphQLError(`This app's key has no scope for ${refused.join(', ') || operation.operation}`, {
            extensions: { code: 'FORBIDDEN', reason: 'MISSING_SCOPE', http: { status: HTTP_STATUS.FORBIDDEN } },
          });
        }
      },
    };
  },
};
