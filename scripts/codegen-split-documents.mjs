// A codegen hook (codegen.ts): the client preset writes every document of the web app into one module,
// frontend/src/gql/graphql.ts, so the bundler puts all of them, used by any screen, into one chunk that
// the first load of every page downloads. This moves each document into a module of its own
// (frontend/src/gql/documents/<Name>.ts) and leaves graphql.ts its types and a re-export per document:
// imports stay `from '@/gql/graphql'`, and each chunk now carries only the documents its screens use.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DOCUMENT = /^export const (\w+) = (\{.*\}) as unknown as DocumentNode<(.+)>;$/;
const HEADER = '/* eslint-disable */\n// Written by codegen (scripts/codegen-split-documents.mjs): one document per module.\n';

/** beforeOneFileWrite: (path, content) → content. Acts on graphql.ts only. */
export function splitDocuments(file, content) {
  if (path.basename(file) !== 'graphql.ts') return content;
  const dir = path.join(path.dirname(file), 'documents');
  mkdirSync(dir, { recursive: true });
  const written = new Set();
  const lines = content.split('\n').map((line) => {
    const m = DOCUMENT.exec(line);
    if (!m) return line;
    const [, name, ast, typeArgs] = m;
    const types = [...new Set(typeArgs.split(',').map((t) => t.trim()).filter((t) => /^\w+$/.test(t) && t !== 'unknown'))];
    writeFileSync(path.join(dir, `${name}.ts`), `${HEADER}import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';\n`
      + (types.length ? `import type { ${types.join(', ')} } from '../graphql';\n` : '')
      + `\nexport const ${name} = ${ast} as unknown as DocumentNode<${typeArgs}>;\n`);
    written.add(`${name}.ts`);
    return `export { ${name} } from './documents/${name}';`;
  });
  for (const old of readdirSync(dir)) if (!written.has(old)) rmSync(path.join(dir, old));
  return lines.join('\n');
}
