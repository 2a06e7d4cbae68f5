import { defaultFieldResolver, getNamedType, isObjectType, type GraphQLSchema } from 'graphql';
import type { Context } from '../../common/context.js';
import { Role } from '../../common/roles.js';

/**
 * Every admin action is audited without each module remembering to: any mutation field an admin
 * runs successfully (GraphQL here, REST in the route wrapper) becomes an audit line, written before
 * the answer leaves, so a client that reads the log next sees it. The Mutation fields' resolvers are
 * wrapped once, when the schema is built: an Apollo per-field hook would make Apollo wrap every field
 * of the schema, queries' included, from the first admin mutation on.
 */
const audited = new WeakSet<GraphQLSchema>();

export function auditAdminMutations(schema: GraphQLSchema): void {
  // The schema is built once per process and may serve several apps (tests): wrapped once.
  if (audited.has(schema)) return;
  audited.add(schema);
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = async (source, args, contextValue: Context, info) => {
      const result: unknown = await resolve(source, args, contextValue, info);
      // An integrator app's writes (an order moved, a stock level set) are on record like an admin's,
      // and so are a pharmacist's (a prescription approved or rejected).
      const onRecord = contextValue.user?.role === Role.Admin || contextValue.user?.role === Role.Pharmacist || !!contextValue.integrator;
      if (!onRecord) return result;
      const returned = getNamedType(info.returnType);
      const a = args as { id?: unknown; input?: { id?: unknown } };
      const entityId = [a.id, a.input?.id, (result as { id?: unknown } | null)?.id].find((v) => typeof v === 'string') as string | undefined;
      await contextValue.services.audit.record(contextValue.em, {
        actor: contextValue.user,
        app: contextValue.integrator,
        action: info.fieldName,
        entityType: isObjectType(returned) ? returned.name : null,
        entityId: entityId ?? null,
        ip: contextValue.ip,
        requestId: contextValue.requestId,
        details: args,
      });
      return result;
    };
  }
}
