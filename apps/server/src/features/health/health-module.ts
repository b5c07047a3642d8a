// The health check: whether the database answers and its migrations are applied.
import type { DatabaseHandle } from '@shark/db/client.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { healthRoutes } from './health-routes.ts';

export function createHealthModule(deps: { database: DatabaseHandle }) {
  return featureModule('health', null, {
    bareRoutes: () => [mount(healthRoutes(deps.database))],
  });
}
