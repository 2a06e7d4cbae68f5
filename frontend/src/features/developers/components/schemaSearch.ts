/** The reference's shape (schemaModel.ts reads it from schema.graphql at build time) and its search. */
export type RefKind = 'type' | 'input' | 'enum' | 'scalar' | 'interface' | 'union';

export interface RefArg { name: string; type: string; description?: string; defaultValue?: string }
export interface RefMember { name: string; type?: string; description?: string; deprecated?: string; args: RefArg[]; defaultValue?: string }
export interface RefType { kind: RefKind; name: string; description?: string; members: RefMember[]; unionOf?: string[] }

/**
 * What a search shows: a type whose name or description holds the words shows whole; otherwise only
 * its members (fields, arguments, values) that hold them. Case does not matter.
 */
export function searchSchema(types: RefType[], query: string): RefType[] {
  const q = query.trim().toLowerCase();
  if (!q) return types;
  const has = (s?: string) => !!s && s.toLowerCase().includes(q);
  const out: RefType[] = [];
  for (const t of types) {
    if (has(t.name) || has(t.description)) {
      out.push(t);
      continue;
    }
    const members = t.members.filter((m) => has(m.name) || has(m.description) || has(m.deprecated) || m.args.some((a) => has(a.name) || has(a.description)));
    if (members.length || t.unionOf?.some(has)) out.push({ ...t, members });
  }
  return out;
}
