// The review of a finding as the lists show it before the server has answered (optimistic update).
import type {
  Finding,
  FindingPage,
  FindingStatus,
  ReviewFinding,
} from '@shark/contracts/findings.ts';

export type ReviewAction = ReviewFinding['action'];

export const STATUS_AFTER: Record<ReviewAction, FindingStatus> = {
  confirm: 'confirmed',
  reject: 'rejected',
  whitelist: 'whitelisted',
};

/** The actions offered for a finding in each status (a whitelisted URL is changed on Whitelist). */
export function actionsFor(status: FindingStatus): ReviewAction[] {
  switch (status) {
    case 'pending_review':
      return ['confirm', 'reject', 'whitelist'];
    case 'confirmed':
      return ['reject', 'whitelist'];
    case 'rejected':
      return ['confirm', 'whitelist'];
    case 'whitelisted':
      return [];
  }
}

/**
 * The pages of a list of `listStatus` findings after `finding` was reviewed into `to`: the finding
 * leaves a list of another status, and the counts (over all findings) move with it.
 */
export function withReview(
  pages: FindingPage[],
  finding: Pick<Finding, 'id' | 'status'>,
  to: FindingStatus,
  listStatus: FindingStatus,
): FindingPage[] {
  if (finding.status === to) return pages;
  return pages.map((page) => ({
    ...page,
    findings:
      listStatus === to
        ? page.findings.map((f) =>
            f.id === finding.id ? { ...f, status: to, reviewedBy: 'creator' as const } : f,
          )
        : page.findings.filter((f) => f.id !== finding.id),
    counts: {
      ...page.counts,
      [finding.status]: Math.max(0, page.counts[finding.status] - 1),
      [to]: page.counts[to] + 1,
    },
  }));
}
