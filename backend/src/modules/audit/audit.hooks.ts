import type { ApolloServerPlugin } from '@apollo/server';
import { getNamedType, isObjectType } from 'graphql';
import type { Context } from '../../common/context.js';
import { Role } from '../../common/roles.js';

/**
 * Every admin action is audited without each module remembering to: any mutation field an admin
 * runs successfully (GraphQL here, REST in the route wrapper) becomes an audit line. Queries cost
 * nothing: the hook is only installed for mutation operations.
 */
export const auditAdminMutations: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    // Audit lines are written before the response leaves, so a client that reads the log next sees them.
    const writes: Promise<void>[] = [];
    return {
      async willSendResponse() {
        await Promise.all(writes);
      },
      async executionDidStart({ operation, contextValue }) {
        // An integrator app's writes (an order moved, a stock level set) are on record like an admin's.
        if (operation?.operation !== 'mutation' || (contextValue.user?.role !== Role.Admin && !contextValue.integrator)) return;
        return {
          willResolveField({ info, args }) {
            if (info.parentType.name !== 'Mutation') return;
            return (error, result) => {
              if (error) return;
              const returned = getNamedType(info.returnType);
              const a = args as { id?: unknown; input?: { id?: unknown } };
              const entityId = [a.id, a.input?.id, (result as { id?: unknown } | null)?.id].find((v) => typeof v === 'string') as string | undefined;
              writes.push(contextValue.services.audit.record(contextValue.em, {
                actor: contextValue.user,
                app: contextValue.integrator,
                action: info.fieldName,
                entityType: isObjectType(returned) ? returned.name : null,
                entityId: entityId ?? null,
                ip: contextValue.ip,
                requestId: contextValue.requestId,
                details: args,
              }));
            };
          },
        };
      },
    };
  },
};
