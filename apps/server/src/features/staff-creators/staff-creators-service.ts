// The staff console's creators: finding her from whatever the person asking gave (an address, a
// username, a page), her page's summary, and the admins' grants, made by the same account service as
// `shark users grant` and recorded in the audit log.
import {
  CREATOR_SEARCH_LIMIT,
  type CreatorOverview,
  type CreatorSearchResult,
  type GrantCreator,
} from '@shark/contracts/staff-creators.ts';
import { FINDING_STATUSES } from '@shark/contracts/findings.ts';
import { TAKEDOWN_STATUSES } from '@shark/contracts/takedown-report.ts';
import type { User } from '@shark/contracts/user.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { UsageRepository } from '#server/features/entitlements/usage-repository.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import type { AccountService } from '#server/features/user/account-service.ts';
import type { AccountStateRepository } from '#server/features/user/account-state-repository.ts';
import { AppError } from '#server/http/app-error.ts';
import type { CreatorHitRow, StaffCreatorsRepository } from './staff-creators-repository.ts';

export interface StaffCreatorsDeps {
  repo: StaffCreatorsRepository;
  audit: StaffAudit;
  accounts: AccountService;
  accountStates: Pick<AccountStateRepository, 'findState'>;
  entitlements: Pick<Entitlements, 'of'>;
  usage: Pick<UsageRepository, 'all'>;
}

const NOT_FOUND = 'No creator with this id.';

/** A page address the person pasted: anything with a scheme, or a host followed by a path. */
function asPage(text: string): { raw: string; normalized: string | null } | null {
  const looksLikePage = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[^\s@/]+\.[^\s@/]+\//.test(text);
  if (!looksLikePage) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  const address = parseWebAddress(withScheme);
  return { raw: withScheme, normalized: address.ok ? urlKey(address.value) : null };
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function countsOf<S extends string>(
  statuses: readonly S[],
  rows: { status: S; n: number }[],
): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export function createStaffCreatorsService(deps: StaffCreatorsDeps) {
  const { repo } = deps;

  async function requireCreator(id: string) {
    const creator = await repo.creator(id);
    if (!creator) throw new AppError('NOT_FOUND', NOT_FOUND);
    return creator;
  }

  /** What a grant can change, as it is now: the audit's before and after. */
  async function grantable(id: string) {
    const [creator, state] = await Promise.all([
      requireCreator(id),
      deps.accountStates.findState(id),
    ]);
    return {
      status: state.status,
      plan: state.plan,
      grantedFeatures: state.grantedFeatures,
      cancelledButActive: state.cancelAtPeriodEnd,
      suggestUpgrade: state.suggestUpgradeMessage,
      affiliateOnly: creator.isAffiliateOnly,
    };
  }

  return {
    async search(q: string): Promise<CreatorSearchResult> {
      const text = q.trim();
      const page = asPage(text);
      const limit = CREATOR_SEARCH_LIMIT + 1;
      const hits: CreatorHitRow[] = page
        ? await repo.byPage(page, limit)
        : [
            ...(await repo.byAccount(text, limit)),
            ...(await repo.byUsername(text.replace(/^@/, ''), limit)),
          ];
      const seen = new Map<string, CreatorHitRow>();
      for (const hit of hits) if (!seen.has(hit.id)) seen.set(hit.id, hit);
      const creators = [...seen.values()];
      return {
        creators: creators.slice(0, CREATOR_SEARCH_LIMIT).map((hit) => ({
          id: hit.id,
          name: hit.name,
          email: hit.email,
          emailVerified: hit.emailVerified,
          createdAt: hit.createdAt.toISOString(),
          matchedBy: hit.matchedBy,
          matched: hit.matched,
        })),
        isTruncated: creators.length > CREATOR_SEARCH_LIMIT,
      };
    },

    async overview(id: string): Promise<CreatorOverview> {
      const creator = await requireCreator(id);
      const [
        user,
        state,
        live,
        entitled,
        usage,
        accounts,
        findingCounts,
        findings,
        takedownCounts,
        takedowns,
        support,
      ] = await Promise.all([
        deps.accounts.showByEmail(creator.email),
        deps.accountStates.findState(id),
        repo.liveSubscription(id),
        deps.entitlements.of(id),
        deps.usage.all(id),
        repo.protectedAccounts(id),
        repo.findingCounts(id),
        repo.recentFindings(id),
        repo.takedownCounts(id),
        repo.recentTakedowns(id),
        repo.supportRequests(id),
      ]);
      return {
        profile: {
          id: creator.id,
          name: creator.name,
          email: creator.email,
          emailVerified: creator.emailVerified,
          isAffiliateOnly: creator.isAffiliateOnly,
          createdAt: creator.createdAt.toISOString(),
        },
        account: {
          status: state.status,
          plan: state.plan,
          grantedFeatures: state.grantedFeatures,
          effectiveFeatures: user.effectiveSpecialFeatures,
          isCancelledButActive: user.isCancelledButActive,
          suggestUpgradeMessage: state.suggestUpgradeMessage,
          subscribedSince: iso(state.subscribedSince),
          liveSubscription: live
            ? {
                id: live.id,
                status: live.status,
                plan: live.plan,
                interval: live.interval,
                currency: live.currency,
                cancelAtPeriodEnd: live.cancelAtPeriodEnd,
                currentPeriodEnd: live.currentPeriodEnd.toISOString(),
              }
            : null,
        },
        usage: {
          tier: entitled.tier,
          tierName: entitled.tierName,
          limits: entitled.limits,
          usage,
        },
        protectedAccounts: accounts.map((a) => ({
          ...a,
          verifiedAt: iso(a.verifiedAt),
          createdAt: a.createdAt.toISOString(),
        })),
        findings: {
          counts: countsOf(FINDING_STATUSES, findingCounts),
          recent: findings.map((f) => ({
            ...f,
            staffReviewRequestedAt: iso(f.staffReviewRequestedAt),
            lastSeenAt: f.lastSeenAt.toISOString(),
          })),
        },
        takedowns: {
          counts: countsOf(TAKEDOWN_STATUSES, takedownCounts),
          recent: takedowns.map((t) => ({
            ...t,
            confirmedAt: t.confirmedAt.toISOString(),
            updatedAt: t.updatedAt.toISOString(),
          })),
        },
        support: support.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          lastMessageAt: s.lastMessageAt.toISOString(),
        })),
      };
    },

    /** `shark users grant` from the console: the same rules, and one audit event with before and after. */
    async grant(actor: StaffActor, id: string, changes: GrantCreator): Promise<User> {
      const creator = await requireCreator(id);
      const before = await grantable(id);
      const user = await deps.accounts.grant(creator.email, changes);
      await deps.audit.record(actor, {
        action: 'account.grant',
        targetType: 'user',
        targetId: id,
        subjectUserId: id,
        before,
        after: await grantable(id),
      });
      return user;
    },
  };
}

export type StaffCreatorsService = ReturnType<typeof createStaffCreatorsService>;
