/** Writes schema.graphql at the repository root from the resolvers (run by `npm run build`). */
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { REPO_ROOT } from '../config.js';
import { buildNirogSchema } from '../schema.js';

const schema = await buildNirogSchema();
const header = '# Generated from the backend resolvers by `npm run schema`. Do not edit; CI fails if it drifts.\n\n';
const file = path.join(REPO_ROOT, 'schema.graphql');
writeFileSync(file, header + printSchema(lexicographicSortSchema(schema)) + '\n');
console.log(`schema written to ${file}`);
