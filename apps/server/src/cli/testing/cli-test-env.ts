// Where a CLI test runs `shark`: a data folder of its own (and a Postgres database of its own when the
// tests run on Postgres) made before the file's tests and removed after them; and, for the admin-socket
// cases, a server that holds the embedded database while the CLI runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '@shark/db/client.ts';
import { loadConfig } from '#server/config/env.ts';
import { startAdminSocket, type AdminCommands } from '#server/features/admin/admin-socket.ts';
import { createLogger } from '#server/http/logger.ts';
import { createSharkServer, type Services } from '#server/app/server.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { sharkInProcess, type SharkResult } from './run-shark.ts';

export interface CliTestEnv {
  /** The environment `shark` runs with (DATA_DIR, the database, and the file's own variables). */
  readonly env: Record<string, string>;
  /** `shark <args>` in this process on the file's database. */
  shark: (...args: string[]) => Promise<SharkResult>;
  /** `run` on the file's database, opened and migrated as the CLI opens it, closed after. */
  withDatabase: <T>(run: (db: Database) => Promise<T>) => Promise<T>;
}

/**
 * Called at the top of a CLI test file: before its tests, a data folder named after `name` and the
 * environment `shark` runs with (plus `vars`, a function when they are known only once earlier hooks
 * have run); after them, both removed.
 */
export function useCliTestEnv(
  name: string,
  vars: Record<string, string> | (() => Record<string, string>) = {},
): CliTestEnv {
  let env: Record<string, string> | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), `shark-cli-${name}-`));
    const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
    env = {
      DATA_DIR: dataDir,
      ...(typeof vars === 'function' ? vars() : vars),
      ...(postgres ? { DATABASE_URL: postgres.url, AUTH_SECRET: 'a'.repeat(40) } : {}),
    };
    cleanup = async () => {
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(async () => {
    await cleanup?.();
  });
  const current = (): Record<string, string> => {
    if (!env) throw new Error('The CLI test environment is made in beforeAll.');
    return env;
  };
  return {
    get env() {
      return current();
    },
    shark: (...args) => sharkInProcess(current(), ...args),
    async withDatabase(run) {
      const database = await openDatabase(loadConfig(current(), 'cli').database);
      try {
        await database.migrate();
        return await run(database.db);
      } finally {
        await database.close();
      }
    },
  };
}

/** What a case gets while a server holds the embedded database. */
export interface LiveServer {
  services: Services;
  dataDir: string;
  /** The environment the CLI reaches the server with: its DATA_DIR, quiet. */
  live: Record<string, string>;
}

/**
 * Runs `run` while a server (always on PGlite, in a data folder of its own named after `name`, with
 * `vars`) holds the embedded database and answers `commands` on its admin socket; then stops it.
 */
export async function withServerHoldingDatabase(
  name: string,
  options: { vars?: Record<string, string>; commands?: (services: Services) => AdminCommands },
  run: (server: LiveServer) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), `shark-cli-${name}-live-`));
  const services = await createSharkServer(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.vars }),
    { logger: createLogger('silent'), workers: false },
  );
  const socket = await startAdminSocket(dataDir, services.accounts, options.commands?.(services));
  try {
    await run({ services, dataDir, live: { DATA_DIR: dataDir, LOG_LEVEL: 'silent' } });
  } finally {
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
