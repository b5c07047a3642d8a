// The two Vitest projects that `npm test` (scripts/test.mjs) runs: fast unit tests and
// integration tests against a real database (SHARK_TEST_DB picks PGlite or Postgres).
import { defineConfig } from 'vitest/config';

const alwaysExcluded = ['**/node_modules/**', '**/dist/**'];

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
          exclude: alwaysExcluded,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: each file starts its own database and the machine has 2 cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
