// The report.fetch job: one address the creator reported is fetched (through the guarded fetcher, without
// robots.txt: she reports the page herself, so it is not crawled on our initiative), its pictures and
// videos are matched against her reference files with the scans' matcher, and it becomes a finding she
// has confirmed — with the best match as evidence, or on her word when nothing matched or the page did
// not load. Run twice, it leaves one result and one finding (findings are unique per page and reference).
import { createHash } from 'node:crypto';
import type { SiteKindName } from '@shark/contracts/findings.ts';
import { findSiteByUrl, type SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { Crawler } from '@shark/engine/fetch/crawler.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import { AppError } from '#server/http/app-error.ts';
import { describeError, type Logger } from '#server/http/logger.ts';
import type { JobContext } from '#server/jobs/define-job.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type {
  RecordFindingInput,
  RecordFindingResult,
} from '#server/features/findings/finding-service.ts';
import type { MediaMatch, ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import type { ReportRepository, ReportedUrlRow, ReportedUrlStatus } from './report-repository.ts';

/** What reports need of the findings service: recording a finding and the creator's confirmation. */
export interface ReportFindings {
  record(input: RecordFindingInput): Promise<RecordFindingResult>;
  review(reviewer: Entitled, id: string, action: 'confirm'): Promise<unknown>;
}

/** The `source` of findings the creator reported herself. */
export const CREATOR_REPORT_SOURCE = 'creator-report';

/** Network trouble worth another try; the job is retried with backoff before the report is settled as failed. */
const RETRYABLE_FETCH = new Set(['timeout', 'network', 'refused', 'unreachable', 'dns']);
/** Addresses our own guard refuses (a private network, not http): no page of the public web, so no finding. */
const REFUSED_FETCH = new Set(['refused-address', 'unsupported-scheme', 'invalid-url']);

export class RetryableReportError extends Error {
  override readonly name = 'RetryableReportError';
}

export interface ReportedUrlJobDeps {
  repo: ReportRepository;
  crawler: Pick<Crawler, 'fetchPage' | 'fetchMedia'>;
  matcher: ScanMatcher;
  findings: ReportFindings;
  entitlements: Pick<Entitlements, 'of'>;
  catalog: () => SiteCatalog;
  /** Pictures and videos matched per page (the scans' limit). */
  maxMediaPerPage: number;
  logger: Logger;
}

interface BestMatch extends MediaMatch {
  mediaUrl: string;
  sha256: string;
  bytes: Buffer;
  kind: 'image' | 'video';
}

interface Settlement {
  status: Exclude<ReportedUrlStatus, 'queued'>;
  findingId: string | null;
  detail: string;
}

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

function keyOf(url: string): string | null {
  const parsed = parseWebAddress(url);
  return parsed.ok ? urlKey(parsed.value) : null;
}

export function createReportedUrlJob(deps: ReportedUrlJobDeps) {
  const { repo, crawler, matcher, findings, logger } = deps;

  function siteOf(url: string): RecordFindingInput['site'] {
    const site = findSiteByUrl(deps.catalog(), url);
    return site
      ? { id: site.id, name: site.name, kind: site.kind }
      : { id: null, kind: 'other' as SiteKindName };
  }

  /** Records the finding and confirms it for her: she stated that the content is hers. */
  async function recordConfirmed(
    row: ReportedUrlRow,
    input: Omit<RecordFindingInput, 'userId' | 'scanId' | 'kind' | 'pageUrl' | 'source' | 'site'>,
  ) {
    const recorded = await findings.record({
      userId: row.userId,
      scanId: null,
      kind: 'leak',
      pageUrl: row.url,
      source: CREATOR_REPORT_SOURCE,
      site: siteOf(row.url),
      ...input,
    });
    if (recorded.status === 'whitelisted') return { id: recorded.id, isWhitelisted: true };
    try {
      await findings.review(await deps.entitlements.of(row.userId), recorded.id, 'confirm');
    } catch (error) {
      // Whitelisted between the record and the review (an entry added meanwhile): it stays as the whitelist says.
      if (error instanceof AppError && error.code === 'CONFLICT')
        return { id: recorded.id, isWhitelisted: true };
      throw error;
    }
    return { id: recorded.id, isWhitelisted: false };
  }

  const WHITELISTED_NOTE =
    ' Your whitelist covers this page or its file, so nothing is sent about it.';
  const ON_HER_WORD = 'It is tracked on your word that the content is yours.';

  async function settleFailedFetch(
    row: ReportedUrlRow,
    failure: { reason: string; message: string },
  ): Promise<Settlement> {
    if (REFUSED_FETCH.has(failure.reason)) {
      return {
        status: 'failed',
        findingId: null,
        detail: `This address cannot be fetched: ${failure.message} Only pages on the public web can be taken down, so nothing was recorded.`,
      };
    }
    const recorded = await recordConfirmed(row, { confidence: 1 });
    return {
      status: 'failed',
      findingId: recorded.id,
      detail: `The page could not be loaded: ${failure.message} ${ON_HER_WORD}${recorded.isWhitelisted ? WHITELISTED_NOTE : ''}`,
    };
  }

  async function process(row: ReportedUrlRow, isLastAttempt: boolean): Promise<Settlement> {
    const page = await crawler.fetchPage(row.url, { respectRobots: false });
    if (!page.ok) {
      if (RETRYABLE_FETCH.has(page.reason) && !isLastAttempt)
        throw new RetryableReportError(page.message);
      return settleFailedFetch(row, page);
    }
    const redirected =
      keyOf(page.finalUrl) !== keyOf(row.url) ? ` It led to ${page.finalUrl}.` : '';
    const hasReferences = (await repo.readyReferenceCount(row.userId)) > 0;
    const seen = new Set<string>();
    const media = page.media
      .filter((m) => {
        const key = keyOf(m.url) ?? m.url;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, deps.maxMediaPerPage);

    let best: BestMatch | null = null;
    let firstPicture: { url: string; bytes: Buffer } | null = null;
    let compared = 0;
    let unreadable = 0;
    for (const ref of media) {
      // A direct link to a file: the page's answer is the file itself.
      const fetched =
        page.body && ref.url === page.finalUrl
          ? { ok: true as const, finalUrl: page.finalUrl, body: page.body }
          : await crawler.fetchMedia(ref.url);
      if (!fetched.ok) {
        unreadable++;
        continue;
      }
      const type = sniffMediaType(fetched.body.subarray(0, 512));
      if (!type) continue;
      if (type.kind === 'image' && !firstPicture)
        firstPicture = { url: fetched.finalUrl, bytes: fetched.body };
      if (!hasReferences) continue;
      compared++;
      let matched: MediaMatch | null;
      try {
        matched = await matcher.match(row.userId, fetched.body, type.kind);
      } catch (error) {
        // A file the decoder cannot read is no evidence either way.
        logger.warn('reported media could not be matched', {
          reportedUrlId: row.id,
          mediaUrl: fetched.finalUrl,
          error: String(error),
        });
        unreadable++;
        continue;
      }
      if (matched && (!best || matched.confidence > best.confidence)) {
        const sha256 = createHash('sha256').update(fetched.body).digest('hex');
        best = {
          ...matched,
          mediaUrl: fetched.finalUrl,
          sha256,
          bytes: fetched.body,
          kind: type.kind,
        };
      }
    }

    if (best) {
      const recorded = await recordConfirmed(row, {
        mediaUrl: best.mediaUrl,
        pageTitle: page.title,
        referenceFileId: best.referenceId,
        distance: best.distance,
        confidence: best.confidence,
        mediaSha256: best.sha256,
        thumbnail: best.kind === 'image' ? best.bytes : (best.thumbnail ?? null),
      });
      const what = best.kind === 'image' ? 'A picture' : 'A video';
      return {
        status: 'matched',
        findingId: recorded.id,
        detail: `${what} on this page matches one of your files (confidence ${percent(best.confidence)}).${redirected}${recorded.isWhitelisted ? WHITELISTED_NOTE : ''}`,
      };
    }

    const recorded = await recordConfirmed(row, {
      mediaUrl: firstPicture?.url ?? null,
      pageTitle: page.title,
      confidence: 1,
      thumbnail: firstPicture?.bytes ?? null,
    });
    let why: string;
    if (media.length === 0) why = 'The page loaded but shows no picture or video we could compare.';
    else if (!hasReferences)
      why =
        'The page loaded, but you have no reference files to compare it with yet (add them in Uploaded Files).';
    else if (compared === 0)
      why = `The page loaded, but none of its ${media.length} pictures or videos could be downloaded.`;
    else
      why = `The page loaded; none of the ${compared} pictures or videos compared matched your files${unreadable > 0 ? ` (${unreadable} could not be read)` : ''}.`;
    return {
      status: 'unmatched',
      findingId: recorded.id,
      detail: `${why}${redirected} ${ON_HER_WORD}${recorded.isWhitelisted ? WHITELISTED_NOTE : ''}`,
    };
  }

  return {
    /** The job handler: settles one queued report (a settled one is left as it is). */
    async run(
      reportedUrlId: string,
      context: Pick<JobContext, 'isLastAttempt'>,
    ): Promise<Record<string, unknown>> {
      const row = await repo.reportedUrl(reportedUrlId);
      if (!row) return { skipped: 'The report no longer exists.' };
      if (row.status !== 'queued') return { status: row.status, findingId: row.findingId };
      let settled: Settlement;
      try {
        settled = await process(row, context.isLastAttempt);
      } catch (error) {
        if (!context.isLastAttempt) throw error;
        // No retry follows: the report says so rather than staying queued for ever.
        logger.error('reported address could not be checked', {
          reportedUrlId: row.id,
          error: describeError(error),
        });
        settled = {
          status: 'failed',
          findingId: null,
          detail:
            'Something went wrong on our side while checking this page. Report it again to retry.',
        };
      }
      await repo.settleReportedUrl(row.id, settled);
      return { status: settled.status, findingId: settled.findingId };
    },
  };
}

export type ReportedUrlJob = ReturnType<typeof createReportedUrlJob>;
