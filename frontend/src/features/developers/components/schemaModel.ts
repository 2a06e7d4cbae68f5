import { Kind, parse, print, type ConstDirectiveNode, type DefinitionNode, type StringValueNode } from 'graphql';
import type { RefType } from './schemaSearch';

/**
 * The reference of /developers, read from schema.graphql itself (the file the server emits and CI
 * keeps in step with it) when the app is built (vite.config.ts, virtual:schema-reference): every
 * type with its fields, arguments, enum values, descriptions and deprecations, in the order a reader
 * looks for them (Query, Mutation, then by name).
 */

const text = (node?: StringValueNode) => node?.value;

function deprecation(directives: readonly ConstDirectiveNode[] | undefined): string | undefined {
  const d = directives?.find((x) => x.name.value === 'deprecated');
  if (!d) return undefined;
  const reason = d.arguments?.find((a) => a.name.value === 'reason')?.value;
  return reason && reason.kind === Kind.STRING ? reason.value : 'No longer supported';
}

function toType(def: DefinitionNode): RefType | null {
  switch (def.kind) {
    case Kind.OBJECT_TYPE_DEFINITION:
    case Kind.INTERFACE_TYPE_DEFINITION:
      return {
        kind: def.kind === Kind.OBJECT_TYPE_DEFINITION ? 'type' : 'interface', name: def.name.value, description: text(def.description),
        members: (def.fields ?? []).map((f) => ({
          name: f.name.value, type: print(f.type), description: text(f.description), deprecated: deprecation(f.directives),
          args: (f.arguments ?? []).map((a) => ({ name: a.name.value, type: print(a.type), description: text(a.description), defaultValue: a.defaultValue && print(a.defaultValue) })),
        })),
      };
    case Kind.INPUT_OBJECT_TYPE_DEFINITION:
      return {
        kind: 'input', name: def.name.value, description: text(def.description),
        members: (def.fields ?? []).map((f) => ({
          name: f.name.value, type: print(f.type), description: text(f.description), deprecated: deprecation(f.directives), args: [],
          defaultValue: f.defaultValue && print(f.defaultValue),
        })),
      };
    case Kind.ENUM_TYPE_DEFINITION:
      return {
        kind: 'enum', name: def.name.value, description: text(def.description),
        members: (def.values ?? []).map((v) => ({ name: v.name.value, description: text(v.description), deprecated: deprecation(v.directives), args: [] })),
      };
    case Kind.SCALAR_TYPE_DEFINITION:
      return { kind: 'scalar', name: def.name.value, description: text(def.description), members: [] };
    case Kind.UNION_TYPE_DEFINITION:
      return { kind: 'union', name: def.name.value, description: text(def.description), members: [], unionOf: (def.types ?? []).map((t) => t.name.value) };
    default:
      return null;
  }
}

const FIRST = ['Query', 'Mutation'];

export function readSchema(sdl: string): RefType[] {
  const types = parse(sdl).definitions.map(toType).filter((t): t is RefType => !!t);
  const rank = (t: RefType) => (FIRST.includes(t.name) ? FIRST.indexOf(t.name) : FIRST.length);
  return types.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
