// The discovery sources this server scans with, as configured: which are on (and why the others are
// off), each one's daily quota shared by every process, and the site catalog scanned directly.
//
// Sources call their provider APIs with plain fetch, not the guarded fetcher: the endpoints are
// operator configuration (a stand-in on 127.0.0.1 in tests and demos), never a URL from the web, and
// the requests refuse redirects. Every URL a provider returns is fetched later through the guarded
// fetcher by the pipeline.
import type { ScanSources } from '@shark/contracts/scans.ts';
import { loadSiteCatalog, type SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { createDiscoverySources } from '@shark/engine/discovery/sources/registry.ts';
import {
  isDiscoverySourceId,
  type DiscoverySource,
  type FetchLike,
} from '@shark/engine/discovery/sources/source.ts';
import type { ScanSourcesConfig } from '#server/config/env.ts';
import type { SourceUsageRepository } from './source-usage-repository.ts';

export interface ScanSourceService {
  /** Every source, on and off, in the order the UI lists them. */
  all(): DiscoverySource[];
  /** The sources that may be searched: a key, and a daily quota above 0. */
  enabled(): DiscoverySource[];
  /**
   * Atomically reserves n requests of today's (UTC) quota; false when they would pass it. Sources
   * without a quota always get them, and the requests are still counted for the UI.
   */
  reserve(sourceId: string, n: number): Promise<boolean>;
  /** GET /api/scan-sources. */
  status(): Promise<ScanSources>;
  /** From SITE_CATALOG_FILE (by default the engine's catalog.json), checked at start-up. */
  readonly catalog: SiteCatalog;
}

export interface ScanSourceServiceDeps {
  /** userAgent: sent to every provider (the engine's default bot User-Agent when absent). */
  config: { scanSources: ScanSourcesConfig; userAgent?: string };
  /** Each source's requests of the day, shared by every process. */
  usage: SourceUsageRepository;
  /** Provider HTTP client; global fetch by default. */
  fetch?: FetchLike;
  /** The client of dark web sources (Ahmia): through Tor; null when TOR_SOCKS_URL is unset. */
  torFetch?: FetchLike | null;
  /** Today's date comes from here (tests move it). */
  now?: () => Date;
}

/** The UTC day a request counts on. */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function createScanSourceService(deps: ScanSourceServiceDeps): ScanSourceService {
  const { scanSources: config } = deps.config;
  const now = deps.now ?? (() => new Date());
  const { usage } = deps;
  const catalog = loadSiteCatalog(config.siteCatalogFile);
  const sources = createDiscoverySources({
    brave: config.brave,
    serpApi: config.serpApi,
    yandex: config.yandex,
    tineye: config.tineye,
    googleVision: config.googleVision,
    ahmia: {
      endpoint: config.ahmia.endpoint,
      hasTor: Boolean(deps.torFetch),
      ...(deps.torFetch ? { fetch: deps.torFetch } : {}),
    },
    ratePerSecond: config.ratePerSecond,
    fetch: deps.fetch,
    userAgent: deps.config.userAgent,
  });

  const quotaOf = (sourceId: string): number | null =>
    isDiscoverySourceId(sourceId) ? (config.dailyQuotas[sourceId] ?? null) : null;

  /** The source's own status, or off when its quota allows nothing. */
  const statusOf = (source: DiscoverySource) => {
    const own = source.status();
    if (own.enabled && quotaOf(source.id) === 0) {
      return { enabled: false, reason: `${source.name} is off: its daily quota is 0.` };
    }
    return own;
  };

  return {
    catalog,
    all: () => [...sources],
    enabled: () => sources.filter((source) => statusOf(source).enabled),
    async reserve(sourceId, n) {
      if (!Number.isInteger(n) || n < 0) {
        throw new RangeError(`Reserve a whole number of requests, 0 or more, not ${n}.`);
      }
      if (n === 0) return true;
      return usage.reserve(sourceId, usageDay(now()), n, quotaOf(sourceId));
    },
    async status() {
      const used = await usage.usedOn(usageDay(now()));
      const byKind: Record<string, number> = {};
      for (const site of catalog.sites) byKind[site.kind] = (byKind[site.kind] ?? 0) + 1;
      return {
        sources: sources.map((source) => {
          const { enabled, reason } = statusOf(source);
          return {
            id: source.id,
            name: source.name,
            input: source.kind,
            enabled,
            reason,
            dailyQuota: quotaOf(source.id),
            usedToday: used.get(source.id) ?? 0,
          };
        }),
        catalog: { version: catalog.version, sites: catalog.sites.length, byKind },
      };
    },
  };
}
