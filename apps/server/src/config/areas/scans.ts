// Scans (features/scans): how they crawl, how often the schedule is checked, and the free scan's budget.
import { z } from 'zod';
import { booleanString, nonNegativeInt, positiveInt } from './values.ts';

export const scansVariables = z.object({
  SCAN_RESPECT_ROBOTS: booleanString.default(true),
  SCAN_MAX_SEARCH_PAGES: positiveInt(5),
  SCAN_MAX_SOURCE_PAGES: positiveInt(5),
  SCAN_MAX_MEDIA_PER_PAGE: positiveInt(12),
  SCAN_VARIANTS_PER_USERNAME: positiveInt(16),
  SCAN_SITE_PAGE_BUDGET: positiveInt(200),
  SCAN_PER_HOST_CONCURRENCY: positiveInt(2),
  SCAN_PER_HOST_INTERVAL_MS: nonNegativeInt(250),
  SCAN_SCHEDULE_CHECK_SECONDS: positiveInt(300),
  FREE_SCAN_QUERY_BUDGET: positiveInt(40),
  FREE_SCAN_SECONDS: positiveInt(180),
});

export function scansConfig(env: z.infer<typeof scansVariables>) {
  return {
    /** How scans crawl (robots.txt, pages, media, per-host limits), how often the schedule is checked, and the free scan's budget. */
    scans: {
      respectRobots: env.SCAN_RESPECT_ROBOTS,
      maxSearchPages: env.SCAN_MAX_SEARCH_PAGES,
      /** Result pages asked of each web search API per query, as far as the provider has more. */
      maxSourcePages: env.SCAN_MAX_SOURCE_PAGES,
      maxMediaPerPage: env.SCAN_MAX_MEDIA_PER_PAGE,
      variantsPerUsername: env.SCAN_VARIANTS_PER_USERNAME,
      /** Pages a scan may fetch on one site it searches further because copies were found there. */
      sitePageBudget: env.SCAN_SITE_PAGE_BUDGET,
      perHost: {
        concurrency: env.SCAN_PER_HOST_CONCURRENCY,
        minIntervalMs: env.SCAN_PER_HOST_INTERVAL_MS,
      },
      scheduleCheckSeconds: env.SCAN_SCHEDULE_CHECK_SECONDS,
      freeScan: { queryBudget: env.FREE_SCAN_QUERY_BUDGET, seconds: env.FREE_SCAN_SECONDS },
    },
  };
}
