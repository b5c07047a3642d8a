// Moderation from the staff console: the community's posts and the Scam Registry's reports, through
// the same services as `shark community` and `shark registry`, each change written to the audit log
// (a report's review with its reporter as the subject).
import type { AddRiskEntry, OperatorRiskEntry } from '@shark/contracts/risk-registry.ts';
import type { OperatorCommunityPost, PublishCommunityPost } from '@shark/contracts/community.ts';
import type { CommunityService } from '#server/features/community/community-service.ts';
import type { RiskRegistryService } from '#server/features/risk-registry/risk-registry-service.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import { AppError } from '#server/http/app-error.ts';

export interface StaffModerationDeps {
  audit: StaffAudit;
  community: Pick<CommunityService, 'publish' | 'list' | 'archive'>;
  registry: Pick<
    RiskRegistryService,
    'pending' | 'operatorShow' | 'reporterOf' | 'publish' | 'reject' | 'add'
  >;
}

export function createStaffModerationService(deps: StaffModerationDeps) {
  const { audit, community, registry } = deps;

  async function review(
    actor: StaffActor,
    id: string,
    decision: 'publish' | 'reject',
    note: string | null,
  ): Promise<OperatorRiskEntry> {
    const before = await registry.operatorShow(id);
    const reporter = await registry.reporterOf(id);
    const body = { id, note, reviewedBy: actor.email };
    const after =
      decision === 'publish' ? await registry.publish(body) : await registry.reject(body);
    await audit.record(actor, {
      action: `registry.${decision}`,
      targetType: 'risk_registry_entry',
      targetId: id,
      // The creator who reported it: the review is part of her history.
      subjectUserId: reporter,
      before,
      after,
    });
    return after;
  }

  return {
    communityPosts: (): Promise<OperatorCommunityPost[]> => community.list(),

    /** Published in the staff member's name, whatever the form said. */
    async publishPost(actor: StaffActor, input: PublishCommunityPost) {
      const post = await community.publish({ ...input, createdBy: actor.email });
      await audit.record(actor, {
        action: 'community.publish',
        targetType: 'community_post',
        targetId: post.id,
        after: post,
      });
      return post;
    },

    async archivePost(actor: StaffActor, id: string): Promise<OperatorCommunityPost> {
      const before = (await community.list()).find((post) => post.id === id);
      if (!before) throw new AppError('NOT_FOUND', `No community post with id ${id}.`);
      const after = await community.archive(id);
      await audit.record(actor, {
        action: 'community.archive',
        targetType: 'community_post',
        targetId: id,
        before,
        after,
      });
      return after;
    },

    pendingReports: (): Promise<OperatorRiskEntry[]> => registry.pending(),

    registryEntry: (id: string): Promise<OperatorRiskEntry> => registry.operatorShow(id),

    publishReport: (actor: StaffActor, id: string, note: string | null) =>
      review(actor, id, 'publish', note),

    rejectReport: (actor: StaffActor, id: string, reason: string) =>
      review(actor, id, 'reject', reason),

    /** An entry of the staff's own, published at once. */
    async addEntry(actor: StaffActor, input: AddRiskEntry): Promise<OperatorRiskEntry> {
      const entry = await registry.add({ ...input, reviewedBy: actor.email });
      await audit.record(actor, {
        action: 'registry.add',
        targetType: 'risk_registry_entry',
        targetId: entry.id,
        after: entry,
      });
      return entry;
    },
  };
}

export type StaffModerationService = ReturnType<typeof createStaffModerationService>;
