// scan.fetch: one page a search or a catalog listing led to, fetched; each picture and video it embeds
// becomes a match task, and a page on a non-social site that names the creator is recorded as a mention
// or a name sighting (page-mention.ts).
import { z } from 'zod';
import type { SiteKindName } from '@shark/contracts/findings.ts';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import type { NewTask, ScanRepository } from '#server/features/scans/scan-repository.ts';
import type { CrawlerPort, FindingsPort } from '#server/features/scans/scan-ports.ts';
import type { ScanSettings } from '#server/features/scans/scan-settings.ts';
import { defineStage, type RegisteredStage } from '#server/features/scans/scan-task-runner.ts';
import {
  distinctHttpUrls,
  isHttpUrl,
  siteById,
  siteOfUrl,
  urlTaskKey,
} from '#server/features/scans/scan-urls.ts';
import type { OnionMirrors } from '#server/features/dark-web/onion-mirrors.ts';
import { creatorFrom } from './creator-setup.ts';
import { failedFetchOutcome } from './fetch-failure.ts';
import { matchMediaTask } from './match-media-stage.ts';
import type { SiteExpansion } from './site-expansion.ts';
import { expansionMark } from './site-expansion-mark.ts';
import { recordPageMention, type PageMentionOutcome, type SightingsPort } from './page-mention.ts';
import { profileOnPage, withoutAvatar, type UnknownProfileDeps } from './unknown-profile.ts';

/** The source of a page an onion page gave as its clearnet mirror. */
export const MIRROR_SOURCE = 'onion-mirror';

/** Characters of a page's text kept with its fetch task. */
const TEXT_KEPT = 1_000;

export const fetchPageInput = z.object({
  url: z.string(),
  source: z.string(),
  title: z.string().nullable(),
  mediaHints: z.array(z.string()),
  siteId: z.string().nullable(),
  siteKind: z.string(),
  /** Set on a page fetched for a site's expansion (site-expansion.ts). */
  expansion: expansionMark.optional(),
});
export type FetchPageInput = z.infer<typeof fetchPageInput>;

/**
 * The task that fetches a page a source or catalog listing found, keyed by its canonical URL; null for
 * an address that is not a web page's.
 */
export function fetchPageTask(
  found: { url: string; source: string; title: string | null; mediaHints: string[] },
  context: { catalog: SiteCatalog; maxMediaPerPage: number },
): NewTask | null {
  if (!isHttpUrl(found.url)) return null;
  const site = siteOfUrl(context.catalog, found.url);
  return {
    stage: 'fetch',
    key: urlTaskKey(found.url),
    input: {
      url: found.url,
      source: found.source,
      title: found.title,
      mediaHints: found.mediaHints.filter(isHttpUrl).slice(0, context.maxMediaPerPage),
      siteId: site.siteId,
      siteKind: site.siteKind,
    } satisfies FetchPageInput,
  };
}

export interface FetchPageDeps extends UnknownProfileDeps {
  repo: Pick<ScanRepository, 'setupOf'>;
  crawler: CrawlerPort;
  findings: Pick<FindingsPort, 'record'>;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'respectRobots' | 'maxMediaPerPage' | 'variantsPerUsername'>;
  /** Where pages that only share the creator's name go; without it they are not kept. */
  sightings?: SightingsPort;
  /** Spends an expansion page's budget and follows its links; without it expansion pages are plain pages. */
  expansion?: Pick<SiteExpansion, 'spendPage' | 'followPage'>;
  /** The clearnet mirrors an onion page names (recorded as such); without it none are followed. */
  mirrors?: Pick<OnionMirrors, 'mirrorsOf'>;
}

export function createFetchPageStage(deps: FetchPageDeps): RegisteredStage {
  const { crawler, settings } = deps;

  /** The first of the page's pictures that downloads, for a mention's thumbnail. */
  async function firstPicture(media: string[]): Promise<{ url: string; bytes: Buffer } | null> {
    for (const url of media.slice(0, 3)) {
      const fetched = await crawler.fetchMedia(url);
      if (fetched.ok && sniffMediaType(fetched.body.subarray(0, 512))?.kind === 'image')
        return { url, bytes: fetched.body };
    }
    return null;
  }

  return defineStage({
    name: 'fetch',
    input: fetchPageInput,
    subjectUrl: (input) => input.url,
    async handle(input, { scan: scanRow, enqueue }) {
      if (input.expansion && deps.expansion) {
        const refused = await deps.expansion.spendPage(scanRow, input.expansion.site);
        if (refused) return refused;
      }
      const page = await crawler.fetchPage(input.url, { respectRobots: settings.respectRobots });
      if (!page.ok) return failedFetchOutcome(page);
      const site = siteById(deps.catalog(), input.siteId) ?? null;
      const title = page.title ?? input.title;
      // Only what the page itself embeds is matched: the hints a search result carried depend on which
      // source found the page first, and the scan's work must not (a rerun plans the same tasks).
      const media = distinctHttpUrls(page.media.map((m) => m.url)).slice(
        0,
        settings.maxMediaPerPage,
      );
      const setup = await deps.repo.setupOf(scanRow.userId);
      // A profile on a network outside the catalog is assessed as one; its avatar is no leak.
      const profile = await profileOnPage(deps, {
        ...input,
        page,
        scan: scanRow,
        setup,
        enqueue,
      });
      const hasReferences = setup.references.length > 0;
      if (hasReferences) {
        await enqueue(
          withoutAvatar(media, profile).map((mediaUrl) =>
            matchMediaTask({
              mediaUrl,
              pageUrl: page.finalUrl,
              pageTitle: title,
              source: input.source,
              siteId: input.siteId,
              siteKind: input.siteKind,
            }),
          ),
        );
      }
      // A page naming the creator without a matched file: a mention, a name sighting or nothing (page-mention.ts).
      let named: PageMentionOutcome | null = null;
      if (input.siteKind !== 'social-network' && !profile?.isAboutProfiles) {
        // The set-up read above, not a second read of the same four queries per page.
        named = await recordPageMention(
          { recordFinding: (finding) => deps.findings.record(finding), sightings: deps.sightings },
          { ...page, title },
          { userId: scanRow.userId, scanId: scanRow.id, creator: creatorFrom(setup) },
          async (confidence) => {
            const thumbnail = await firstPicture(distinctHttpUrls([...media, ...input.mediaHints]));
            return {
              userId: scanRow.userId,
              scanId: scanRow.id,
              kind: 'mention',
              pageUrl: page.finalUrl,
              mediaUrl: thumbnail?.url ?? null,
              pageTitle: title,
              source: input.source,
              site: {
                id: site?.id ?? null,
                name: site?.name,
                kind: input.siteKind as SiteKindName,
              },
              confidence,
              thumbnail: thumbnail?.bytes ?? null,
            };
          },
        );
      }
      // An onion page's clearnet mirrors are fetched like any page: a copy there can be taken down.
      const mirrors = deps.mirrors ? await deps.mirrors.mirrorsOf(page) : [];
      if (mirrors.length > 0) {
        const context = { catalog: deps.catalog(), maxMediaPerPage: settings.maxMediaPerPage };
        await enqueue(
          mirrors
            .map((url) =>
              fetchPageTask({ url, source: MIRROR_SOURCE, title: null, mediaHints: [] }, context),
            )
            .filter((task) => task !== null),
        );
      }
      const expanded =
        input.expansion && deps.expansion
          ? await deps.expansion.followPage(input.expansion, page, { scan: scanRow, enqueue })
          : null;
      return {
        status: 'done',
        // What the page was, for the record: where it led, what it said (its text cut short).
        result: {
          status: page.status,
          finalUrl: page.finalUrl,
          title,
          text: page.text === null ? null : page.text.slice(0, TEXT_KEPT),
          media: media.length,
          ...(expanded ? { expansion: expanded } : {}),
          ...(mirrors.length > 0 ? { mirrors } : {}),
          mention: named?.recorded === 'mention' ? named.findingId : null,
          named: named?.context ? { ...named.context, recorded: named.recorded } : null,
          ...(profile ? { profile: profile.result } : {}),
        },
      };
    },
  });
}
