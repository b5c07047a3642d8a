// The scan pipeline (decision 0011): scan.start plans the work as task rows; scan.discover, scan.profile,
// scan.fetch and scan.match each move one task row to a settled state, adding the rows it leads to. Every
// step is idempotent: a job run twice, or retried after dying half-way, leaves the same rows and findings.
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { SiteKindName } from '@shark/contracts/findings.ts';
import type { ScanStage } from '@shark/contracts/scans.ts';
import {
  accountPlatformOf,
  type CatalogSite,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';
import { extractResults } from '@shark/engine/discovery/site-catalog/extract.ts';
import { profileUrl, searchUrl } from '@shark/engine/discovery/site-catalog/templates.ts';
import {
  DiscoverySourceError,
  type DiscoverySource,
  type ImageInput,
} from '@shark/engine/discovery/sources/source.ts';
import { assessProfile } from '@shark/engine/impersonation/assess-profile.ts';
import { checkProfile } from '@shark/engine/impersonation/profile-check.ts';
import { usernameVariants } from '@shark/engine/impersonation/username-variants.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import { mentionsCreator } from '@shark/engine/matching/text-match.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import type { Logger } from '../../http/logger.ts';
import type { NewTask, ScanRepository, ScanRow, ScanTaskRow } from './scan-repository.ts';
import type { MediaMatch, ScanMatcher } from './scan-matcher.ts';
import type { CrawlerPort, FindingsPort, ReadReference, SourcesPort } from './scan-ports.ts';

/** Characters of a page's text kept with its fetch task. */
const TEXT_KEPT = 1_000;
/** Below this a mention is not worth the creator's review. */
const MENTION_MIN_SCORE = 0.5;
/** A mention never reaches the auto-confirm threshold: a page naming the creator is not proof of a copy. */
const MENTION_CONFIDENCE_CAP = 0.6;

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
}

export const DEFAULT_SCAN_SETTINGS: ScanSettings = {
  respectRobots: true,
  maxSearchPages: 5,
  maxSourcePages: 2,
  maxMediaPerPage: 12,
  variantsPerUsername: 16,
  imageSearchReferences: 20,
};

/** What the free scan in onboarding may do (time and query budget, no reverse image search). */
export const FREE_SCAN_LIMITS = {
  maxSearchPages: 1,
  maxSourcePages: 1,
  variantsPerUsername: 3,
} as const;

const siteRef = { siteId: z.string().nullable(), siteKind: z.string() };

const discoverInput = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text-source'),
    sourceId: z.string(),
    query: z.string(),
    page: z.number().int().min(0),
  }),
  z.object({ type: z.literal('image-source'), sourceId: z.string(), referenceFileId: z.string() }),
  z.object({
    type: z.literal('catalog-search'),
    siteId: z.string(),
    query: z.string(),
    url: z.string(),
    page: z.number().int().min(0),
  }),
  z.object({ type: z.literal('catalog-profile'), siteId: z.string(), username: z.string() }),
]);
type DiscoverInput = z.infer<typeof discoverInput>;

const profileInput = z.object({ siteId: z.string(), username: z.string(), reason: z.string() });
const fetchInput = z.object({
  url: z.string(),
  source: z.string(),
  title: z.string().nullable(),
  mediaHints: z.array(z.string()),
  ...siteRef,
});
type FetchInput = z.infer<typeof fetchInput>;
const matchInput = z.object({
  mediaUrl: z.string(),
  pageUrl: z.string(),
  pageTitle: z.string().nullable(),
  source: z.string(),
  ...siteRef,
});

export interface PipelineDeps {
  repo: ScanRepository;
  send: (stage: ScanStage | 'start', id: string) => Promise<void>;
  crawler: CrawlerPort;
  sources: SourcesPort;
  findings: FindingsPort;
  matcher: ScanMatcher;
  readReference: ReadReference;
  /** Whether the creator's whitelist covers a URL (a whitelisted profile is the creator's own). */
  isWhitelisted: (userId: string, url: string) => Promise<boolean>;
  settings: ScanSettings;
  logger: Logger;
  /** Called once a scan completes (by the one call that completed it), e.g. to notify the creator. */
  onCompleted?: (scanId: string) => Promise<void>;
}

/** A failure worth another try (the job is retried with backoff); anything else settles the task as failed. */
export class RetryableScanError extends Error {
  override readonly name = 'RetryableScanError';
}

const RETRYABLE_FETCH = new Set(['timeout', 'network', 'unreachable', 'dns']);

/** The key of a URL within a scan: its canonical form (no scheme, www, tracking parameters), hashed when long. */
export function urlTaskKey(url: string): string {
  const parsed = parseWebAddress(url);
  const key = parsed.ok ? urlKey(parsed.value) : url;
  return key.length > 300 ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The catalog site a URL is on (its host or a subdomain of the site's host), if any. */
export function siteOfUrl(
  catalog: SiteCatalog,
  url: string,
): { siteId: string | null; siteKind: SiteKindName; name: string } {
  let host: string;
  try {
    host = new URL(url).host.toLowerCase();
  } catch {
    return { siteId: null, siteKind: 'other', name: url };
  }
  const bare = host.replace(/^www\./, '');
  for (const site of catalog.sites) {
    const siteHost = new URL(site.baseUrl).host.toLowerCase().replace(/^www\./, '');
    if (bare === siteHost || bare.endsWith(`.${siteHost}`))
      return { siteId: site.id, siteKind: site.kind, name: site.name };
  }
  return { siteId: null, siteKind: 'other', name: bare };
}

function siteById(catalog: SiteCatalog, id: string | null): CatalogSite | undefined {
  return id === null ? undefined : catalog.sites.find((s) => s.id === id);
}

interface CreatorSetup {
  usernames: string[];
  names: string[];
  terms: string[];
  ownAccounts: { platform: string; username: string }[];
}

export function createScanPipeline(deps: PipelineDeps) {
  const { repo, crawler, sources, findings, settings, logger } = deps;
  const catalog = () => sources.catalog;

  /** The creator's set-up as the matching steps need it (read per task: it may change during a scan). */
  async function creatorOf(userId: string): Promise<CreatorSetup> {
    return creatorFrom(await repo.setupOf(userId));
  }

  function creatorFrom(setup: Awaited<ReturnType<ScanRepository['setupOf']>>): CreatorSetup {
    const usernames = [...new Set(setup.accounts.map((a) => a.normalizedUsername))];
    const ownAccounts = setup.accounts.map((a) => ({
      platform: a.platform,
      username: a.normalizedUsername,
    }));
    return {
      usernames,
      names: setup.name.trim() ? [setup.name.trim()] : [],
      terms: setup.terms.map((t) => t.term),
      ownAccounts,
    };
  }

  async function addAndSend(scanRow: ScanRow, tasks: NewTask[]): Promise<number> {
    const created = await repo.addTasks(scanRow.id, scanRow.userId, tasks, randomUUID);
    for (const task of created) await deps.send(task.stage, task.id);
    return created.length;
  }

  function fetchTask(
    url: string,
    source: string,
    title: string | null,
    mediaHints: string[],
  ): NewTask | null {
    if (!isHttpUrl(url)) return null;
    const site = siteOfUrl(catalog(), url);
    return {
      stage: 'fetch',
      key: urlTaskKey(url),
      input: {
        url,
        source,
        title,
        mediaHints: mediaHints.filter(isHttpUrl).slice(0, settings.maxMediaPerPage),
        siteId: site.siteId,
        siteKind: site.siteKind,
      } satisfies FetchInput,
    };
  }

  function isPastDeadline(scanRow: ScanRow): boolean {
    return scanRow.deadlineAt !== null && scanRow.deadlineAt.getTime() <= Date.now();
  }

  /** Settles the task, then completes the scan if it was the last one. */
  async function settle(
    task: ScanTaskRow,
    status: 'done' | 'failed' | 'skipped',
    details: { result?: Record<string, unknown>; error?: string | null } = {},
  ) {
    await repo.settle(task.id, status, details);
    if (await repo.completeIfSettled(task.scanId)) await deps.onCompleted?.(task.scanId);
  }

  /**
   * Runs one task's work with the shared rules: a settled or vanished task is left alone, a scan past
   * its deadline skips the rest, a retryable failure is thrown for the queue to retry (or settles as
   * failed on the last attempt), any other failure settles the task as failed with its reason.
   */
  async function runTask(
    taskId: string,
    isLastAttempt: boolean,
    work: (
      task: ScanTaskRow,
      scanRow: ScanRow,
    ) => Promise<{
      status: 'done' | 'skipped' | 'failed';
      result?: Record<string, unknown>;
      error?: string;
    }>,
  ) {
    const claimed = await repo.claim(taskId);
    if (!claimed) return;
    const { task, scan: scanRow } = claimed;
    if (scanRow.status !== 'running') {
      await repo.settle(task.id, 'skipped', { error: 'The scan is no longer running.' });
      return;
    }
    if (isPastDeadline(scanRow)) {
      await settle(task, 'skipped', { error: 'The scan reached its time limit.' });
      return;
    }
    try {
      const outcome = await work(task, scanRow);
      await settle(task, outcome.status, { result: outcome.result, error: outcome.error ?? null });
    } catch (error) {
      if (error instanceof RetryableScanError && !isLastAttempt) throw error;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn('scan task failed', { taskId, stage: task.stage, err: message });
      await settle(task, 'failed', { error: message });
    }
  }

  // --- scan.start: plan the work ---

  async function start(scanId: string): Promise<void> {
    const scanRow = await repo.find(scanId);
    if (!scanRow || (scanRow.status !== 'queued' && scanRow.status !== 'running')) return;
    const setup = await repo.setupOf(scanRow.userId);
    const free = scanRow.trigger === 'onboarding';
    const usernames = [...new Set(setup.accounts.map((a) => a.normalizedUsername))];
    const queries = [...usernames, ...(free ? [] : setup.terms.map((t) => t.term))];
    if (usernames.length === 0) {
      await repo.fail(scanId, 'Add at least one of your usernames (Accounts) before scanning.');
      return;
    }
    const enabled = sources.enabled();
    const tasks: NewTask[] = [];
    for (const source of enabled) {
      if (source.kind === 'text') {
        for (const query of queries) {
          const termSources = setup.terms.find((t) => t.term === query)?.sources ?? [];
          if (termSources.length > 0 && !termSources.includes(source.id)) continue;
          tasks.push({
            stage: 'discover',
            key: `source:${source.id}:${query.toLowerCase()}:0`,
            input: {
              type: 'text-source',
              sourceId: source.id,
              query,
              page: 0,
            } satisfies DiscoverInput,
          });
        }
      } else if (!free) {
        const pictures = setup.references
          .filter((r) => r.mediaType === 'image')
          .slice(0, settings.imageSearchReferences);
        for (const reference of pictures) {
          tasks.push({
            stage: 'discover',
            key: `source:${source.id}:ref:${reference.id}`,
            input: {
              type: 'image-source',
              sourceId: source.id,
              referenceFileId: reference.id,
            } satisfies DiscoverInput,
          });
        }
      }
    }
    const variantsPerUsername = free
      ? FREE_SCAN_LIMITS.variantsPerUsername
      : settings.variantsPerUsername;
    for (const site of catalog().sites) {
      if (site.search && site.kind !== 'social-network') {
        for (const query of queries) {
          let url: string;
          try {
            url = searchUrl(site, query);
          } catch {
            continue;
          }
          tasks.push({
            stage: 'discover',
            key: `catalog:${site.id}:${query.toLowerCase()}:0`,
            input: {
              type: 'catalog-search',
              siteId: site.id,
              query,
              url,
              page: 0,
            } satisfies DiscoverInput,
          });
        }
      }
      if (site.profile && site.kind !== 'social-network' && site.profile.results) {
        // A leak site's page for the creator's name ("model" or uploader pages) lists copies directly.
        for (const username of usernames) {
          tasks.push({
            stage: 'discover',
            key: `catalog-profile:${site.id}:${username.toLowerCase()}`,
            input: { type: 'catalog-profile', siteId: site.id, username } satisfies DiscoverInput,
          });
        }
      }
      if (site.profile && site.kind === 'social-network') {
        const platform = accountPlatformOf(site) ?? site.id;
        const own = new Set(
          setup.accounts
            .filter((a) => a.platform === platform)
            .map((a) => a.normalizedUsername.toLowerCase()),
        );
        for (const username of usernames) {
          const candidates = [
            // The creator's own handle on a network where they have no account of theirs.
            ...(own.size === 0 ? [{ username, reason: 'same-username' }] : []),
            ...usernameVariants(username, { max: variantsPerUsername, platform }),
          ];
          for (const candidate of candidates) {
            if (own.has(candidate.username.toLowerCase())) continue;
            tasks.push({
              stage: 'profile',
              key: `${site.id}:${candidate.username.toLowerCase()}`,
              input: { siteId: site.id, username: candidate.username, reason: candidate.reason },
            });
          }
        }
      }
    }
    // The plan's rows are written before the scan is marked running, and their jobs sent after: a start
    // killed half-way leaves a queued scan that recovery starts again, never a running scan missing
    // part of its plan (which would complete once the rows it has settled).
    const created = await repo.addTasks(scanId, scanRow.userId, tasks, randomUUID);
    await repo.markRunning(
      scanId,
      enabled.map((s) => s.id),
    );
    // No job of a queued scan's rows was ever sent, so all of them (rows an earlier, killed start wrote
    // too) get theirs now; a scan running already has its jobs, only its new rows need them.
    const toSend = scanRow.status === 'queued' ? await repo.queuedTasks(scanId) : created;
    for (const task of toSend) await deps.send(task.stage, task.id);
    // A plan with nothing to do (or whose tasks all settled before this line) completes here.
    if (await repo.completeIfSettled(scanId)) await deps.onCompleted?.(scanId);
  }

  // --- scan.discover: one query to a source, or one catalog page ---

  async function discover(taskId: string, isLastAttempt: boolean): Promise<void> {
    await runTask(taskId, isLastAttempt, async (task, scanRow) => {
      const input = discoverInput.parse(task.input);
      if (input.type === 'text-source' || input.type === 'image-source')
        return searchSource(scanRow, input);
      const site = siteById(catalog(), input.siteId);
      if (!site)
        return { status: 'skipped', error: `The site catalog no longer has ${input.siteId}.` };
      if (!(await repo.spendQueries(scanRow.id, 1)))
        return { status: 'skipped', error: 'The scan’s query budget is spent.' };
      const url = input.type === 'catalog-search' ? input.url : profileUrl(site, input.username);
      const page = await crawler.fetchPage(url, { respectRobots: settings.respectRobots });
      const source = `catalog:${site.id}`;
      const query = input.type === 'catalog-search' ? input.query : `profile:${input.username}`;
      if (!page.ok) {
        // No listing page for this name on this site: nothing to find there, not a failure.
        const absent =
          input.type === 'catalog-profile' &&
          page.reason === 'http-status' &&
          (page.status === 404 || page.status === 410);
        await repo.recordQuery({
          scanId: scanRow.id,
          source,
          query,
          page: input.type === 'catalog-search' ? input.page : 0,
          queriesUsed: 1,
          resultCount: 0,
          error: absent ? null : page.message,
        });
        return absent
          ? { status: 'done', result: { results: 0, exists: false } }
          : settleFailedFetch(page);
      }
      const extracted = page.html
        ? extractResults(
            site,
            input.type === 'catalog-search' ? 'search' : 'profile',
            page.html,
            page.finalUrl,
          )
        : { results: [], nextPageUrl: null };
      const tasks = extracted.results
        .map((r) => fetchTask(r.url, source, r.title, r.mediaUrls))
        .filter((t): t is NewTask => t !== null);
      if (
        input.type === 'catalog-search' &&
        extracted.nextPageUrl &&
        input.page + 1 < maxSearchPages(scanRow)
      ) {
        tasks.push({
          stage: 'discover',
          key: `catalog:${site.id}:${input.query.toLowerCase()}:${input.page + 1}`,
          input: {
            type: 'catalog-search',
            siteId: site.id,
            query: input.query,
            url: extracted.nextPageUrl,
            page: input.page + 1,
          } satisfies DiscoverInput,
        });
      }
      await repo.recordQuery({
        scanId: scanRow.id,
        source,
        query,
        page: input.type === 'catalog-search' ? input.page : 0,
        queriesUsed: 1,
        resultCount: extracted.results.length,
      });
      await addAndSend(scanRow, tasks);
      return { status: 'done', result: { results: extracted.results.length } };
    });
  }

  function maxSearchPages(scanRow: ScanRow): number {
    return scanRow.trigger === 'onboarding'
      ? FREE_SCAN_LIMITS.maxSearchPages
      : settings.maxSearchPages;
  }

  async function searchSource(
    scanRow: ScanRow,
    input: Extract<DiscoverInput, { type: 'text-source' | 'image-source' }>,
  ) {
    const source: DiscoverySource | undefined = sources
      .enabled()
      .find((s) => s.id === input.sourceId);
    if (!source) return { status: 'skipped' as const, error: `${input.sourceId} is off.` };
    let image: ImageInput | null = null;
    if (input.type === 'image-source') {
      const stored = await deps.readReference(scanRow.userId, input.referenceFileId);
      if (!stored) return { status: 'skipped' as const, error: 'The reference file was deleted.' };
      image = { bytes: stored.bytes, ...(stored.mimeType ? { mimeType: stored.mimeType } : {}) };
      if (source.kind !== 'image' || !source.accepts(image))
        return {
          status: 'skipped' as const,
          error: `${source.name} needs a public address of the picture.`,
        };
    }
    if (!(await repo.spendQueries(scanRow.id, 1)))
      return { status: 'skipped' as const, error: 'The scan’s query budget is spent.' };
    if (!(await sources.reserve(source.id, 1)))
      return { status: 'skipped' as const, error: `${source.name}: today’s quota is used up.` };
    const query = input.type === 'text-source' ? input.query : `reference:${input.referenceFileId}`;
    const page = input.type === 'text-source' ? input.page : 0;
    try {
      const response =
        source.kind === 'text'
          ? await source.search(query, { page })
          : await source.search(image!, { page });
      await repo.recordQuery({
        scanId: scanRow.id,
        source: source.id,
        query,
        page,
        queriesUsed: response.queriesUsed,
        resultCount: response.results.length,
      });
      const tasks = response.results
        .map((r) =>
          fetchTask(
            r.url,
            source.id,
            r.title ?? null,
            [r.mediaUrl, r.thumbnailUrl].filter((u): u is string => Boolean(u)),
          ),
        )
        .filter((t): t is NewTask => t !== null);
      if (
        input.type === 'text-source' &&
        response.hasMore &&
        page + 1 <
          (scanRow.trigger === 'onboarding'
            ? FREE_SCAN_LIMITS.maxSourcePages
            : settings.maxSourcePages)
      ) {
        tasks.push({
          stage: 'discover',
          key: `source:${source.id}:${input.query.toLowerCase()}:${page + 1}`,
          input: { ...input, page: page + 1 } satisfies DiscoverInput,
        });
      }
      await addAndSend(scanRow, tasks);
      return { status: 'done' as const, result: { results: response.results.length } };
    } catch (error) {
      if (error instanceof DiscoverySourceError) {
        await repo.recordQuery({
          scanId: scanRow.id,
          source: source.id,
          query,
          page,
          queriesUsed: error.status === null ? 0 : 1,
          resultCount: 0,
          error: error.message,
        });
        if (error.isRetryable) throw new RetryableScanError(error.message);
        return {
          status:
            error.code === 'invalid-input' || error.code === 'disabled'
              ? ('skipped' as const)
              : ('failed' as const),
          error: error.message,
        };
      }
      throw error;
    }
  }

  function settleFailedFetch(
    page: Extract<Awaited<ReturnType<CrawlerPort['fetchPage']>>, { ok: false }>,
  ) {
    if (RETRYABLE_FETCH.has(page.reason)) throw new RetryableScanError(page.message);
    // Our own rules (robots.txt, refused addresses, size) are skips, not failures.
    const skipped =
      page.reason === 'robots' ||
      page.reason === 'refused-address' ||
      page.reason === 'unsupported-scheme' ||
      page.reason === 'too-large' ||
      page.reason === 'invalid-url';
    return { status: skipped ? ('skipped' as const) : ('failed' as const), error: page.message };
  }

  // --- scan.profile: one username on one social network (impersonation) ---

  async function profile(taskId: string, isLastAttempt: boolean): Promise<void> {
    await runTask(taskId, isLastAttempt, async (task, scanRow) => {
      const input = profileInput.parse(task.input);
      const site = siteById(catalog(), input.siteId);
      if (!site)
        return { status: 'skipped', error: `The site catalog no longer has ${input.siteId}.` };
      let refusal: string | null = null;
      const checked = await checkProfile({
        site,
        username: input.username,
        fetchPage: async (url: string) => {
          const page = await crawler.fetchPage(url, { respectRobots: settings.respectRobots });
          if (page.ok) return { status: page.status, finalUrl: page.finalUrl, html: page.html };
          if (page.reason === 'http-status')
            return { status: page.status ?? 0, finalUrl: url, html: null };
          if (RETRYABLE_FETCH.has(page.reason)) throw new RetryableScanError(page.message);
          refusal = page.message;
          return { status: 0, finalUrl: url, html: null };
        },
      });
      if (refusal !== null) return { status: 'skipped', error: refusal };
      if (checked.outcome === 'unavailable')
        throw new RetryableScanError(
          `${site.name} did not answer for ${input.username} (HTTP ${checked.status}).`,
        );
      if (!checked.exists) return { status: 'done', result: { exists: false } };
      // A profile the creator whitelisted is one of her own (an account she did not list on Accounts).
      if (await deps.isWhitelisted(scanRow.userId, checked.url))
        return { status: 'done', result: { exists: true, own: true } };
      const creator = await creatorOf(scanRow.userId);
      let avatar: Buffer | null = null;
      let avatarMatch = null;
      if (checked.avatarUrl) {
        const media = await crawler.fetchMedia(checked.avatarUrl);
        if (media.ok && sniffMediaType(media.body.subarray(0, 512))?.kind === 'image') {
          avatar = media.body;
          avatarMatch = await deps.matcher
            .match(scanRow.userId, media.body, 'image')
            .catch(() => null);
        }
      }
      const verdict = assessProfile({
        creator: {
          usernames: creator.usernames,
          names: creator.names,
          ownAccounts: creator.ownAccounts,
        },
        profile: {
          platform: accountPlatformOf(site) ?? site.id,
          username: input.username,
          displayName: checked.displayName,
        },
        avatarMatchesReference: avatarMatch !== null,
      });
      if (!verdict.isImpersonation)
        return { status: 'done', result: { exists: true, impersonation: false } };
      const recorded = await findings.record({
        userId: scanRow.userId,
        scanId: scanRow.id,
        kind: 'impersonation',
        pageUrl: checked.url,
        mediaUrl: checked.avatarUrl,
        pageTitle: checked.displayName,
        source: `catalog:${site.id}`,
        site: { id: site.id, name: site.name, kind: site.kind },
        referenceFileId: avatarMatch?.referenceId ?? null,
        distance: avatarMatch?.distance ?? null,
        confidence: verdict.confidence,
        thumbnail: avatar,
        impersonation: {
          platform: site.id,
          username: input.username,
          displayName: checked.displayName,
          reasons: [...verdict.reasons],
        },
      });
      return {
        status: 'done',
        result: { exists: true, impersonation: true, findingId: recorded.id },
      };
    });
  }

  // --- scan.fetch: one page ---

  async function fetch(taskId: string, isLastAttempt: boolean): Promise<void> {
    await runTask(taskId, isLastAttempt, async (task, scanRow) => {
      const input = fetchInput.parse(task.input);
      const page = await crawler.fetchPage(input.url, { respectRobots: settings.respectRobots });
      if (!page.ok) return settleFailedFetch(page);
      const site = siteById(catalog(), input.siteId) ?? null;
      const title = page.title ?? input.title;
      // Only what the page itself embeds is matched: the hints a search result carried depend on which
      // source found the page first, and the scan's work must not (a rerun plans the same tasks).
      const media = dedupe(page.media.map((m) => m.url)).slice(0, settings.maxMediaPerPage);
      const setup = await repo.setupOf(scanRow.userId);
      const hasReferences = setup.references.length > 0;
      if (hasReferences) {
        await addAndSend(
          scanRow,
          media.map((mediaUrl) => ({
            stage: 'match' as const,
            key: `${urlTaskKey(page.finalUrl)}|${urlTaskKey(mediaUrl)}`,
            input: {
              mediaUrl,
              pageUrl: page.finalUrl,
              pageTitle: title,
              source: input.source,
              siteId: input.siteId,
              siteKind: input.siteKind,
            },
          })),
        );
      }
      // A leak site's page that names the creator is worth the creator's look even without a matched file.
      let mention = null;
      if (input.siteKind !== 'social-network') {
        // The set-up read above, not a second read of the same four queries per page.
        const creator = creatorFrom(setup);
        const found = mentionsCreator(`${title ?? ''}\n${page.text ?? ''}`, {
          usernames: creator.usernames,
          terms: creator.terms,
        });
        if (found.matched && found.score >= MENTION_MIN_SCORE) {
          const thumbnail = await firstPicture(dedupe([...media, ...input.mediaHints]));
          mention = await findings.record({
            userId: scanRow.userId,
            scanId: scanRow.id,
            kind: 'mention',
            pageUrl: page.finalUrl,
            mediaUrl: thumbnail?.url ?? null,
            pageTitle: title,
            source: input.source,
            site: { id: site?.id ?? null, name: site?.name, kind: input.siteKind as SiteKindName },
            confidence: Math.min(MENTION_CONFIDENCE_CAP, found.score * MENTION_CONFIDENCE_CAP),
            thumbnail: thumbnail?.bytes ?? null,
          });
        }
      }
      return {
        status: 'done',
        // What the page was, for the record: where it led, what it said (its text cut short).
        result: {
          status: page.status,
          finalUrl: page.finalUrl,
          title,
          text: page.text === null ? null : page.text.slice(0, TEXT_KEPT),
          media: media.length,
          mention: mention?.id ?? null,
        },
      };
    });
  }

  function dedupe(urls: string[]): string[] {
    const seen = new Set<string>();
    return urls.filter((url) => {
      if (!isHttpUrl(url)) return false;
      const key = urlTaskKey(url);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** The first of the page's pictures that downloads, for a mention's thumbnail. */
  async function firstPicture(media: string[]): Promise<{ url: string; bytes: Buffer } | null> {
    for (const url of media.slice(0, 3)) {
      const fetched = await crawler.fetchMedia(url);
      if (fetched.ok && sniffMediaType(fetched.body.subarray(0, 512))?.kind === 'image')
        return { url, bytes: fetched.body };
    }
    return null;
  }

  // --- scan.match: one picture or video ---

  async function match(taskId: string, isLastAttempt: boolean): Promise<void> {
    await runTask(taskId, isLastAttempt, async (task, scanRow) => {
      const input = matchInput.parse(task.input);
      const media = await crawler.fetchMedia(input.mediaUrl);
      if (!media.ok) return settleFailedFetch(media);
      const sha256 = createHash('sha256').update(media.body).digest('hex');
      const type = sniffMediaType(media.body.subarray(0, 512));
      if (!type)
        return { status: 'skipped', result: { sha256 }, error: 'Neither a picture nor a video.' };
      // The same bytes met again in this scan (a CDN mirror, a thumbnail reused) are not matched twice.
      const earlier = await repo.matchedBytes(scanRow.id, sha256);
      const matched: MediaMatch | null = earlier
        ? ((earlier.match as MediaMatch | null) ?? null)
        : await deps.matcher.match(scanRow.userId, media.body, type.kind);
      // What is kept in the task row: the verdict, not the thumbnail's bytes.
      const result: Record<string, unknown> = {
        sha256,
        kind: type.kind,
        match: matched
          ? {
              referenceId: matched.referenceId,
              distance: matched.distance,
              confidence: matched.confidence,
            }
          : null,
      };
      if (!matched) return { status: 'done', result };
      const site = siteById(catalog(), input.siteId) ?? null;
      const recorded = await findings.record({
        userId: scanRow.userId,
        scanId: scanRow.id,
        kind: 'leak',
        pageUrl: input.pageUrl,
        mediaUrl: media.finalUrl,
        pageTitle: input.pageTitle,
        source: input.source,
        site: { id: site?.id ?? null, name: site?.name, kind: input.siteKind as SiteKindName },
        referenceFileId: matched.referenceId,
        distance: matched.distance,
        confidence: matched.confidence,
        mediaSha256: sha256,
        thumbnail: type.kind === 'image' ? media.body : (matched.thumbnail ?? null),
      });
      return { status: 'done', result: { ...result, findingId: recorded.id } };
    });
  }

  return { start, discover, profile, fetch, match };
}

export type ScanPipeline = ReturnType<typeof createScanPipeline>;
