// The database: Postgres when DATABASE_URL is set, else the embedded PGlite under DATA_DIR.
import { z } from 'zod';
import { optionalString, positiveInt } from './values.ts';

export const databaseVariables = z.object({
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: positiveInt(10),
});

/** Tests also run on an in-memory PGlite (dataDir null) started from a dump (template). */
export type DatabaseConfig =
  | { driver: 'postgres'; url: string; poolSize: number }
  | { driver: 'pglite'; dataDir: string | null; template?: Blob };

export function databaseConfig(
  env: z.infer<typeof databaseVariables>,
  dataDir: string,
): { database: DatabaseConfig } {
  return {
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { driver: 'pglite', dataDir },
  };
}
