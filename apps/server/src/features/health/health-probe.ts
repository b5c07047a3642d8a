// The database probe behind GET /api/health, shared by the requests that arrive while one is running.
import { countAppliedMigrations, type DatabaseHandle } from '@shark/db/client.ts';

export interface ProbeResult {
  latencyMs: number;
  migrations: number;
}

/**
 * One probe at a time: a monitor (or a hundred) asking at once waits on the probe in flight instead of
 * queueing a round trip each in front of the API's own queries. Migrations run only at start-up, so their
 * count is read once and kept.
 */
export function createHealthProbe(
  ping: () => Promise<unknown>,
  countMigrations: () => Promise<number>,
): () => Promise<ProbeResult> {
  let inFlight: Promise<ProbeResult> | null = null;
  let migrations: number | null = null;
  const probe = async (): Promise<ProbeResult> => {
    const started = performance.now();
    await ping();
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    migrations ??= await countMigrations();
    return { latencyMs, migrations };
  };
  return () => {
    inFlight ??= probe().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

export function databaseHealthProbe(database: DatabaseHandle) {
  return createHealthProbe(
    () => database.execute('select 1'),
    () => countAppliedMigrations(database),
  );
}
