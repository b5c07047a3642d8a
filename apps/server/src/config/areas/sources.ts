// Discovery sources (features/scan-sources): each provider's endpoint and key, daily quotas, requests per second, the site catalog file.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_CATALOG_FILE } from '@shark/engine/discovery/site-catalog/catalog.ts';
import {
  DISCOVERY_SOURCE_IDS,
  isDiscoverySourceId,
  type DiscoverySourceId,
} from '@shark/engine/discovery/sources/source.ts';
import { optionalHttpUrl, optionalString, type IsSet } from './values.ts';

/** A provider's API base URL (tests and demos point it at a stand-in). */
const providerUrl = optionalHttpUrl;

/** "id=value,id=value" with source ids; each bad entry is its own problem. */
function sourceEntries(
  value: string | undefined,
  ctx: z.RefinementCtx,
  parse: (raw: string) => number | null,
  expected: string,
): { byId: Partial<Record<DiscoverySourceId, number>>; bare: number | null } {
  const byId: Partial<Record<DiscoverySourceId, number>> = {};
  let bare: number | null = null;
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [id, raw, ...extra] = entry.split('=').map((p) => p.trim());
    if (raw === undefined) {
      const n = parse(entry);
      if (n === null) ctx.addIssue({ code: 'custom', message: `"${entry}" is not ${expected}` });
      else bare = n;
      continue;
    }
    if (id === undefined || !isDiscoverySourceId(id) || extra.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" does not name a source (${DISCOVERY_SOURCE_IDS.join(', ')})`,
      });
      continue;
    }
    const n = parse(raw);
    if (n === null) ctx.addIssue({ code: 'custom', message: `${id}: "${raw}" is not ${expected}` });
    else if (byId[id] !== undefined)
      ctx.addIssue({ code: 'custom', message: `${id} is given twice` });
    else byId[id] = n;
  }
  return { byId, bare };
}

/** SOURCE_DAILY_QUOTAS: "brave-web=2000,tineye=150"; a source not listed has no daily quota. */
const sourceDailyQuotas = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parse = (raw: string) => (/^\d+$/.test(raw) ? Number(raw) : null);
    const { byId, bare } = sourceEntries(
      value,
      ctx,
      parse,
      'a whole number of requests, 0 or more',
    );
    if (bare !== null)
      ctx.addIssue({
        code: 'custom',
        message: 'give each quota as source=number (brave-web=2000)',
      });
    return byId;
  });

/** SOURCE_RATE_PER_SECOND: "1" for every source, "brave-web=20,tineye=0.5" per source, or both ("2,tineye=0.5"). */
const sourceRatePerSecond = z
  .string()
  .optional()
  .transform((value, ctx): Record<DiscoverySourceId, number> => {
    const parse = (raw: string) =>
      /^\d+(\.\d+)?$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
    const { byId, bare } = sourceEntries(
      value,
      ctx,
      parse,
      'a number of requests per second above 0',
    );
    const fallback = bare ?? 1;
    return Object.fromEntries(
      DISCOVERY_SOURCE_IDS.map((id) => [id, byId[id] ?? fallback]),
    ) as Record<DiscoverySourceId, number>;
  });

export const sourcesVariables = z.object({
  BRAVE_API_KEY: optionalString,
  BRAVE_API_URL: providerUrl,
  SERPAPI_API_KEY: optionalString,
  SERPAPI_URL: providerUrl,
  YANDEX_API_KEY: optionalString,
  YANDEX_FOLDER_ID: optionalString,
  YANDEX_API_URL: providerUrl,
  TINEYE_API_KEY: optionalString,
  TINEYE_API_URL: providerUrl,
  GOOGLE_VISION_API_KEY: optionalString,
  GOOGLE_VISION_API_URL: providerUrl,
  SOURCE_DAILY_QUOTAS: sourceDailyQuotas,
  SOURCE_RATE_PER_SECOND: sourceRatePerSecond,
  SITE_CATALOG_FILE: optionalString,
  AHMIA_URL: providerUrl,
});

export function sourcesProblems(set: IsSet): string[] {
  return set('YANDEX_API_KEY') && !set('YANDEX_FOLDER_ID')
    ? [
        'YANDEX_FOLDER_ID: is required with YANDEX_API_KEY (the Yandex Cloud folder the searches are billed to)',
      ]
    : [];
}

export function sourcesConfig(env: z.infer<typeof sourcesVariables>) {
  return {
    /** Discovery sources (features/scan-sources): each provider's endpoint and key, daily quotas, requests per second, the site catalog file. */
    scanSources: {
      /** endpoint undefined: the provider's own; apiKey undefined: the source is off. */
      brave: { endpoint: env.BRAVE_API_URL, apiKey: env.BRAVE_API_KEY },
      serpApi: { endpoint: env.SERPAPI_URL, apiKey: env.SERPAPI_API_KEY },
      yandex: {
        endpoint: env.YANDEX_API_URL,
        apiKey: env.YANDEX_API_KEY,
        folderId: env.YANDEX_FOLDER_ID,
      },
      tineye: { endpoint: env.TINEYE_API_URL, apiKey: env.TINEYE_API_KEY },
      googleVision: { endpoint: env.GOOGLE_VISION_API_URL, apiKey: env.GOOGLE_VISION_API_KEY },
      /** Requests a day per source, shared by every process; a source not listed has no quota. */
      dailyQuotas: env.SOURCE_DAILY_QUOTAS,
      /** Requests per second per source, in each process. */
      ratePerSecond: env.SOURCE_RATE_PER_SECOND,
      /** Ahmia's onion search (the onion address by default); searched only when Tor is configured. */
      ahmia: { endpoint: env.AHMIA_URL },
      siteCatalogFile: resolve(env.SITE_CATALOG_FILE ?? fileURLToPath(DEFAULT_CATALOG_FILE)),
    },
  };
}
