import {
  GraphQLError, getNamedType, isInputObjectType, isListType, isNonNullType, isObjectType, isInterfaceType,
  type ASTVisitor, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLArgument, type GraphQLField,
  type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema, type OperationDefinitionNode, type SelectionSetNode,
  type ValidationContext, type ValidationRule, type ValueNode, Kind,
} from 'graphql';
import { MAX_PAGE_SIZE } from './pagination.js';

/**
 * Limits on the shape of a GraphQL document, checked at validation (before anything runs):
 * depth, aliases and cost. Tokens are capped by the parser (ApolloServer parseOptions.maxTokens) and
 * batched requests are off (Apollo's default), so one HTTP request is one operation.
 *
 * Cost: every field costs 1; a list field costs 1 plus its selection times the number of items it
 * may return. That number is the page size: a `pageSize` (or `first`, `limit`, `take`) argument of
 * the list field itself, or of the field above it, as Nirog pages work: `doctors(pageSize: 100)
 * { items { … } total }` multiplies `items` by 100. The page size may be written as a literal, a
 * variable, or a field of an input-object argument (`search(args: { pageSize: 100 })`). A page size
 * the document leaves out counts as the argument's default (20 for every Nirog page) or, without
 * one, as MAX_PAGE_SIZE. A variable counts as MAX_PAGE_SIZE, the most any page accepts: validation
 * runs before variables are known (and Apollo keeps a validated document for every later request
 * with other variables). A list without any page argument counts as DEFAULT_LIST_SIZE items, or as
 * the size it declares when it is small by nature (`@Extensions({ listSize: 3 })`: an order's refunds,
 * one per cause).
 */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

export interface DocumentShape {
  depth: number;
  aliases: number;
  cost: number;
}

const DEFAULT_LIST_SIZE = 20;
const PAGE_ARGS = new Set(['pageSize', 'first', 'limit', 'take']);

function limitError(message: string, node?: OperationDefinitionNode): GraphQLError {
  return new GraphQLError(message, { nodes: node ? [node] : undefined, extensions: { code: 'GRAPHQL_VALIDATION_FAILED', reason: 'QUERY_TOO_COMPLEX' } });
}

function unwrapList(type: GraphQLOutputType): boolean {
  let t: GraphQLOutputType = type;
  if (isNonNullType(t)) t = t.ofType;
  return isListType(t);
}

const isIntType = (type: GraphQLInputType) => getNamedType(type).name === 'Int';
const asSize = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? Math.max(1, Math.floor(v)) : undefined);

/**
 * The page size a field asks for, or undefined when it takes no page argument. `variables` are the
 * request's when known (tests, tools); without them a variable counts as MAX_PAGE_SIZE.
 */
function pageSizeOf(field: FieldNode, def: GraphQLField<unknown, unknown> | undefined, variables?: Record<string, unknown>): number | undefined {
  if (!def) return undefined;
  const variable = (node: ValueNode): unknown => (node.kind === Kind.VARIABLE ? (variables ? variables[node.name.value] : undefined) : undefined);
  const literal = (node: ValueNode | undefined): number | undefined => {
    if (!node) return undefined;
    if (node.kind === Kind.INT) return asSize(Number(node.value));
    if (node.kind === Kind.VARIABLE) return asSize(variable(node)) ?? MAX_PAGE_SIZE;
    return MAX_PAGE_SIZE; // null or a wrong type: refused when it runs; counted at the most meanwhile
  };
  const sizes: number[] = [];
  for (const arg of def.args as readonly GraphQLArgument[]) {
    const given = field.arguments?.find((a) => a.name.value === arg.name);
    if (PAGE_ARGS.has(arg.name) && isIntType(arg.type)) {
      sizes.push(given ? literal(given.value)! : asSize(arg.defaultValue) ?? MAX_PAGE_SIZE);
      continue;
    }
    // A page inside an input object: args: { pageSize: 50 }, or args: $input.
    const input = getNamedType(arg.type);
    if (!isInputObjectType(input)) continue;
    for (const f of Object.values(input.getFields())) {
      if (!PAGE_ARGS.has(f.name) || !isIntType(f.type)) continue;
      const value = given?.value;
      if (!value) {
        const whole = asSize((arg.defaultValue as Record<string, unknown> | undefined)?.[f.name]);
        sizes.push(whole ?? MAX_PAGE_SIZE);
      } else if (value.kind === Kind.OBJECT) {
        const inner = value.fields.find((o) => o.name.value === f.name);
        sizes.push(inner ? literal(inner.value)! : asSize(f.defaultValue) ?? MAX_PAGE_SIZE);
      } else if (value.kind === Kind.VARIABLE) {
        const v = variable(value);
        const known = v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
        if (!known) sizes.push(MAX_PAGE_SIZE);
        else sizes.push(f.name in known ? asSize(known[f.name]) ?? MAX_PAGE_SIZE : asSize(f.defaultValue) ?? MAX_PAGE_SIZE);
      } else sizes.push(MAX_PAGE_SIZE);
    }
  }
  return sizes.length ? Math.max(...sizes) : undefined;
}

/**
 * Shapes already measured, by operation node (Apollo keeps one parsed document per distinct text, so
 * an app's repeated query is the same node) and then by its variables as JSON: an integrator's request
 * is measured before it runs, and the walk cost about as much as the quota's statement. Bounded: a
 * node holds at most MEASURED_PER_OPERATION sets of variables (then starts again), variables longer
 * than MEASURED_VARIABLES_CHARS are not kept, and the nodes themselves go with their documents (WeakMap).
 */
const measured = new WeakMap<OperationDefinitionNode, { schema: GraphQLSchema; shapes: Map<string, DocumentShape | undefined> }>();
const MEASURED_PER_OPERATION = 32;
const MEASURED_VARIABLES_CHARS = 1024;

/** Depth, aliases and cost of one operation (fragment cycles are refused by graphql's own rules; a repeated spread is skipped). */
export function measureOperation(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>,
  variables?: Record<string, unknown>): DocumentShape | undefined {
  let key: string;
  try {
    key = JSON.stringify(variables ?? null);
  } catch {
    return measureOnce(schema, operation, fragments, variables); // not plain JSON (an upload's stream): not kept
  }
  let entry = measured.get(operation);
  if (entry?.schema !== schema) measured.set(operation, entry = { schema, shapes: new Map() });
  if (entry.shapes.has(key)) return entry.shapes.get(key);
  const shape = measureOnce(schema, operation, fragments, variables);
  if (key.length <= MEASURED_VARIABLES_CHARS) {
    if (entry.shapes.size >= MEASURED_PER_OPERATION) entry.shapes.clear();
    entry.shapes.set(key, shape);
  }
  return shape;
}

function measureOnce(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>,
  variables?: Record<string, unknown>): DocumentShape | undefined {
  const root = operation.operation === 'query' ? schema.getQueryType() : operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
  if (!root) return undefined;

  /**
   * Walks a selection set: [depth, aliases, cost]. `page` is the page size asked for on the field
   * that owns this selection: it counts the list fields right beneath (its `items`).
   */
  const measure = (set: SelectionSetNode, parentType: GraphQLOutputType | undefined, depth: number, seen: Set<string>, page: number | undefined): [number, number, number] => {
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
        const own = pageSizeOf(sel, fieldDef, variables);
        const isList = !!fieldDef && unwrapList(fieldDef.type);
        if (sel.selectionSet) {
          // A list is multiplied by its own page, else by the page of the field above; a page asked
          // for on a field that is not a list goes down to the lists beneath it.
          const [d, a, c] = measure(sel.selectionSet, fieldDef?.type, depth + 1, seen, isList ? undefined : own);
          const declared = asSize(fieldDef?.extensions?.listSize);
          const multiplier = isList ? declared ?? own ?? page ?? DEFAULT_LIST_SIZE : 1;
          sub = [d, a, 1 + c * multiplier];
        } else sub = [depth, 0, 1];
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const type = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parentType;
        sub = measure(sel.selectionSet, (type as GraphQLOutputType | undefined) ?? parentType, depth, seen, page);
      } else {
        const frag = fragments.get(sel.name.value);
        if (!frag || seen.has(frag.name.value)) continue;
        const type = schema.getType(frag.typeCondition.name.value) as GraphQLOutputType | undefined;
        sub = measure(frag.selectionSet, type, depth, new Set([...seen, frag.name.value]), page);
      }
      maxDepth = Math.max(maxDepth, sub[0]);
      aliases += sub[1];
      cost += sub[2];
    }
    return [maxDepth, aliases, cost];
  };

  const [depth, aliases, cost] = measure(operation.selectionSet, root, 0, new Set(), undefined);
  return { depth, aliases, cost };
}

/** The shape of every operation of a document, by name (tests and tools; variables optional). */
export function measureDocument(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown>): Map<string, DocumentShape> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const out = new Map<string, DocumentShape>();
  for (const def of document.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const shape = measureOperation(schema, def, fragments, variables);
    if (shape) out.set(def.name?.value ?? '', shape);
  }
  return out;
}

/**
 * What an operation cost once it ran: the same model as measureOperation (a field 1, an object field
 * 1 plus its selection, a list 1 plus its selection per item) over the answer, so a list counts the
 * items it returned, not the page it asked for. Fields absent from the answer (@skip, a fragment on
 * another type, a field that failed before its parent) cost nothing.
 */
export function actualCost(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>, data: unknown): number {
  const ofSet = (set: SelectionSetNode, value: unknown, seen: Set<string>): number => {
    if (value === null || typeof value !== 'object') return 0;
    if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + ofSet(set, item, seen), 0);
    const object = value as Record<string, unknown>;
    let cost = 0;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        if (sel.name.value.startsWith('__') || !(key in object)) continue;
        cost += 1 + (sel.selectionSet ? ofSet(sel.selectionSet, object[key], seen) : 0);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += ofSet(sel.selectionSet, object, seen);
      } else {
        const frag = fragments.get(sel.name.value);
        if (frag && !seen.has(frag.name.value)) cost += ofSet(frag.selectionSet, object, new Set([...seen, frag.name.value]));
      }
    }
    return cost;
  };
  return ofSet(operation.selectionSet, data, new Set());
}

export function queryLimitRules(limits: GraphqlLimits): ValidationRule[] {
  const rule: ValidationRule = (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    return {
      OperationDefinition(node) {
        const shape = measureOperation(context.getSchema(), node, fragments);
        if (!shape) return;
        const { depth, aliases, cost } = shape;
        if (depth > limits.maxDepth) context.reportError(limitError(`The query is too deep (${depth} levels; at most ${limits.maxDepth})`, node));
        if (aliases > limits.maxAliases) context.reportError(limitError(`The query has too many aliases (${aliases}; at most ${limits.maxAliases})`, node));
        if (cost > limits.maxCost) context.reportError(limitError(`The query is too expensive (cost ${cost}; at most ${limits.maxCost})`, node));
      },
    };
  };
  return [rule];
}
