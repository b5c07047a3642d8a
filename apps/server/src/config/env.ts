// Configuration: parsed once at start-up; every bad variable is reported in one message.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseAllowlist, type AllowlistEntry } from '@shark/engine/fetch/allowlist.ts';
import { botUserAgent } from '@shark/engine/fetch/user-agent.ts';
import { DEFAULT_CATALOG_FILE } from '@shark/engine/discovery/site-catalog/catalog.ts';
import {
  CdnRangesError,
  parseCdnProvider,
  type CdnProvider,
  type CdnRanges,
} from '@shark/engine/recipients/cdn-ranges.ts';
import { IANA_BOOTSTRAP } from '@shark/engine/recipients/rdap-bootstrap.ts';
import {
  DISCOVERY_SOURCE_IDS,
  isDiscoverySourceId,
  type DiscoverySourceId,
} from '@shark/engine/discovery/sources/source.ts';
import {
  DEFAULT_PROFILE_URL_TEMPLATES,
  HANDLE_PLATFORMS,
  profileUrlTemplateProblem,
  type HandlePlatform,
  type ProfileUrlTemplates,
} from '@shark/engine/accounts/account-identity.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number above 0' })
    .int('must be a whole number above 0')
    .positive('must be a whole number above 0')
    .default(fallback);

const nonNegativeInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number, 0 or more' })
    .int('must be a whole number, 0 or more')
    .min(0, 'must be a whole number, 0 or more')
    .default(fallback);

/**
 * TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For. The client is the
 * address the outermost trusted proxy saw: that many hops from the right. true/yes = 1; false/no/0 = none
 * (the socket's peer, and the header is ignored).
 */
const trustProxyHops = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const named: Record<string, number> = { true: 1, yes: 1, false: 0, no: 0 };
    const hops = named[value.toLowerCase()] ?? (/^\d{1,2}$/.test(value) ? Number(value) : NaN);
    if (Number.isNaN(hops))
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false or a number of proxy hops (0-99)',
      });
    return hops;
  })
  .default(0);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** SHARK_FETCH_ALLOWLIST: "host" or "host:port", comma-separated; each bad entry is its own problem. */
const fetchAllowlist = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const { entries, problems } = parseAllowlist(value);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return entries;
  });

/** PROFILE_URL_TEMPLATES: JSON such as {"onlyfans":"http://127.0.0.1:4300/of/{username}"}. */
const profileUrlTemplates = z
  .string()
  .optional()
  .transform((value, ctx): ProfileUrlTemplates => {
    const templates = { ...DEFAULT_PROFILE_URL_TEMPLATES };
    if (value === undefined || value.trim() === '') return templates;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of platform to URL template',
      });
      return templates;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of platform to URL template',
      });
      return templates;
    }
    for (const [platform, template] of Object.entries(parsed)) {
      if (!(HANDLE_PLATFORMS as readonly string[]).includes(platform)) {
        ctx.addIssue({
          code: 'custom',
          message: `${platform} is not a platform with usernames (${HANDLE_PLATFORMS.join(', ')})`,
        });
        continue;
      }
      const problem =
        typeof template === 'string' ? profileUrlTemplateProblem(template) : 'must be a string';
      if (problem) ctx.addIssue({ code: 'custom', message: `${platform} ${problem}` });
      else templates[platform as HandlePlatform] = template as string;
    }
    return templates;
  });

// --- Discovery sources (features/scan-sources) ---

/** A provider's API base URL (tests and demos point it at a stand-in). */
const providerUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
);

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

// --- Enforcement (features/enforcement) ---

/** An RFC 9224 bootstrap file's address (tests point it at a local RDAP stand-in). */
const rdapBootstrapUrl = (fallback: string) =>
  optionalString
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional())
    .transform((v) => v ?? fallback);

/**
 * CDN_RANGES: a JSON file of CDNs whose addresses hide the real host, `{"providers":[…]}` or one
 * provider (id, name, channel, ranges), replacing the shipped Cloudflare list. Read at start-up.
 */
const cdnRangesFile = optionalString.transform((value, ctx): CdnRanges | undefined => {
  if (value === undefined) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(resolve(value), 'utf8'));
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `${value} cannot be read as JSON (${(error as Error).message})`,
    });
    return undefined;
  }
  const list: unknown[] =
    typeof data === 'object' &&
    data !== null &&
    'providers' in data &&
    Array.isArray(data.providers)
      ? data.providers
      : [data];
  const providers: CdnProvider[] = [];
  list.forEach((entry, index) => {
    try {
      providers.push(parseCdnProvider(entry));
    } catch (error) {
      const problems =
        error instanceof CdnRangesError ? error.problems : [(error as Error).message];
      for (const problem of problems)
        ctx.addIssue({ code: 'custom', message: `${value} provider ${index + 1}: ${problem}` });
    }
  });
  if (providers.length === 0 && list.length === 0)
    ctx.addIssue({ code: 'custom', message: `${value} lists no CDN` });
  return { providers };
});

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: positiveInt(10),
  AUTH_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z
    .url({ message: 'must be an absolute URL' })
    .default('https://accounts.google.com'),
  BRANDS_FILE: optionalString,
  PLANS_FILE: optionalString,
  TRUST_PROXY: trustProxyHops,
  AUTH_RATE_WINDOW_SECONDS: positiveInt(900),
  AUTH_RATE_MAX_PER_EMAIL: positiveInt(10),
  AUTH_RATE_MAX_PER_IP: positiveInt(100),
  AUTH_RATE_DELAY_BASE_MS: nonNegativeInt(1_000),
  AUTH_RATE_DELAY_MAX_MS: nonNegativeInt(10_000),
  AUTH_RATE_EMAIL_CHANGES_PER_HOUR: positiveInt(5),
  WEB_DIST_DIR: z.string().min(1).default(join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  SHARK_FETCH_ALLOWLIST: fetchAllowlist,
  SHARK_FETCH_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  SHARK_FETCH_TIMEOUT_MS: positiveInt(15_000),
  SHARK_FETCH_MAX_BYTES: positiveInt(5 * 1024 * 1024),
  PROFILE_URL_TEMPLATES: profileUrlTemplates,
  ACCOUNT_CHECK_INTERVAL_SECONDS: positiveInt(30),
  WORKER_CONCURRENCY: positiveInt(2),
  S3_ENDPOINT: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  MAX_UPLOAD_BYTES: positiveInt(4 * 1024 ** 3),
  UPLOAD_EXPIRY_HOURS: positiveInt(24),
  // --- Scans (features/scans) ---
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
  // --- Discovery sources (features/scan-sources) ---
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
  // --- Enforcement (features/enforcement) ---
  RDAP_BOOTSTRAP_IPV4_URL: rdapBootstrapUrl(IANA_BOOTSTRAP.ipv4Url),
  RDAP_BOOTSTRAP_IPV6_URL: rdapBootstrapUrl(IANA_BOOTSTRAP.ipv6Url),
  RDAP_BOOTSTRAP_DNS_URL: rdapBootstrapUrl(IANA_BOOTSTRAP.dnsUrl),
  CDN_RANGES: cdnRangesFile,
  TAKEDOWN_RESPONSE_HOURS: positiveInt(72),
  TAKEDOWN_FIRST_CHECK_HOURS: positiveInt(24),
  TAKEDOWN_SEND_ATTEMPTS: positiveInt(8),
  NOTICE_RATE_PER_RECIPIENT_PER_HOUR: positiveInt(20),
  DELISTING_BATCH_HOUR_UTC: z.coerce
    .number({ message: 'must be an hour from 0 to 23' })
    .int('must be an hour from 0 to 23')
    .min(0, 'must be an hour from 0 to 23')
    .max(23, 'must be an hour from 0 to 23')
    .default(0),
  OUTBOX_CLAIM_SECONDS: positiveInt(300),
  ENFORCEMENT_SWEEP_SECONDS: positiveInt(30),
  SITE_CONTACT_MAX_AGE_DAYS: positiveInt(30),
  // --- Takedown lifecycle (features/takedown-lifecycle) ---
  TAKEDOWN_CHECK_MAX_HOURS: positiveInt(7 * 24),
  // --- Billing (features/billing) ---
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalString
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional())
    .transform((v) => v ?? 'https://api.stripe.com'),
  BILLING_GRACE_DAYS: positiveInt(7),
  BILLING_SWEEP_SECONDS: positiveInt(300),
  // --- Notifications (features/notifications) ---
  EMAIL_SETTINGS_LINK_DAYS: positiveInt(90),
  ANNOUNCEMENT_SWEEP_SECONDS: positiveInt(60),
  // --- Affiliate programme (features/affiliates) ---
  AFFILIATE_COMMISSION_PERCENT: z.coerce
    .number({ message: 'must be a percentage from 0 to 100' })
    .min(0, 'must be a percentage from 0 to 100')
    .max(100, 'must be a percentage from 0 to 100')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most two decimals')
    .default(20),
  AFFILIATE_HOLD_DAYS: nonNegativeInt(30),
  AFFILIATE_MIN_PAYOUT: nonNegativeInt(5000),
  // --- Free Removals (features/promo-removals) ---
  PROMO_FREE_REMOVALS: nonNegativeInt(3),
});

/** Rules that tie variables together; checked on the raw input so they are reported with the rest. */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => (source[name] ?? '').trim() !== '';
  const problems: string[] = [];
  if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
    const missing = set('GOOGLE_CLIENT_ID') ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    problems.push(
      `${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together or not at all`,
    );
  }
  if (set('DATABASE_URL') && !set('AUTH_SECRET')) {
    problems.push(
      'AUTH_SECRET: is required with DATABASE_URL, so that every process signs sessions alike',
    );
  }
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) {
    const missing = set('S3_ACCESS_KEY_ID') ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(
      `${missing}: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all`,
    );
  }
  const s3Settings = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter(set);
  if (s3Settings.length > 0 && !set('S3_BUCKET')) {
    problems.push(
      `S3_BUCKET: is required with ${s3Settings.join(', ')} (files go to S3-compatible storage only when a bucket is named)`,
    );
  }
  // --- Discovery sources (features/scan-sources) ---
  if (set('YANDEX_API_KEY') && !set('YANDEX_FOLDER_ID')) {
    problems.push(
      'YANDEX_FOLDER_ID: is required with YANDEX_API_KEY (the Yandex Cloud folder the searches are billed to)',
    );
  }
  // --- Billing (features/billing) ---
  if (set('STRIPE_SECRET_KEY') !== set('STRIPE_WEBHOOK_SECRET')) {
    const missing = set('STRIPE_SECRET_KEY') ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    problems.push(
      `${missing}: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together (online payment) or not at all (manual billing)`,
    );
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

/** Where uploaded files live: under DATA_DIR/files, or in an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's default chain (environment, profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  /** Sent with every request the server makes on the web and to search APIs: the bot's name, version and PUBLIC_URL. */
  userAgent: string;
  dataDir: string;
  database:
    | { driver: 'postgres'; url: string; poolSize: number }
    | { driver: 'pglite'; dataDir: string | null; template?: Blob };
  authSecret: string;
  smtpUrl: string | undefined;
  mailDir: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  brandsFile: string;
  plansFile: string;
  /** Proxy hops in front of the server whose X-Forwarded-For entries are trusted; 0 = the socket's peer. */
  trustProxy: number;
  /**
   * Auth limits per window: per address (maxPerIp), per e-mail and address on sign-in and per e-mail on the
   * mail-sending endpoints (maxPerEmail), per user on password changes; past maxPerEmail attempts on one
   * e-mail, sign-in waits delayBaseMs doubling up to delayMaxMs. Address changes: emailChangesPerHour per user.
   */
  rateLimit: {
    windowSeconds: number;
    maxPerEmail: number;
    maxPerIp: number;
    delayBaseMs: number;
    delayMaxMs: number;
    emailChangesPerHour: number;
  };
  webDistDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** The safe fetcher's limits, and the hosts it may reach on internal addresses (local stand-ins). */
  fetch: {
    allowlist: AllowlistEntry[];
    connectTimeoutMs: number;
    timeoutMs: number;
    maxBytes: number;
  };
  /** Where each platform's profiles live, and how often one account's ownership may be checked. */
  accounts: { profileUrlTemplates: ProfileUrlTemplates; checkIntervalSeconds: number };
  /** Jobs one process runs at the same time, across every kind of job. */
  workerConcurrency: number;
  storage: StorageConfig;
  uploads: { maxBytes: number; expirySeconds: number };
  /** How scans crawl (robots.txt, pages, media, per-host limits), how often the schedule is checked, and the free scan's budget. */
  scans: {
    respectRobots: boolean;
    maxSearchPages: number;
    /** Result pages asked of each web search API per query, as far as the provider has more. */
    maxSourcePages: number;
    maxMediaPerPage: number;
    variantsPerUsername: number;
    /** Pages a scan may fetch on one site it searches further because copies were found there. */
    sitePageBudget: number;
    perHost: { concurrency: number; minIntervalMs: number };
    scheduleCheckSeconds: number;
    freeScan: { queryBudget: number; seconds: number };
  };
  /** Discovery sources (features/scan-sources): each provider's endpoint and key, daily quotas, requests per second, the site catalog file. */
  scanSources: ScanSourcesConfig;
  /** Enforcement (features/enforcement): where recipients are looked up, response windows, sending and delisting. */
  enforcement: EnforcementConfig;
  /** Takedown lifecycle (features/takedown-lifecycle): the longest wait between two checks of a URL (the first is enforcement's firstCheckHours). */
  takedownLifecycle: { checkMaxHours: number };
  /** Billing (features/billing): Stripe when both its secrets are set, else manual; the grace period after a failed payment. */
  billing: BillingConfig;
  /** How long the e-mail settings link in a mail to a user works (its token is signed with AUTH_SECRET). */
  notifications: { settingsLinkDays: number; announcementSweepSeconds: number };
  /** Affiliate programme (features/affiliates): the commission in basis points, the hold in days, the smallest payout (smallest currency unit). */
  affiliates: AffiliateConfig;
  /** Free Removals (features/promo-removals): how many removals a promoProtect user gets without a subscription. */
  promoRemovals: { freeRemovals: number };
}

export interface AffiliateConfig {
  commissionRateBps: number;
  holdDays: number;
  minPayout: number;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API, or a stand-in's (tests). */
  apiUrl: string;
}

export interface BillingConfig {
  /** null: manual billing (operators grant plans with the CLI). */
  stripe: StripeSettings | null;
  /** After a failed payment: days the creator keeps her plan before she becomes former. */
  graceDays: number;
  /** How often workers end grace periods and cancelled subscriptions whose time ran out. */
  sweepSeconds: number;
}

export interface EnforcementConfig {
  rdapBootstrap: { ipv4Url: string; ipv6Url: string; dnsUrl: string };
  /** undefined: the shipped Cloudflare ranges. */
  cdnRanges: CdnRanges | undefined;
  /** After a notice goes out: when the recipient's window ends, and when the URL is first checked again. */
  responseHours: number;
  firstCheckHours: number;
  /** Attempts at sending one notice before it is marked failed. */
  sendAttempts: number;
  /** Notices sent to one address within an hour; more wait for the next hour. */
  ratePerRecipientPerHour: number;
  /** The UTC hour from which the previous day's delisting files are written. */
  delistingBatchHourUtc: number;
  /** A send claimed longer ago than this belongs to a dead worker and is tried again. */
  outboxClaimSeconds: number;
  /** How often workers look for work a crash left (due sends, lost jobs, the daily delisting files). */
  sweepSeconds: number;
  /** A site's own contact found on its pages is looked up again once older than this. */
  siteContactMaxAgeDays: number;
}

export interface ScanSourcesConfig {
  /** endpoint undefined: the provider's own; apiKey undefined: the source is off. */
  brave: { endpoint: string | undefined; apiKey: string | undefined };
  serpApi: { endpoint: string | undefined; apiKey: string | undefined };
  yandex: {
    endpoint: string | undefined;
    apiKey: string | undefined;
    folderId: string | undefined;
  };
  tineye: { endpoint: string | undefined; apiKey: string | undefined };
  googleVision: { endpoint: string | undefined; apiKey: string | undefined };
  /** Requests a day per source, shared by every process; a source not listed has no quota. */
  dailyQuotas: Partial<Record<DiscoverySourceId, number>>;
  /** Requests per second per source, in each process. */
  ratePerSecond: Record<DiscoverySourceId, number>;
  siteCatalogFile: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError naming every bad variable at once. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  purpose: 'server' | 'cli' = 'server',
): Config {
  // The CLI signs nothing, so it runs on the database settings alone.
  const input =
    purpose === 'cli'
      ? { ...source, AUTH_SECRET: source.AUTH_SECRET || 'cli-does-not-sign-sessions-000000000' }
      : source;
  const parsed = envSchema.safeParse(input);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
        )),
    ...crossFieldProblems(input),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    // A site's operator follows the link to learn who crawled; without PUBLIC_URL there is none to give.
    userAgent: botUserAgent({ infoUrl: env.PUBLIC_URL ? publicUrl : null }),
    dataDir,
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { driver: 'pglite', dataDir },
    authSecret: env.AUTH_SECRET ?? persistedSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailDir: join(dataDir, 'mail'),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : null,
    brandsFile: resolve(env.BRANDS_FILE ?? join(repoRoot, 'config/brands.json')),
    plansFile: resolve(env.PLANS_FILE ?? join(repoRoot, 'config/plans.json')),
    trustProxy: env.TRUST_PROXY,
    rateLimit: {
      windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
      maxPerEmail: env.AUTH_RATE_MAX_PER_EMAIL,
      maxPerIp: env.AUTH_RATE_MAX_PER_IP,
      delayBaseMs: env.AUTH_RATE_DELAY_BASE_MS,
      delayMaxMs: env.AUTH_RATE_DELAY_MAX_MS,
      emailChangesPerHour: env.AUTH_RATE_EMAIL_CHANGES_PER_HOUR,
    },
    webDistDir: resolve(env.WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL,
    fetch: {
      allowlist: env.SHARK_FETCH_ALLOWLIST,
      connectTimeoutMs: env.SHARK_FETCH_CONNECT_TIMEOUT_MS,
      timeoutMs: env.SHARK_FETCH_TIMEOUT_MS,
      maxBytes: env.SHARK_FETCH_MAX_BYTES,
    },
    accounts: {
      profileUrlTemplates: env.PROFILE_URL_TEMPLATES,
      checkIntervalSeconds: env.ACCOUNT_CHECK_INTERVAL_SECONDS,
    },
    workerConcurrency: env.WORKER_CONCURRENCY,
    storage: env.S3_BUCKET
      ? {
          driver: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { driver: 'local', directory: join(dataDir, 'files') },
    uploads: { maxBytes: env.MAX_UPLOAD_BYTES, expirySeconds: env.UPLOAD_EXPIRY_HOURS * 3600 },
    scans: {
      respectRobots: env.SCAN_RESPECT_ROBOTS,
      maxSearchPages: env.SCAN_MAX_SEARCH_PAGES,
      maxSourcePages: env.SCAN_MAX_SOURCE_PAGES,
      maxMediaPerPage: env.SCAN_MAX_MEDIA_PER_PAGE,
      variantsPerUsername: env.SCAN_VARIANTS_PER_USERNAME,
      sitePageBudget: env.SCAN_SITE_PAGE_BUDGET,
      perHost: {
        concurrency: env.SCAN_PER_HOST_CONCURRENCY,
        minIntervalMs: env.SCAN_PER_HOST_INTERVAL_MS,
      },
      scheduleCheckSeconds: env.SCAN_SCHEDULE_CHECK_SECONDS,
      freeScan: { queryBudget: env.FREE_SCAN_QUERY_BUDGET, seconds: env.FREE_SCAN_SECONDS },
    },
    scanSources: {
      brave: { endpoint: env.BRAVE_API_URL, apiKey: env.BRAVE_API_KEY },
      serpApi: { endpoint: env.SERPAPI_URL, apiKey: env.SERPAPI_API_KEY },
      yandex: {
        endpoint: env.YANDEX_API_URL,
        apiKey: env.YANDEX_API_KEY,
        folderId: env.YANDEX_FOLDER_ID,
      },
      tineye: { endpoint: env.TINEYE_API_URL, apiKey: env.TINEYE_API_KEY },
      googleVision: { endpoint: env.GOOGLE_VISION_API_URL, apiKey: env.GOOGLE_VISION_API_KEY },
      dailyQuotas: env.SOURCE_DAILY_QUOTAS,
      ratePerSecond: env.SOURCE_RATE_PER_SECOND,
      siteCatalogFile: resolve(env.SITE_CATALOG_FILE ?? fileURLToPath(DEFAULT_CATALOG_FILE)),
    },
    enforcement: {
      rdapBootstrap: {
        ipv4Url: env.RDAP_BOOTSTRAP_IPV4_URL,
        ipv6Url: env.RDAP_BOOTSTRAP_IPV6_URL,
        dnsUrl: env.RDAP_BOOTSTRAP_DNS_URL,
      },
      cdnRanges: env.CDN_RANGES,
      responseHours: env.TAKEDOWN_RESPONSE_HOURS,
      firstCheckHours: env.TAKEDOWN_FIRST_CHECK_HOURS,
      sendAttempts: env.TAKEDOWN_SEND_ATTEMPTS,
      ratePerRecipientPerHour: env.NOTICE_RATE_PER_RECIPIENT_PER_HOUR,
      delistingBatchHourUtc: env.DELISTING_BATCH_HOUR_UTC,
      outboxClaimSeconds: env.OUTBOX_CLAIM_SECONDS,
      sweepSeconds: env.ENFORCEMENT_SWEEP_SECONDS,
      siteContactMaxAgeDays: env.SITE_CONTACT_MAX_AGE_DAYS,
    },
    takedownLifecycle: { checkMaxHours: env.TAKEDOWN_CHECK_MAX_HOURS },
    billing: {
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiUrl: env.STRIPE_API_URL.replace(/\/+$/, ''),
            }
          : null,
      graceDays: env.BILLING_GRACE_DAYS,
      sweepSeconds: env.BILLING_SWEEP_SECONDS,
    },
    notifications: {
      settingsLinkDays: env.EMAIL_SETTINGS_LINK_DAYS,
      announcementSweepSeconds: env.ANNOUNCEMENT_SWEEP_SECONDS,
    },
    affiliates: {
      commissionRateBps: Math.round(env.AFFILIATE_COMMISSION_PERCENT * 100),
      holdDays: env.AFFILIATE_HOLD_DAYS,
      minPayout: env.AFFILIATE_MIN_PAYOUT,
    },
    promoRemovals: { freeRemovals: env.PROMO_FREE_REMOVALS },
  };
}

/** The embedded default needs no set-up: a random secret is created once and kept with the data. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
