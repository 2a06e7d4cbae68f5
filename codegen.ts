import type { CodegenConfig } from '@graphql-codegen/cli';

// Types the frontend's GraphQL documents (frontend/src/features/<x>/api/*.graphql) from schema.graphql.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['frontend/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'frontend/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        scalars: { DateTimeISO: 'string', Upload: 'File', SafeInt: 'number' },
      },
    },
  },
};

export default config;
