import {
  GraphQLError, getNamedType, isListType, isNonNullType, isObjectType, isInterfaceType,
  type ASTVisitor, type FieldNode, type FragmentDefinitionNode, type GraphQLOutputType, type OperationDefinitionNode,
  type SelectionSetNode, type ValidationContext, type ValidationRule, Kind,
} from 'graphql';

/**
 * Limits on the shape of a GraphQL document, checked at validation (before anything runs):
 * depth, aliases and cost. Tokens are capped by the parser (ApolloServer parseOptions.maxTokens) and
 * batched requests are off (Apollo's default), so one HTTP request is one operation.
 *
 * Cost: every field costs 1; a list field costs its selection times the page it may return — the
 * `pageSize`, `first` or `limit` argument when given (literal or variable), else DEFAULT_LIST_SIZE.
 */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

const DEFAULT_LIST_SIZE = 20;
const PAGE_ARGS = ['pageSize', 'first', 'limit', 'take'];

function limitError(message: string, node?: OperationDefinitionNode): GraphQLError {
  return new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', reason: 'QUERY_TOO_COMPLEX' } });
}

function unwrapList(type: GraphQLOutputType): boolean {
  let t: GraphQLOutputType = type;
  if (isNonNullType(t)) t = t.ofType;
  return isListType(t);
}

export function queryLimitRules(limits: GraphqlLimits): ValidationRule[] {
  const rule: ValidationRule = (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const variables = (context as unknown as { _variableValues?: Record<string, unknown> })._variableValues;

    const pageOf = (field: FieldNode): number => {
      for (const arg of field.arguments ?? []) {
        if (!PAGE_ARGS.includes(arg.name.value)) continue;
        if (arg.value.kind === Kind.INT) return Math.max(1, Number(arg.value.value));
        if (arg.value.kind === Kind.VARIABLE && typeof variables?.[arg.value.name.value] === 'number') return Math.max(1, variables[arg.value.name.value] as number);
      }
      return DEFAULT_LIST_SIZE;
    };

    /** Walks a selection set: [depth, aliases, cost]. Fragment cycles are already refused by graphql's own rules. */
    const measure = (set: SelectionSetNode, parentType: GraphQLOutputType | undefined, depth: number, seen: Set<string>): [number, number, number] => {
      let maxDepth = depth;
      let aliases = 0;
      let cost = 0;
      for (const sel of set.selections) {
        let sub: [number, number, number] | undefined;
        if (sel.kind === Kind.FIELD) {
          if (sel.alias) aliases += 1;
          // Introspection (__schema, __type) is governed by GRAPHQL_INTROSPECTION, not by these limits:
          // the standard introspection query of GraphiQL and codegen is 13 levels deep.
          if (sel.name.value.startsWith('__')) continue;
          const named = parentType ? getNamedType(parentType) : undefined;
          const fieldDef = named && (isObjectType(named) || isInterfaceType(named)) ? named.getFields()[sel.name.value] : undefined;
          if (sel.selectionSet) {
            const [d, a, c] = measure(sel.selectionSet, fieldDef?.type, depth + 1, seen);
            const multiplier = fieldDef && unwrapList(fieldDef.type) ? pageOf(sel) : 1;
            sub = [d, a, 1 + c * multiplier];
          } else sub = [depth, 0, 1];
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const type = sel.typeCondition ? context.getSchema().getType(sel.typeCondition.name.value) : parentType;
          sub = measure(sel.selectionSet, (type as GraphQLOutputType | undefined) ?? parentType, depth, seen);
        } else {
          const frag = fragments.get(sel.name.value);
          if (!frag || seen.has(frag.name.value)) continue;
          const type = context.getSchema().getType(frag.typeCondition.name.value) as GraphQLOutputType | undefined;
          sub = measure(frag.selectionSet, type, depth, new Set([...seen, frag.name.value]));
        }
        maxDepth = Math.max(maxDepth, sub[0]);
        aliases += sub[1];
        cost += sub[2];
      }
      return [maxDepth, aliases, cost];
    };

    return {
      OperationDefinition(node) {
        const schema = context.getSchema();
        const root = node.operation === 'query' ? schema.getQueryType() : node.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
        if (!root) return;
        const [depth, aliases, cost] = measure(node.selectionSet, root, 0, new Set());
        if (depth > limits.maxDepth) context.reportError(limitError(`The query is too deep (${depth} levels; at most ${limits.maxDepth})`, node));
        if (aliases > limits.maxAliases) context.reportError(limitError(`The query has too many aliases (${aliases}; at most ${limits.maxAliases})`, node));
        if (cost > limits.maxCost) context.reportError(limitError(`The query is too expensive (cost ${cost}; at most ${limits.maxCost})`, node));
      },
    };
  };
  return [rule];
}
