// The discovery sources (on or off), their daily quotas and the site catalog.
import { fetch as undiciFetch } from 'undici';
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { scanSourceRoutes } from './scan-sources-routes.ts';
import { createScanSourceService } from './scan-source-service.ts';
import { createSourceUsageRepository } from './source-usage-repository.ts';

export function createScanSourcesModule(platform: Platform) {
  const sources = createScanSourceService({
    config: platform.config,
    usage: createSourceUsageRepository(platform.database.db),
    // Dark web sources reach their onion endpoints through the guarded dispatcher, which sends
    // onion hosts (and only those) to Tor.
    torFetch: platform.fetcher.hasTor
      ? (url, init) =>
          undiciFetch(url, {
            method: init.method,
            headers: init.headers as Record<string, string>,
            signal: init.signal,
            redirect: init.redirect,
            dispatcher: platform.fetcher.dispatcher,
          })
      : null,
  });
  return featureModule('scan-sources', sources, {
    routes: ({ auth }) => [mount(scanSourceRoutes({ auth, sources }))],
  });
}
