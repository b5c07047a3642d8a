// The two Vitest projects that `npm test` (scripts/test.mjs) runs: fast unit tests and
// integration tests against a real database (SHARK_TEST_DB picks PGlite or Postgres).
import { defineConfig } from 'vitest/config';

const alwaysExcluded = ['**/node_modules/**', '**/dist/**'];
const onPostgres = process.env.SHARK_TEST_DB === 'postgres';
/**
 * Integration files whose outcome does not depend on SHARK_TEST_DB: the fetcher and the Tor path (no
 * database), and the scan pipeline's crash and multi-worker tests (they start Shark processes on the
 * embedded database and on Postgres themselves). `npm test` runs its two database passes with
 * SHARK_TEST_ONCE=postgres on the PGlite pass, so these run once, in the Postgres pass; run alone,
 * Vitest runs them whatever the database.
 */
const databaseIndependent = [
  'packages/engine/src/fetch/safe-fetch.int.test.ts',
  'packages/engine/src/fetch/crawler.int.test.ts',
  'packages/engine/src/fetch/robots.int.test.ts',
  'packages/simulated-web/src/onion/tor-fetch.int.test.ts',
  'packages/simulated-web/src/onion/tor-https.int.test.ts',
  'apps/server/src/features/scans/scan-resilience.int.test.ts',
];
const runsElsewhere = process.env.SHARK_TEST_ONCE === 'postgres' && !onPostgres;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/**/*.test.ts',
            'packages/**/*.test.tsx',
            'apps/**/*.test.ts',
            'apps/**/*.test.tsx',
          ],
          exclude: [...alwaysExcluded, '**/*.int.test.ts'],
          // Both cores: Vitest's default leaves one for itself, which on CI's 2 cores is one worker.
          maxWorkers: 2,
          // The matching engine's tests decode and fingerprint real pictures: a limit for a loaded
          // machine, not a speed assertion.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/**/*.int.test.ts', 'packages/**/*.int.test.ts'],
          exclude: [...alwaysExcluded, ...(runsElsewhere ? databaseIndependent : [])],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // On PGlite one file at a time: each file runs its own database in the test's process and
          // the machine has 2 cores. On Postgres the database is a server of its own and a file
          // spends much of its time waiting on it, or on the processes it starts: two at once.
          ...(onPostgres ? { maxWorkers: 2 } : { fileParallelism: false }),
          // Files share their worker and its loaded modules (the server's graph takes seconds to load):
          // every file starts and closes its own database and servers, so no state crosses files.
          isolate: false,
          // After the unit tests (a group of its own: the two projects use different numbers of workers).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
