// GET /api/health: is the process up and can it reach its database.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { healthSchema, type Health } from '@shark/contracts/system.ts';
import type { DatabaseHandle } from '@shark/db/client.ts';
import { databaseHealthProbe } from './health-probe.ts';

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
  const probe = databaseHealthProbe(database);
  return new OpenAPIHono().openapi(route, async (c) => {
    const base = { version, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    try {
      const { latencyMs, migrations } = await probe();
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
