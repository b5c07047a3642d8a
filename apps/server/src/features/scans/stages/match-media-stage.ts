// scan.match: one picture or video a page embeds, downloaded and matched against the creator's
// reference files; a match is recorded as a leak.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SiteKindName } from '@shark/contracts/findings.ts';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import type { NewTask, ScanRepository } from '#server/features/scans/scan-repository.ts';
import type { MediaMatch, ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import type { CrawlerPort, FindingsPort } from '#server/features/scans/scan-ports.ts';
import { defineStage, type RegisteredStage } from '#server/features/scans/scan-task-runner.ts';
import { siteById, urlTaskKey } from '#server/features/scans/scan-urls.ts';
import { failedFetchOutcome } from './fetch-failure.ts';
import type { SiteExpansion } from './site-expansion.ts';

export const matchMediaInput = z.object({
  mediaUrl: z.string(),
  pageUrl: z.string(),
  pageTitle: z.string().nullable(),
  source: z.string(),
  siteId: z.string().nullable(),
  siteKind: z.string(),
});
export type MatchMediaInput = z.infer<typeof matchMediaInput>;

/** The task that matches one of a page's media files, keyed by the page and the file. */
export function matchMediaTask(input: MatchMediaInput): NewTask {
  return {
    stage: 'match',
    key: `${urlTaskKey(input.pageUrl)}|${urlTaskKey(input.mediaUrl)}`,
    input,
  };
}

export interface MatchMediaDeps {
  repo: Pick<ScanRepository, 'matchedBytes'>;
  crawler: Pick<CrawlerPort, 'fetchMedia'>;
  matcher: ScanMatcher;
  findings: Pick<FindingsPort, 'record'>;
  catalog: () => SiteCatalog;
  /** Called after a leak is recorded (site-expansion.ts searches its site further). */
  onLeak?: SiteExpansion['onLeak'];
  /**
   * The fetch task of an address taken for a file that answered with a web page (file hosts name
   * their file pages after the file: /f/Ab12/IMG_4410.jpg); the page is then fetched as a page.
   */
  pageTask?: (url: string, source: string) => NewTask | null;
}

function isHtml(contentType: string | null): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? '');
}

export function createMatchMediaStage(deps: MatchMediaDeps): RegisteredStage {
  return defineStage({
    name: 'match',
    input: matchMediaInput,
    subjectUrl: (input) => input.mediaUrl,
    async handle(input, context) {
      const { scan: scanRow } = context;
      const media = await deps.crawler.fetchMedia(input.mediaUrl);
      if (!media.ok) return failedFetchOutcome(media);
      const sha256 = createHash('sha256').update(media.body).digest('hex');
      const type = sniffMediaType(media.body.subarray(0, 512));
      if (!type) {
        const page = isHtml(media.contentType)
          ? deps.pageTask?.(media.finalUrl, input.source)
          : null;
        if (page) {
          await context.enqueue([page]);
          return {
            status: 'skipped',
            result: { sha256, page: media.finalUrl },
            error: 'A web page, not a file: fetched as a page.',
          };
        }
        return { status: 'skipped', result: { sha256 }, error: 'Neither a picture nor a video.' };
      }
      // The same bytes met again in this scan (a CDN mirror, a thumbnail reused) are not matched twice.
      const earlier = await deps.repo.matchedBytes(scanRow.id, sha256);
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
      const site = siteById(deps.catalog(), input.siteId) ?? null;
      if (!matched) {
        // Not a copy of her files: a picture of her face (a photo she never uploaded, a forgery)?
        const likeness = await deps.matcher.likeness(scanRow.userId, media.body, type.kind);
        if (!likeness) return { status: 'done', result };
        const recorded = await deps.findings.record({
          userId: scanRow.userId,
          scanId: scanRow.id,
          kind: 'likeness',
          pageUrl: input.pageUrl,
          mediaUrl: media.finalUrl,
          pageTitle: input.pageTitle,
          source: input.source,
          site: { id: site?.id ?? null, name: site?.name, kind: input.siteKind as SiteKindName },
          confidence: likeness.similarity,
          mediaSha256: sha256,
          thumbnail: type.kind === 'image' ? media.body : (likeness.frame ?? null),
          face: {
            similarity: likeness.similarity,
            box: likeness.box,
            enrolledFaceId: likeness.enrolledFaceId,
            crop: likeness.crop,
          },
        });
        return {
          status: 'done',
          result: {
            ...result,
            likeness: { similarity: likeness.similarity, enrolledFaceId: likeness.enrolledFaceId },
            findingId: recorded.id,
          },
        };
      }
      const recorded = await deps.findings.record({
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
      const expansion = deps.onLeak
        ? await deps.onLeak({ ...input, finding: recorded }, context)
        : null;
      return {
        status: 'done',
        result: { ...result, findingId: recorded.id, ...(expansion ? { expansion } : {}) },
      };
    },
  });
}
