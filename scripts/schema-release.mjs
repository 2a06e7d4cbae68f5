#!/usr/bin/env node
// Rolls the released public schema forward: schema.graphql becomes schema/released.graphql as the next
// release (numbered, dated today in UTC) and schema/CHANGELOG.md gains an entry listing what was added,
// deprecated, changed and removed. Refuses while schema-compat finds a breaking change without notice.
//
//   npm run schema:release                 writes both files (commit them)
//   npm run schema:release -- --dry-run    prints the entry only
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENT, RELEASED, compareSchemas, formatReport, releaseOf, root } from './schema-compat.mjs';

const CHANGELOG = path.join(root, 'schema/CHANGELOG.md');
const dryRun = process.argv.includes('--dry-run');
const today = process.env.SCHEMA_COMPAT_TODAY || new Date().toISOString().slice(0, 10);

const releasedSdl = readFileSync(RELEASED, 'utf8');
const currentSdl = readFileSync(CURRENT, 'utf8');
const previous = releaseOf(releasedSdl);
if (!previous) {
  console.error(`${path.relative(root, RELEASED)} has no "# Nirog public schema: release N (YYYY-MM-DD)" header.`);
  process.exit(1);
}
const result = await compareSchemas(releasedSdl, currentSdl, today);
if (result.broken.length) {
  console.error(formatReport(result, previous));
  console.error('Not released: fix the breaking changes first.');
  process.exit(1);
}
if (!result.allowed.length && !result.dangerous.length && !result.safe.length) {
  console.log(`schema.graphql is release ${previous.version} already: nothing to release.`);
  process.exit(0);
}

const version = previous.version + 1;
const isDeprecation = (c) => /DEPRECAT/.test(c.type);
const sections = [
  ['Added', result.safe.filter((c) => /_ADDED$/.test(c.type) && !isDeprecation(c))],
  ['Deprecated', result.safe.filter(isDeprecation).concat(result.dangerous.filter(isDeprecation))],
  ['Changed', result.safe.filter((c) => !/_ADDED$/.test(c.type) && !isDeprecation(c)).concat(result.dangerous.filter((c) => !isDeprecation(c)))],
  ['Removed (after their announced date)', result.allowed],
];
const entry = [`## Release ${version} (${today})`, ''];
for (const [title, changes] of sections) {
  if (!changes.length) continue;
  entry.push(`### ${title}`, ...changes.map((c) => `- ${c.message.replaceAll('\'', '`')}`), '');
}

if (dryRun) {
  console.log(entry.join('\n'));
  process.exit(0);
}
writeFileSync(RELEASED, `# Nirog public schema: release ${version} (${today})\n# Written by npm run schema:release from schema.graphql; do not edit by hand.\n\n${currentSdl}`);
const changelog = readFileSync(CHANGELOG, 'utf8');
const at = changelog.indexOf('\n## Release ');
writeFileSync(CHANGELOG, at < 0 ? `${changelog.trimEnd()}\n\n${entry.join('\n')}` : `${changelog.slice(0, at + 1)}${entry.join('\n')}\n${changelog.slice(at + 1)}`);
console.log(`Released the public schema as release ${version} (${today}): commit schema/released.graphql and schema/CHANGELOG.md.`);
