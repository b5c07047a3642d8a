// How much a scan may do: the settings the scans module passes the pipeline, and the smaller free scan's limits.

export interface ScanSettings {
  respectRobots: boolean;
  /** Result pages followed per catalog search (1 = the first page only). */
  maxSearchPages: number;
  /** Result pages asked of each text search API per query. */
  maxSourcePages: number;
  /** Pictures and videos matched per page. */
  maxMediaPerPage: number;
  /** Username variants checked per username on each social network. */
  variantsPerUsername: number;
  /** Reference pictures sent to each reverse image search per scan. */
  imageSearchReferences: number;
  /** Pages a scan may fetch on one site it searches further because copies were found there. */
  sitePageBudget: number;
}

export const DEFAULT_SCAN_SETTINGS: ScanSettings = {
  respectRobots: true,
  maxSearchPages: 5,
  maxSourcePages: 5,
  maxMediaPerPage: 12,
  variantsPerUsername: 16,
  imageSearchReferences: 20,
  sitePageBudget: 200,
};

/** What the free scan in onboarding may do (time and query budget, no reverse image search). */
export const FREE_SCAN_LIMITS = {
  maxSearchPages: 1,
  maxSourcePages: 1,
  variantsPerUsername: 3,
} as const;
