// Report Impersonation: a fake profile becomes a confirmed impersonation finding at once, from which
// enforcement prepares the report the platform's impersonation policy asks for.
import { randomUUID } from 'node:crypto';
import {
  REPORTS_PAGE_SIZE,
  type ImpersonationPlatformList,
  type ImpersonationReport,
  type ImpersonationReportPage,
  type ReportImpersonation,
  type ReportListQuery,
} from '@shark/contracts/report-leaks.ts';
import type { WhitelistEntry } from '@shark/contracts/whitelist.ts';
import type { WhitelistMatcher } from '@shark/engine/whitelist/whitelist-match.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import {
  identifyProfile,
  impersonationPlatforms,
  resolvePlatform,
} from './impersonation-platforms.ts';
import { judgeAddress } from './report-input.ts';
import { decodeReportCursor, encodeReportCursor } from './report-cursor.ts';
import { NOT_FOUND, REPORTED_BY_CREATOR, dateOf } from './report-messages.ts';
import type { ImpersonationReportView } from './report-repository.ts';
import { CREATOR_REPORT_SOURCE } from './reported-url-job.ts';
import { monthStart, type ReportServiceDeps } from './report-service.ts';

export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}

export function createImpersonationReports(
  deps: Pick<ReportServiceDeps, 'repo' | 'findings' | 'catalog' | 'assertWithin' | 'now'>,
  whitelistMatcher: (userId: string) => Promise<WhitelistMatcher<WhitelistEntry>>,
) {
  const { repo, findings } = deps;

  function impersonationToApi(view: ImpersonationReportView): ImpersonationReport {
    const { row } = view;
    return {
      id: row.id,
      url: row.url,
      platform: row.platform,
      platformName: resolvePlatform(deps.catalog(), row.platform)?.name ?? row.platform,
      username: row.username,
      displayName: view.displayName,
      evidence: row.evidence,
      findingId: row.findingId,
      findingStatus: view.findingStatus,
      takedown: view.takedown,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    platforms(): ImpersonationPlatformList {
      return { platforms: impersonationPlatforms(deps.catalog()) };
    },

    /**
     * A fake profile: checked against the platform (the address must be on it; the username is read
     * from it when the platform's profile address says where), recorded once per address, and made a
     * finding she has confirmed, with her evidence as its reasons.
     */
    async reportImpersonation(
      entitled: Entitled,
      input: ReportImpersonation,
    ): Promise<ImpersonationReport> {
      const { userId } = entitled;
      const catalog = deps.catalog();
      const platform = resolvePlatform(catalog, input.platform);
      if (!platform) throw fieldError('platform', 'Choose one of the listed platforms.');
      const judged = judgeAddress(input.url);
      if (!judged.ok) throw fieldError('url', judged.message);
      const identified = identifyProfile(catalog, platform, new URL(judged.url), input.username);
      if (!identified.ok) throw fieldError(identified.field, identified.message);
      if (!identified.username) {
        throw fieldError(
          'username',
          'Enter the username of the fake profile: it could not be read from this address.',
        );
      }
      let official: string | undefined;
      if (input.officialProfileUrl) {
        const judgedOfficial = judgeAddress(input.officialProfileUrl);
        if (!judgedOfficial.ok) throw fieldError('officialProfileUrl', judgedOfficial.message);
        if (judgedOfficial.key === judged.key) {
          throw fieldError(
            'officialProfileUrl',
            'This is the address of the fake profile. Enter the address of your own profile, or leave it empty.',
          );
        }
        official = judgedOfficial.url;
      }
      const covered = (await whitelistMatcher(userId)).match(judged.url);
      if (covered) {
        throw fieldError(
          'url',
          `Your whitelist entry ${covered.entry.display} covers this address, so it counts as one of your own pages. Remove the entry first if this profile is not yours.`,
        );
      }

      if (!(await repo.impersonationReportByKey(userId, judged.key))) {
        const used = await repo.manualRemovalsSince(userId, monthStart(deps.now?.() ?? new Date()));
        deps.assertWithin(entitled, 'manualRemovalsPerMonth', used);
      }
      const displayName = input.displayName ?? null;
      let row = await repo.insertImpersonationReport({
        id: `ir_${randomUUID()}`,
        userId,
        url: judged.url,
        normalizedUrl: judged.key,
        platform: platform.id,
        username: identified.username,
        evidence: input.evidence,
      });
      if (!row) {
        const existing = await repo.impersonationReportByKey(userId, judged.key);
        if (!existing) throw new Error('impersonation report missing after a conflicting insert');
        // A report whose finding was never made (the request died half-way) is completed, not refused.
        if (existing.findingId !== null) {
          throw new AppError(
            'CONFLICT',
            `You reported this profile on ${dateOf(existing.createdAt)}. It is in the list below.`,
            {
              fields: { url: 'You reported this profile before.' },
            },
          );
        }
        row = existing;
      }

      const reasons = [
        REPORTED_BY_CREATOR,
        row.evidence,
        ...(official ? [`official profile: ${official}`] : []),
      ];
      const recorded = await findings.record({
        userId,
        scanId: null,
        kind: 'impersonation',
        pageUrl: row.url,
        pageTitle: displayName,
        source: CREATOR_REPORT_SOURCE,
        site: platform.site
          ? { id: platform.site.id, name: platform.site.name, kind: platform.site.kind }
          : { id: null, name: platform.name, kind: 'other' },
        confidence: 1,
        impersonation: {
          platform: platform.id,
          username: row.username ?? identified.username,
          displayName,
          reasons,
        },
      });
      if (recorded.status !== 'whitelisted')
        await findings.review(entitled, recorded.id, 'confirm');
      await repo.setImpersonationFinding(row.id, recorded.id);
      const view = await repo.impersonationReportView(userId, row.id);
      if (!view) throw new Error('impersonation report vanished after it was made');
      return impersonationToApi(view);
    },

    async getImpersonation(userId: string, id: string): Promise<ImpersonationReport> {
      const view = await repo.impersonationReportView(userId, id);
      if (!view) throw new AppError('NOT_FOUND', NOT_FOUND);
      return impersonationToApi(view);
    },

    async listImpersonation(
      userId: string,
      query: ReportListQuery,
    ): Promise<ImpersonationReportPage> {
      const after = query.cursor ? decodeReportCursor(query.cursor) : null;
      const limit = query.limit ?? REPORTS_PAGE_SIZE;
      const views = await repo.pageImpersonationReports(userId, after, limit + 1);
      const shown = views.slice(0, limit);
      const last = shown.at(-1);
      return {
        reports: shown.map(impersonationToApi),
        nextCursor:
          views.length > limit && last
            ? encodeReportCursor({ createdAt: last.createdKey, id: last.row.id })
            : null,
      };
    },
  };
}
