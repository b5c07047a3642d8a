// Opens the database: embedded PGlite in a data directory, or a Postgres server by URL.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';
import { StatementTurns } from './statement-turns.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Runs one raw statement; used by the job queue and health checks. */
  execute: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  /** The driver's own connection, for code that speaks to it directly (the job queue on PGlite). */
  native: { driver: 'pglite'; client: PGlite } | { driver: 'postgres'; pool: pg.Pool };
  migrate: () => Promise<void>;
  close: () => Promise<void>;
}

export type DatabaseOptions =
  | { driver: 'postgres'; url: string; poolSize?: number }
  | {
      driver: 'pglite';
      dataDir: string | null;
      /**
       * In memory only (dataDir null): start from this dump of a database (`dumpDataDir`) instead of an
       * empty cluster. Tests start every file from one migrated dump: initdb and the migrations run once.
       */
      template?: Blob;
    };

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Arbitrary constant for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_241_003;

export class DataDirLockedError extends Error {}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === 'postgres'
    ? openPostgres(options.url, options.poolSize)
    : openPglite(options.dataDir, options.template);
}

function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A pool error on an idle client must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return Promise.resolve({
    db,
    driver: 'postgres',
    native: { driver: 'postgres', pool },
    execute: async (text, params) => {
      const result = await pool.query(text, params);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  });
}

/**
 * Postgres's page cache lives inside PGlite's WebAssembly memory and is touched whole at start, so the
 * stock 128 MB is 128 MB of the process's resident memory from the first second. PGlite reads its
 * files through Node's fs, which the kernel caches anyway, so a small cache costs little speed and
 * saves ~110 MB (a 10,000-page scan's peak: see bench/scan-10k.ts).
 */
const PGLITE_OPTIONS = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };

async function openPglite(dataDir: string | null, template?: Blob): Promise<DatabaseHandle> {
  let release = () => undefined as void;
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    release = acquireDataDirLock(dataDir);
    try {
      const pgdata = join(dataDir, 'pglite');
      const isNew = !existsSync(pgdata);
      client = await PGlite.create(pgdata, PGLITE_OPTIONS);
      if (isNew) {
        // Creating the cluster (initdb) grows PGlite's WebAssembly memory to ~650 MB, which never
        // shrinks; the same cluster opened again needs about a third of that. So a first start opens
        // the new cluster once more instead of keeping the inflated instance for the process's life.
        await client.close();
        client = await PGlite.create(pgdata, PGLITE_OPTIONS);
      }
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create(
      template ? { ...PGLITE_OPTIONS, loadDataDir: template } : PGLITE_OPTIONS,
    );
  }
  const raw = client;
  client = withTurns(client, new StatementTurns());
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    native: { driver: 'pglite', client },
    execute: async (text, params) => {
      const result = await client.query(text, params);
      return { rows: result.rows as Record<string, unknown>[] };
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      await raw.close();
      release();
    },
  };
}

/** The statements PGlite runs for its callers: each waits for its turn (statement-turns.ts). */
const TURN_TAKING = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/** `client` with every statement and transaction sent through it taking its turn. */
function withTurns(client: PGlite, turns: StatementTurns): PGlite {
  // By the function found, not the name: a method replaced on the client (a test's recorder) is used.
  const methods = new WeakMap<object, unknown>();
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = methods.get(value);
      if (method === undefined) {
        const own = value as (...args: unknown[]) => Promise<unknown>;
        method = TURN_TAKING.has(property)
          ? (...args: unknown[]) => turns.run(() => own.apply(target, args))
          : own.bind(target);
        methods.set(value, method);
      }
      return method;
    },
  });
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it.
 * A pid file guards it; a stale file left by a dead process is taken over.
 */
function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = join(dataDir, 'shark.lock');
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch {
    const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by process ${holder}. ` +
          'Stop that process first, or point both at a Postgres server with DATABASE_URL.',
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A dump of a new in-memory database with every migration applied: the template for `template` above.
 * `prepare` runs on it after the migrations, for what every copy would otherwise make for itself.
 */
export async function migratedPgliteDump(
  prepare?: (handle: DatabaseHandle) => Promise<void>,
): Promise<Blob> {
  const handle = await openPglite(null);
  try {
    await handle.migrate();
    await prepare?.(handle);
    if (handle.native.driver !== 'pglite') throw new Error('not PGlite');
    return await handle.native.client.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

export async function countAppliedMigrations(handle: DatabaseHandle): Promise<number> {
  const result = await handle.db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const rows = (result as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? 0;
}
