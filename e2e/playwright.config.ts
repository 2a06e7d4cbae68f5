import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium against the built app: one server (backend + frontend on one
 * port) on a fresh database: in-memory PGlite, or E2E_DATABASE_URL (a fresh PostgreSQL database
 * made by e2e/global-setup.ts when DATABASE_URL is set).
 */
const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;
const ignored = process.env.E2E_IGNORE ? process.env.E2E_IGNORE.split(',') : [];
/** The `layout` project's specs (below): checks of what pages draw, each test on its own. */
const LAYOUT = ['**/a11y.spec.ts', '**/screens.spec.ts', '**/admin-tables.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // E2E_IGNORE: specs left out of a run (comma-separated globs); .ci/run's PostgreSQL pass leaves out the
  // rendering-only checks that its PGlite pass ran against the same build.
  testIgnore: ignored,
  // Limits, not speed checks: a loaded 2-core machine (PostgreSQL, the server and Chromium side by
  // side) once needed more than 10 s for a logout's round trip.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two projects. The journeys share one server and its demo data and run one at a time, in file
  // order. The `layout` checks (a11y.spec.ts: axe on every route, about thirty screens a test;
  // screens.spec.ts: the README's screenshots; admin-tables.spec.ts: every admin table drawn whole)
  // write nothing that another test reads and do not depend on each other or on the journeys: `npm
  // test` runs them first, alone, on two workers (--project=layout --workers=2; on this 2-core machine
  // a third off their time), then the journeys (--project=journeys) against a server of their own. With
  // one worker (the default here) a plain `playwright test` runs both projects one test at a time.
  workers: 1,
  projects: [
    // A project's testIgnore replaces the one above: each names E2E_IGNORE again.
    // Each its own output folder: a run empties its folder first, and the journeys' run would
    // otherwise delete the layout runs' failure screenshots.
    { name: 'layout', testMatch: LAYOUT, testIgnore: ignored, fullyParallel: true, outputDir: '../test-results/e2e-artifacts/layout' },
    { name: 'journeys', testIgnore: [...LAYOUT, ...ignored], outputDir: '../test-results/e2e-artifacts/journeys' },
  ],
  retries: 0,
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e-artifacts',
  globalSetup: './global-setup.ts',
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    cwd: '..',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // A doctor who has not started a paid consultation is a no-show after 2 minutes here (15 in real
    // use), and the jobs run every 5 seconds, so a journey can watch the refund happen by itself.
    // Every browser of the run reads from 127.0.0.1: the per-address limits on public reads and searches are the backend tests' to check.
    // A number may ask for a new SMS code after 20 seconds here (60 in real use; the backend tests check
    // the wait): the family journey logs in again with the number it signed up with, and waited out 46 s
    // of the minute in each pass of CI.
    env: { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', PUBLIC_URL: baseURL, CONSULTATION_NO_SHOW_MINUTES: '2', JOBS_EVERY_SECONDS: '5',
      SEARCHES_PER_IP_PER_MINUTE: '1000000', PUBLIC_READS_PER_IP_PER_MINUTE: '1000000', SMS_CODE_RESEND_SECONDS: '20' },
  },
});
