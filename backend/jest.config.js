/** Jest 30 in ESM mode; swc compiles TypeScript with legacy decorators and metadata (see STACK.md). */
export default {
  // Every unhandled rejection fails its test file (see the environment).
  testEnvironment: '<rootDir>/test/strict-environment.mjs',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        target: 'es2022',
      },
      module: { type: 'es6' },
    }],
  },
  testMatch: ['<rootDir>/src/**/__tests__/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  setupFiles: ['<rootDir>/test/setup-env.ts'],
  // A limit, not a speed check: building a seeded app took over 30 s when the 2-core machine ran other suites beside.
  testTimeout: 60000,
  // Jest's ESM module registries grow a worker by a few hundred MB per file it runs: a worker past
  // this after a file is replaced by a fresh one (with BACKEND_TEST_WORKERS ≥ 2; scripts/test-all.mjs).
  workerIdleMemoryLimit: '1536MB',
};
