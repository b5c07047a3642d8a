// pg-boss on the embedded database: its SQL runs on the process's one PGlite connection.
import type { PGlite } from '@electric-sql/pglite';

export interface QueueDatabase {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss sends two kinds of SQL: parameterised single statements (jobs), and parameterless scripts of
 * several statements (its schema, maintenance in a locked transaction). PGlite's `query` takes only
 * the first kind and `exec` only the second, so each goes to its own.
 */
export function pgliteQueueDatabase(client: PGlite): QueueDatabase {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        // node-postgres sends undefined as NULL; PGlite expects null.
        const result = await client.query(
          text,
          values.map((value) => (value === undefined ? null : value)),
        );
        return { rows: result.rows };
      }
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
