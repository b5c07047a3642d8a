// End-to-end tests in a real Chromium against the production server and the built SPA.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

// Every run starts on an empty data directory (database and written mails). The config is also
// loaded by each worker; workers inherit this variable, so they all see the runner's directory.
process.env.SHARK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'shark-e2e-'));
export const DATA_DIR = process.env.SHARK_E2E_DATA_DIR;

/**
 * Where specs run local stand-ins of outside sites (accounts.spec.ts serves OnlyFans profile pages
 * there). The server's fetcher may reach it (SHARK_FETCH_ALLOWLIST) and OnlyFans profile URLs point
 * at it (PROFILE_URL_TEMPLATES); every other internal address stays refused.
 */
export const STAND_IN_PORT = PORT + 1000;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  outputDir: `test-results/${PORT}`,
  // Limits for a loaded machine, not speed assertions: npm test runs two of these runs at once on
  // 2 cores (e2e/run.mjs), and a walk through every state of the sidebar took 59 s there.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Shark behind the simulated web (e2e/simulated-web-server.mjs): scans search its local stand-in
    // sites and Brave API, never the real web.
    command: 'node --import tsx e2e/simulated-web-server.mjs',
    cwd: repoRoot,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR,
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Mails are written as .eml files under DATA_DIR/mail, where the tests read them.
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      SHARK_FETCH_ALLOWLIST: `127.0.0.1:${STAND_IN_PORT}`,
      // No scheduled scans during a run: they would start for every subscriber the specs create, at
      // moments no spec controls (scans.spec.ts starts its own). The scheduler has integration tests.
      SCAN_SCHEDULE_CHECK_SECONDS: '86400',
      // Shark's pauses for real sites, which make specs wait rather than work here: the simulated
      // web's sites need no pause between two fetches (the integration tests scan with none either;
      // the per-host limiter has tests of its own), and the sweeps that escalate a rejected notice
      // (takedown-flow.spec.ts) and move answered work off the staff queue (staff-work.spec.ts) run
      // every few seconds instead of every 30.
      SCAN_PER_HOST_INTERVAL_MS: '0',
      ENFORCEMENT_SWEEP_SECONDS: '3',
      STAFF_QUEUE_SYNC_SECONDS: '3',
      PROFILE_URL_TEMPLATES: JSON.stringify({
        onlyfans: `http://127.0.0.1:${STAND_IN_PORT}/onlyfans/{username}`,
      }),
    },
  },
});
