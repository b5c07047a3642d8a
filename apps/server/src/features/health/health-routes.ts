// GET /api/health: is the process up and can it reach its database.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { healthSchema, type Health } from '@shark/contracts/system.ts';
import { countAppliedMigrations, type DatabaseHandle } from '@shark/db/client.ts';

const startedAt = Date.now();
const version = process.env.npm_package_version ?? '0.1.0';

const route = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Liveness and database state',
  responses: {
    200: { description: 'Up', content: { 'application/json': { schema: healthSchema } } },
    503: {
      description: 'Database unreachable',
      content: { 'application/json': { schema: healthSchema } },
    },
  },
});

export function healthRoutes(database: DatabaseHandle) {
  return new OpenAPIHono().openapi(route, async (c) => {
    const base = { version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    const started = performance.now();
    try {
      await database.execute('select 1');
      const latencyMs = Math.round((performance.now() - started) * 100) / 100;
      const migrations = await countAppliedMigrations(database);
      const body: Health = {
        ...base,
        status: 'ok',
        database: { status: 'up', driver: database.driver, latencyMs, migrations },
      };
      return c.json(body, 200);
    } catch (error) {
      const body: Health = {
        ...base,
        status: 'degraded',
        database: {
          status: 'down',
          driver: database.driver,
          latencyMs: null,
          migrations: 0,
          error: (error as Error).message,
        },
      };
      return c.json(body, 503);
    }
  });
}
