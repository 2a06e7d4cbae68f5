/// <reference types="vite/client" />
declare module 'apollo-upload-client/UploadHttpLink.mjs' {
  import { ApolloLink } from '@apollo/client';
  export default class UploadHttpLink extends ApolloLink {
    constructor(options?: { uri?: string; headers?: Record<string, string>; credentials?: string; fetch?: typeof fetch });
  }
}

declare module 'virtual:schema-reference' {
  import type { RefType } from '@/features/developers/components/schemaSearch';
  const types: RefType[];
  export default types;
}
