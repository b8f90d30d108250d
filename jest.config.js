/** One runner for everything: gateway/API suites on real MySQL + Redis, client components in jsdom, e2e in Chromium. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** The shared rules from their TypeScript source, as tsconfig's paths and the client's vite alias say. */
const rulesSource = { '^@infinitum/rules$': '<rootDir>/packages/rules/src/index.ts' };

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: rulesSource,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'json'],
};

module.exports = {
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      testMatch: [
        '<rootDir>/tests/{api,unit,pipeline,dashboard}/**/*.test.ts',
        '<rootDir>/tests/security/**/*.test.ts',
        '<rootDir>/gateway/src/**/*.test.ts',
      ],
    },
    {
      // The pipeline suites again with HIT_LOG=jetstream (docs/operations.md#hit-log): both engines pass the
      // same collection, durability and reference tests. NATS with JetStream at NATS_URL (127.0.0.1:4222).
      ...common,
      displayName: 'pipeline-jetstream',
      testEnvironment: 'node',
      globalSetup: '<rootDir>/tests/support/jetstream-setup.ts',
      setupFiles: ['<rootDir>/tests/support/jetstream-env.ts'],
      testMatch: [
        '<rootDir>/tests/pipeline/{collector,durability,reference}.test.ts',
        '<rootDir>/tests/jetstream/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'client',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/client/src/**/*.test.{ts,tsx}'],
      setupFiles: ['<rootDir>/client/jest.polyfills.js'],
      setupFilesAfterEnv: ['<rootDir>/client/jest.setup.ts'],
      // ESM-only client libraries are compiled to CommonJS for jsdom like our own sources.
      transformIgnorePatterns: ['/node_modules/(?!(@tanstack|react-day-picker)/)'],
      moduleNameMapper: {
        ...rulesSource,
        '\\.(css|less|svg|png)$': 'identity-obj-proxy',
        // the vite alias of client/vite.config.ts: one file of Chakra's default theme
        '^@chakra-theme/(.*)$': '<rootDir>/node_modules/@chakra-ui/react/dist/cjs/theme/$1.cjs',
      },
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      globalSetup: '<rootDir>/tests/support/global-setup.ts',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
    },
  ],
};
