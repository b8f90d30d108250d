import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', 'client/src/gql/**', 'node_modules/**', 'test-artifacts/**', '**/*.js', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['gateway/src/**/*.ts', 'tests/**/*.ts', 'client/src/**/*.{ts,tsx}'],
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
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(.*/)?(rest|graphql)/',
              message:
                'Only *.routes.ts and *.resolver.ts may import a transport (rest/, graphql/); keep this file transport-free.',
            },
          ],
        },
      ],
    },
  },
);
