import type { CodegenConfig } from '@graphql-codegen/cli';
import type { Types } from '@graphql-codegen/plugin-helpers';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { splitDocuments } from './scripts/codegen-split-documents.mjs';

// Types the frontend's GraphQL documents (frontend/src/features/<x>/api/*.graphql) from schema.graphql,
// and registers them: each document carries its sha256 hash (`__meta__.hash`) and
// frontend/src/gql/persisted-documents.json maps hash → document, the only documents the server
// accepts by hash (GET /graphql of the public lists, backend/src/common/persisted-queries.ts).
// __typename is added here by Apollo's own transform (as its cache adds it before sending), so the
// registered text is exactly what the client asks.
const addTypenameAsApolloDoes: Types.DocumentTransformObject = {
  transform: ({ documents }) => documents.map((d) => ({ ...d, document: d.document && addTypenameToDocument(d.document) })),
};
const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    // The example integrator's documents, typed into one file Node runs as it is (type stripping: no
    // enums, type-only imports): examples/integrator/README.md.
    'examples/integrator/src/generated.ts': {
      documents: ['examples/integrator/src/**/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string', Upload: 'never', SafeInt: 'number' },
      },
    },
    'frontend/src/gql/': {
      documents: ['frontend/src/**/*.graphql'],
      preset: 'client',
      presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
      documentTransforms: [addTypenameAsApolloDoes],
      // One module per document (frontend/src/gql/documents): each chunk carries only its screens' documents.
      hooks: { beforeOneFileWrite: [splitDocuments] },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string', Upload: 'File', SafeInt: 'number' },
      },
    },
  },
};

export default config;
