#!/usr/bin/env node
// The public schema never breaks an integrator without notice: schema.graphql is compared with the last
// released schema (schema/released.graphql) by @graphql-inspector/core. A breaking change fails unless
// the field, argument, input field or enum value it touches was deprecated in the released schema with a
// removal date that has passed:
//
//   @deprecated(reason: "Use doctorBySlug. Removal after 2027-03-01")
//
// "Removal after YYYY-MM-DD": the thing may go from the day after that date (UTC) on. A change to an
// argument is also allowed when its whole field was so deprecated. Types cannot be deprecated in
// GraphQL: removing one is always breaking (deprecate its fields, then stop returning it).
//
//   npm run schema:compat                         compares schema.graphql with schema/released.graphql
//   node scripts/schema-compat.mjs --released A --current B
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { diff, CriticalityLevel } from '@graphql-inspector/core';

// NIROG_SCHEMA_ROOT points the check and the release at another folder (its tests use a copy).
export const root = path.resolve(process.env.NIROG_SCHEMA_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
export const RELEASED = path.join(root, 'schema/released.graphql');
export const CURRENT = path.join(root, 'schema.graphql');

/** The removal date a deprecation reason announces ("Removal after 2027-03-01"), or null. */
export function removalDate(reason) {
  const m = /Removal after (\d{4}-\d{2}-\d{2})\b/.exec(reason ?? '');
  return m ? m[1] : null;
}

/** The release header of a released schema file: `# Nirog public schema: release 3 (2026-11-25)`. */
export function releaseOf(sdl) {
  const m = /^# Nirog public schema: release (\d+) \((\d{4}-\d{2}-\d{2})\)/m.exec(sdl);
  return m ? { version: Number(m[1]), date: m[2] } : null;
}

/** The deprecation reasons that cover a change's path in the released schema, nearest first. */
function deprecationsAt(schema, changePath) {
  const [typeName, member, arg] = (changePath ?? '').split('.');
  const type = typeName ? schema.getType(typeName) : undefined;
  if (!type || !member) return [];
  const found = [];
  if (isObjectType(type) || isInterfaceType(type)) {
    const field = type.getFields()[member];
    if (!field) return [];
    const argument = arg ? field.args.find((a) => a.name === arg) : undefined;
    if (argument?.deprecationReason) found.push({ what: `argument ${typeName}.${member}(${arg})`, reason: argument.deprecationReason });
    if (field.deprecationReason) found.push({ what: `field ${typeName}.${member}`, reason: field.deprecationReason });
  } else if (isInputObjectType(type)) {
    const field = type.getFields()[member];
    if (field?.deprecationReason) found.push({ what: `input field ${typeName}.${member}`, reason: field.deprecationReason });
  } else if (isEnumType(type)) {
    const value = type.getValue(member);
    if (value?.deprecationReason) found.push({ what: `enum value ${typeName}.${member}`, reason: value.deprecationReason });
  }
  return found;
}

/** Why a breaking change may go (a deprecation whose removal date has passed), or why it may not. */
function judge(released, change, today) {
  const deprecations = deprecationsAt(released, change.path);
  if (deprecations.length === 0) return { allowed: false, why: 'not deprecated in the released schema' };
  for (const d of deprecations) {
    const date = removalDate(d.reason);
    if (date && date < today) return { allowed: true, why: `${d.what} was deprecated with removal after ${date}` };
  }
  const dated = deprecations.map((d) => removalDate(d.reason)).filter(Boolean);
  return dated.length
    ? { allowed: false, why: `deprecated, but its removal date (${dated.join(', ')}) has not passed (today is ${today})` }
    : { allowed: false, why: `deprecated without a removal date ("Removal after YYYY-MM-DD" in the reason)` };
}

/**
 * Compares two SDL texts. `today` is a UTC date (YYYY-MM-DD). Returns the changes sorted into
 * `broken` (fail the check), `allowed` (breaking, but announced and due), `dangerous` and `safe`.
 */
export async function compareSchemas(releasedSdl, currentSdl, today = new Date().toISOString().slice(0, 10)) {
  const released = buildSchema(releasedSdl);
  const current = buildSchema(currentSdl);
  const changes = await diff(released, current);
  const out = { broken: [], allowed: [], dangerous: [], safe: [] };
  for (const change of changes) {
    const entry = { type: change.type, path: change.path ?? '', message: change.message };
    if (change.criticality.level === CriticalityLevel.Breaking) {
      const verdict = judge(released, change, today);
      (verdict.allowed ? out.allowed : out.broken).push({ ...entry, why: verdict.why });
    } else if (change.criticality.level === CriticalityLevel.Dangerous) {
      out.dangerous.push({ ...entry, why: change.criticality.reason ?? '' });
    } else out.safe.push(entry);
  }
  return out;
}

/** The report printed by the check, one change a line. */
export function formatReport(result, release) {
  const lines = [`Public schema compared with release ${release?.version ?? '?'} (${release?.date ?? '?'}):`];
  for (const c of result.broken) lines.push(`  BREAKING  ${c.message} [${c.type} ${c.path}]: ${c.why}`);
  for (const c of result.allowed) lines.push(`  removed   ${c.message} [${c.type} ${c.path}]: allowed, ${c.why}`);
  for (const c of result.dangerous) lines.push(`  dangerous ${c.message} [${c.type} ${c.path}]${c.why ? `: ${c.why}` : ''}`);
  lines.push(`  ${result.safe.length} additive or harmless change(s).`);
  lines.push(result.broken.length
    ? `${result.broken.length} breaking change(s) without notice. Keep the old field or argument, mark it ` +
      `@deprecated(reason: "Use … instead. Removal after YYYY-MM-DD") in a release, and remove it after that date.`
    : 'No breaking change without notice.');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? path.resolve(process.argv[i + 1]) : fallback;
  };
  const releasedSdl = readFileSync(arg('--released', RELEASED), 'utf8');
  const currentSdl = readFileSync(arg('--current', CURRENT), 'utf8');
  const result = await compareSchemas(releasedSdl, currentSdl, process.env.SCHEMA_COMPAT_TODAY || undefined);
  console.log(formatReport(result, releaseOf(releasedSdl)));
  process.exit(result.broken.length ? 1 : 0);
}
