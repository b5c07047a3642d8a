// scan.profile: one username (the creator's own or a look-alike) on one social network, checked for a
// profile that impersonates the creator; one that does is recorded as an impersonation finding.
import { z } from 'zod';
import {
  accountPlatformOf,
  type CatalogSite,
  type SiteCatalog,
} from '@shark/engine/discovery/site-catalog/catalog.ts';
import { assessProfile } from '@shark/engine/impersonation/assess-profile.ts';
import { checkProfile } from '@shark/engine/impersonation/profile-check.ts';
import { profileUrlFromTemplate } from '@shark/engine/impersonation/profile-page.ts';
import type { NewTask, ScanRepository } from '#server/features/scans/scan-repository.ts';
import type { ScanMatcher } from '#server/features/scans/scan-matcher.ts';
import type { CrawlerPort, FindingsPort } from '#server/features/scans/scan-ports.ts';
import type { ScanSettings } from '#server/features/scans/scan-settings.ts';
import {
  defineStage,
  RetryableScanError,
  type RegisteredStage,
} from '#server/features/scans/scan-task-runner.ts';
import { catalogProfileUrl, siteById } from '#server/features/scans/scan-urls.ts';
import { creatorFrom } from './creator-setup.ts';
import { throwIfNetworkFailure } from './fetch-failure.ts';
import { avatarEvidence } from './profile-avatar.ts';
import { checkTemplateProfileTask } from './unknown-profile.ts';

export const checkProfileInput = z.object({
  /** Null for a network outside the catalog, known by the profile address learnt from its pages. */
  siteId: z.string().nullable(),
  username: z.string(),
  reason: z.string(),
  profileUrlTemplate: z.string().optional(),
  siteName: z.string().optional(),
});
export type CheckProfileInput = z.infer<typeof checkProfileInput>;

/** The task that checks one username on one social network, keyed by the site and the username. */
export function checkProfileTask(
  site: Pick<CatalogSite, 'id'>,
  candidate: { username: string; reason: string },
): NewTask {
  return {
    stage: 'profile',
    key: `${site.id}:${candidate.username.toLowerCase()}`,
    input: {
      siteId: site.id,
      username: candidate.username,
      reason: candidate.reason,
    } satisfies CheckProfileInput,
  };
}

export interface CheckProfileDeps {
  repo: Pick<ScanRepository, 'setupOf'>;
  crawler: CrawlerPort;
  matcher: ScanMatcher;
  findings: Pick<FindingsPort, 'record'>;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'respectRobots'>;
  /** Whether the creator's whitelist covers a URL (a whitelisted profile is the creator's own). */
  isWhitelisted: (userId: string, url: string) => Promise<boolean>;
}

export function createCheckProfileStage(deps: CheckProfileDeps): RegisteredStage {
  const { crawler, settings } = deps;
  return defineStage({
    name: 'profile',
    input: checkProfileInput,
    subjectUrl: (input) =>
      input.profileUrlTemplate
        ? profileUrlFromTemplate(input.profileUrlTemplate, input.username)
        : catalogProfileUrl(siteById(deps.catalog(), input.siteId), input.username),
    async handle(input, { scan: scanRow }) {
      if (input.siteId === null) return checkTemplateProfileTask(deps, input, scanRow);
      const site = siteById(deps.catalog(), input.siteId);
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
          throwIfNetworkFailure(page);
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
      // Read per task: the set-up may change during a scan.
      const creator = creatorFrom(await deps.repo.setupOf(scanRow.userId));
      const {
        avatar,
        match: avatarMatch,
        showsHerFace,
      } = await avatarEvidence(
        { crawler, matcher: deps.matcher },
        scanRow.userId,
        checked.avatarUrl,
      );
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
        avatarShowsHerFace: showsHerFace,
      });
      if (!verdict.isImpersonation)
        return { status: 'done', result: { exists: true, impersonation: false } };
      const recorded = await deps.findings.record({
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
    },
  });
}
