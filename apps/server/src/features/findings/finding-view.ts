// A finding as the API shows it: its row, its site's name, its reference, its whitelist entry and the
// earlier finding it is a re-upload of.
import type { Finding } from '@shark/contracts/findings.ts';
import { isOnionUrl } from '@shark/engine/fetch/onion.ts';
import { displayWhitelistValue } from '@shark/engine/whitelist/whitelist-entry.ts';
import type { ReuploadOrigin, ReuploadRepository } from './reupload-repository.ts';
import type { FindingRow, FindingView } from './finding-repository.ts';
import { hostOf, siteKindOf } from './finding-rules.ts';

/**
 * A finding as shown: its row and joins, the earlier finding it is a re-upload of (takedown lifecycle)
 * and the onion site whose clearnet mirror its page is on.
 */
export type ShownView = FindingView & {
  reuploadOf: ReuploadOrigin | null;
  mirrorOf: string | null;
};

/** The page's host as its URL gives it (lower case, with a port that is not the default), or ''. */
function hostNameOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** `siteName`: the catalog's name of a site id (Pornhub, not pornhub); findings elsewhere are named by their host. */
export function createFindingPresenter(
  reuploads: ReuploadRepository,
  siteName: ((siteId: string) => string | undefined) | undefined,
  mirroredOnions?: (hosts: string[]) => Promise<Map<string, string>>,
) {
  function siteOf(
    row: Pick<FindingRow, 'siteId' | 'siteKind' | 'pageUrl' | 'platform'>,
  ): Finding['site'] {
    const name =
      (row.siteId ? siteName?.(row.siteId) : undefined) ??
      hostOf(row.pageUrl) ??
      row.platform ??
      row.pageUrl;
    return { id: row.siteId, name, kind: siteKindOf(row.siteKind) };
  }

  function toApi(view: ShownView): Finding {
    const { row } = view;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      reviewedBy: row.reviewedBy,
      pageUrl: row.pageUrl,
      mediaUrl: row.mediaUrl,
      pageTitle: row.pageTitle,
      site: siteOf(row),
      reference: row.referenceFileId
        ? { id: row.referenceFileId, name: view.referenceName ?? 'Reference file' }
        : null,
      distance: row.distance,
      confidence: row.confidence,
      hasThumbnail: row.thumbnailKey !== null,
      isDarkWeb: isOnionUrl(row.pageUrl),
      mirrorOf: view.mirrorOf,
      impersonation:
        row.kind === 'impersonation' && row.username
          ? {
              platform: row.platform ?? siteOf(row).name,
              username: row.username,
              displayName: row.displayName,
              reasons: row.reasons,
            }
          : null,
      whitelistedBy: view.whitelistEntry
        ? displayWhitelistValue(view.whitelistEntry.kind, view.whitelistEntry.value)
        : null,
      source: row.source,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      reuploadOf: view.reuploadOf,
      staffReviewRequestedAt: row.staffReviewRequestedAt?.toISOString() ?? null,
      likeness:
        row.kind === 'likeness'
          ? {
              similarity: row.faceSimilarity,
              nature: row.likenessNature,
              hasFoundFace: row.faceCropKey !== null,
              hasEnrolledFace: row.enrolledFaceId !== null,
            }
          : null,
    };
  }

  /**
   * The views with the earlier finding each re-upload names and the onion site each clearnet mirror
   * mirrors (a query each for a page of them).
   */
  async function withLinks(userId: string, views: FindingView[]): Promise<ShownView[]> {
    const hosts = views.map((v) => hostNameOf(v.row.pageUrl)).filter((host) => host !== '');
    const [origins, mirrors] = await Promise.all([
      reuploads.origins(
        userId,
        views.map((v) => v.row.reuploadOfFindingId),
      ),
      mirroredOnions && hosts.length > 0 ? mirroredOnions(hosts) : new Map<string, string>(),
    ]);
    return views.map((v) => ({
      ...v,
      reuploadOf: (v.row.reuploadOfFindingId && origins.get(v.row.reuploadOfFindingId)) || null,
      mirrorOf: mirrors.get(hostNameOf(v.row.pageUrl)) ?? null,
    }));
  }

  return { siteOf, toApi, withLinks };
}
