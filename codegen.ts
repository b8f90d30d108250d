import type { CodegenConfig } from '@graphql-codegen/cli';

/** schema.graphql (emitted by the gateway) + the client's .graphql operations -> typed documents for Apollo Client 4. */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTimeISO: 'string' } },
      presetConfig: { fragmentMasking: false },
    },
  },
  hooks: { afterAllFileWrite: ['prettier --write'] },
};

export default config;
