import base from './jest.config.js';

/**
 * `npm run test:quick`: the rules that need neither the app nor a database (status moves, policies,
 * the dispensing arithmetic, vitals, medicine matching, declared limits, link signing...), files named
 * `*.unit.test.ts`. They run in `npm test` too, with the rest of the backend suite, once.
 */
export default {
  ...base,
  testMatch: ['<rootDir>/src/**/__tests__/**/*.unit.test.ts', '<rootDir>/test/**/*.unit.test.ts'],
};
