// ESLint for the TypeScript of both packages, the tests and the browser journeys (`npm run lint`,
// with dependency-cruiser's boundaries). What it holds the code to, and why these rules:
//  - JavaScript's and typescript-eslint's recommended rules (syntax only);
//  - type-aware, the promise rules: a promise nobody awaits or catches (`no-floating-promises`), a
//    promise where a plain value or a void callback is expected (`no-misused-promises`: an `if` on a
//    promise, an async listener whose rejection nobody hears), `await` on a non-promise;
//  - React's rules of hooks and their dependencies (eslint-plugin-react-hooks).
// Not the `no-unsafe-*` family: the `any` it tracks comes from JSON (supertest bodies, fetch), where
// tests check the shape with expectations, and would cost thousands of casts that check nothing.
// Not the React Compiler's rules of eslint-plugin-react-hooks 7 (purity, refs, set-state-in-effect):
// they judge code for a compiler Nirog does not use.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'frontend/src/gql/**', 'test-results/**', 'data/**', 'playwright-report/**'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['backend/src/**/*.ts', 'backend/test/**/*.ts', 'frontend/src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'examples/integrator/src/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        // react-router's navigate answers a promise that settles when the navigation ends; nothing waits for it.
        allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }],
      }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `_` marks an argument a signature requires and the function does not use (express's error handler's `next`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // An interface that only extends another is how the composition root fills in common's AppServices.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Tests read JSON answers (supertest bodies, GraphQL data) and assert their shape with expectations.
    files: ['backend/test/**/*.ts', '**/__tests__/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The scripts, benchmarks and configuration files: plain JavaScript for Node, without type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      // A React event prop may take an async handler: the app's handlers catch their refusals and
      // show them (lib/errors.ts). Arguments (listeners, timers, callbacks), conditions and spreads
      // are still checked.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['backend/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker: the worker's globals, and the names the build writes its version and files in place of.
    files: ['frontend/scripts/service-worker.js'],
    languageOptions: {
      globals: { ...globals.serviceworker, __NIROG_SW_VERSION__: 'readonly', __NIROG_SW_SHELL__: 'readonly', __NIROG_SW_PATIENT_PAGES__: 'readonly' },
    },
  },
  {
    // Checks that await at their top level (an ES module's own).
    files: ['**/*.mjs'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
  },
  {
    // What the earlier client's walker runs inside the page.
    files: ['scripts/earlier-client/walk.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
