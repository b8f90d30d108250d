import tseslint from 'typescript-eslint';

const TRANSPORT_IMPORT = {
  regex: '^\\.{1,2}/(.*/)?(rest|graphql)/',
  message:
    'Only *.routes.ts and *.resolver.ts may import a transport (rest/, graphql/); keep this file transport-free.',
};
const MODULE_IMPORT = {
  regex: '^(\\.\\./)+modules(/|$)',
  message:
    "The ETL imports the summaries' marks (gateway/src/summaries/), never a module: a module importing the ETL back would close a circle (docs/architecture.md#the-summaries-room).",
};
const CROSS_PACKAGE_IMPORT = {
  regex: '^(\\.\\./)+(gateway|client|packages)(/|$)',
  message: 'Import another package by its name (@infinitum/rules), never by a parent-relative path.',
};
const UPWARD_IMPORT = {
  regex: '^\\.\\./(\\.\\./)*(modules|etl|collector|stream|seed|simulate|dev|web|cli)(/|$)',
  message:
    'db/, graphql/, rest/ and shared/ never import a module, the pipeline or the composition root: export what a module contributes from its index.ts and list it in gateway/src/modules.ts.',
};
const COLLECTOR_IMPORT = {
  regex: '^\\.\\./(\\.\\./)*collector(/|$)',
  message:
    'The ETL and the modules reach the hit log through its port (gateway/src/stream), never the collector (docs/architecture.md#the-hit-path).',
};
const ABOVE_STREAM_IMPORT = {
  regex:
    '^\\.\\./(\\.\\./)*(modules|etl|collector|seed|simulate|dev|web|cli|rest|graphql|geo|config|server|main)(/|$)',
  message:
    'stream/ (the hit log port and its adapters) imports only shared/ and db/: the collector, the ETL and the modules sit above it.',
};

// The client's features: a feature never imports another (shared pieces live in client/src/components/); the
// signed-in session (auth/AuthProvider, auth/session-store) is the app's and may be read by every feature.
const FEATURES = [
  'admin',
  'api-keys',
  'auth',
  'campaigns',
  'dashboard',
  'legal',
  'monitoring',
  'overview',
  'system-admin',
];
const featureBlocks = FEATURES.map((feature) => ({
  files: [`client/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          CROSS_PACKAGE_IMPORT,
          {
            regex: `^(\\.\\./)+(${FEATURES.filter((f) => f !== feature).join('|')})/(?!(AuthProvider|session-store)$)`,
            message:
              'A feature never imports another feature: move the shared piece to client/src/components/ (the session, auth/AuthProvider and auth/session-store, is the exception).',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', 'client/src/gql/**', 'node_modules/**', 'test-artifacts/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['gateway/src/**/*.ts', 'tests/**/*.ts', 'client/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Transports stay at the edge: only a module's *.routes.ts / *.resolver.ts (and the transports and the
    // composition root themselves) may import rest/ or graphql/. Services, loaders and helpers stay transport-free.
    files: ['gateway/src/**/*.ts'],
    ignores: [
      'gateway/src/**/*.routes.ts',
      'gateway/src/**/*.resolver.ts',
      'gateway/src/rest/**',
      'gateway/src/graphql/**',
      'gateway/src/server.ts',
      'gateway/src/main.ts',
      'gateway/src/modules.ts',
      'gateway/src/cli/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [TRANSPORT_IMPORT, CROSS_PACKAGE_IMPORT],
        },
      ],
    },
  },
  {
    // The hit log has a room (stream/): the ETL and the modules use its port, never the collector's insides.
    files: ['gateway/src/{modules,etl}/**/*.ts'],
    ignores: ['gateway/src/**/*.routes.ts', 'gateway/src/**/*.resolver.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [TRANSPORT_IMPORT, COLLECTOR_IMPORT, CROSS_PACKAGE_IMPORT] }],
    },
  },
  {
    files: ['gateway/src/modules/**/*.routes.ts', 'gateway/src/modules/**/*.resolver.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [COLLECTOR_IMPORT, CROSS_PACKAGE_IMPORT] }],
    },
  },
  {
    files: ['gateway/src/stream/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [TRANSPORT_IMPORT, ABOVE_STREAM_IMPORT, CROSS_PACKAGE_IMPORT] }],
    },
  },
  {
    // Floors: shared -> db/stream -> modules -> transports -> composition root (gateway/src/modules.ts, server.ts,
    // cli/). The low floors never import a module, the ETL, the collector or the composition root's list: a module
    // contributes itself through its index.ts instead.
    files: ['gateway/src/{db,shared,summaries}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [TRANSPORT_IMPORT, UPWARD_IMPORT, CROSS_PACKAGE_IMPORT] }],
    },
  },
  {
    // The ETL sits beside the modules, not below them: it writes the tables and the summaries' marks
    // (summaries/marks.ts) and imports no module, so no module -> etl -> module circle can form. worker-main.ts is
    // a process root (like main.ts): it may start the modules' tasks.
    files: ['gateway/src/etl/**/*.ts'],
    ignores: ['gateway/src/etl/worker-main.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [TRANSPORT_IMPORT, MODULE_IMPORT, CROSS_PACKAGE_IMPORT] }],
    },
  },
  {
    files: ['gateway/src/{graphql,rest}/**/*.ts'],
    // Until authentication is one middleware below the transports, these three still reach into api-keys/auth.
    ignores: ['gateway/src/rest/http.ts', 'gateway/src/rest/openapi.ts', 'gateway/src/graphql/context.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [UPWARD_IMPORT, CROSS_PACKAGE_IMPORT] }],
    },
  },
  {
    // Packages meet by name: the client, the gateway and packages/rules never reach into each other by a
    // parent-relative path (`../../../../gateway/src/...`); the shared rules are `@infinitum/rules`.
    files: ['client/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [CROSS_PACKAGE_IMPORT] }],
    },
  },
  ...featureBlocks,
  {
    // Shared building blocks never reach into a feature.
    files: ['client/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CROSS_PACKAGE_IMPORT,
            {
              regex: '^(\\.\\./)+features(/|$)',
              message: 'client/src/components/ never imports a feature: a shared piece takes what it needs as props.',
            },
          ],
        },
      ],
    },
  },
);
