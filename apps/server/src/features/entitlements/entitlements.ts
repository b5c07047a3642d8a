// Who may use the protection set-up, and how much of it: the page guards and the plan catalog's
// limits, enforced by the API the same way the SPA's guards show it.
import {
  LIMIT_NOUNS,
  TIERS,
  type LimitName,
  type Limits,
  type Perk,
  type PlanCatalog,
  type Tier,
} from '@shark/contracts/plans.ts';
import type { SpecialFeature } from '@shark/contracts/user.ts';
import { AppError } from '#server/http/app-error.ts';
import type {
  AccountState,
  AccountStateRepository,
} from '#server/features/user/account-state-repository.ts';
import type { PlanFeatures } from '#server/features/user/plan-features.ts';

/**
 * setup: Accounts, Search Engines, Whitelist, Your Content (status subscribed, or promoProtect);
 * uploads: Uploaded Files (status subscribed);
 * takedowns: the Takedown Report, its exports and each takedown's details (status subscribed).
 */
export type Entitlement = 'setup' | 'uploads' | 'takedowns';

/**
 * The special features a page is guarded by on top of the subscription: Report Leaks needs
 * submitLeak, Report Impersonation needs impersonation — the same rule as the SPA's guards.
 */
export type ReportFeature = Extract<SpecialFeature, 'submitLeak' | 'impersonation'>;

export interface Entitled {
  userId: string;
  tier: Tier;
  tierName: string;
  limits: Limits;
}

const GUARD_MESSAGES: Record<Entitlement, string> = {
  setup: 'Setting up your protection needs an active subscription. Choose a plan to continue.',
  uploads: 'Uploading reference files needs an active subscription. Choose a plan to continue.',
  takedowns: 'The takedown report needs an active subscription. Choose a plan to continue.',
};

const PROMO_MESSAGE =
  'Free Removals are a promotion your account does not have. Choose a plan to have leaks taken down.';

const AFFILIATE_ONLY_MESSAGE =
  'Affiliate accounts have the referral programme, not content protection. Sign up with another address to protect your content.';

const FEATURE_MESSAGES: Record<ReportFeature, string> = {
  submitLeak:
    'Reporting leaks needs an active subscription that includes Report Leaks. Choose a plan to continue.',
  impersonation:
    'Reporting impersonation needs an active subscription that includes impersonation protection (Premium). Choose a plan to continue.',
};

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** "2 usernames", "5 GB of reference storage". */
export function describeAmount(limit: LimitName, amount: number): string {
  if (limit === 'referenceStorageBytes') return `${formatBytes(amount)} of reference storage`;
  const noun = LIMIT_NOUNS[limit];
  return `${amount} ${amount === 1 ? noun.one : noun.many}`;
}

/** The limits a subscriber outgrows: reaching one (storage: 90 % of it) suggests the plan with more. */
const OUTGROWN: readonly { limit: LimitName; share: number }[] = [
  { limit: 'usernames', share: 1 },
  { limit: 'searchTerms', share: 1 },
  { limit: 'whitelistEntries', share: 1 },
  { limit: 'referenceStorageBytes', share: 0.9 },
];

/**
 * The upgrade suggestion her usage makes: the first limit of her plan she has reached, and the next plan
 * that has more of it — "You use all 2 usernames of Standard. Plus gives you 5 usernames." Null when she has room
 * everywhere, is not subscribed, or no plan offers more.
 */
export function usageUpgradeSuggestion(
  catalog: PlanCatalog,
  tier: Tier,
  usage: Partial<Record<LimitName, number>>,
): string | null {
  if (tier === 'free') return null;
  const current = catalog.tiers[tier];
  for (const { limit, share } of OUTGROWN) {
    const allowed = current.limits[limit];
    const used = usage[limit];
    if (allowed === null || used === undefined || used < allowed * share) continue;
    const next = TIERS.slice(TIERS.indexOf(tier) + 1).find((t) => {
      const more = catalog.tiers[t].limits[limit];
      return more === null || more > allowed;
    });
    if (!next) continue;
    const more = catalog.tiers[next].limits[limit];
    const reached =
      limit === 'referenceStorageBytes'
        ? `You use ${formatBytes(used)} of the ${describeAmount(limit, allowed)} in ${current.name}.`
        : `You use all ${describeAmount(limit, allowed)} of ${current.name}.`;
    const offered =
      more === null
        ? `${catalog.tiers[next].name} has no limit on ${LIMIT_NOUNS[limit].many}.`
        : `${catalog.tiers[next].name} gives you ${describeAmount(limit, more)}.`;
    return `${reached} ${offered}`;
  }
  return null;
}

export function tierOf(state: AccountState): Tier {
  return state.status === 'subscribed' && state.plan ? state.plan : 'free';
}

export function createEntitlements(deps: {
  accountStates: AccountStateRepository;
  catalog: PlanCatalog;
  planFeatures: PlanFeatures;
}) {
  const { catalog } = deps;

  function entitledOf(userId: string, state: AccountState): Entitled {
    const tier = tierOf(state);
    return { userId, tier, tierName: catalog.tiers[tier].name, limits: catalog.tiers[tier].limits };
  }

  /**
   * The state of a creator: an affiliate-only account reaches only the referral pages, account, plans,
   * notifications and community, so every creator feature refuses it.
   */
  async function creatorState(userId: string): Promise<AccountState> {
    if (await deps.accountStates.isAffiliateOnly(userId))
      throw new AppError('FORBIDDEN', AFFILIATE_ONLY_MESSAGE);
    return deps.accountStates.findState(userId);
  }

  function features(state: AccountState): Set<SpecialFeature> {
    const fromPlan =
      state.status === 'subscribed' && state.plan ? deps.planFeatures[state.plan] : [];
    return new Set([...fromPlan, ...state.grantedFeatures]);
  }

  return {
    /** The tier and limits of any signed-in user (free when not subscribed). */
    async of(userId: string): Promise<Entitled> {
      return entitledOf(userId, await deps.accountStates.findState(userId));
    },

    /** Whether her plan (while she is subscribed) includes the perk, such as deep fake protection. */
    async hasPerk(userId: string, perk: Perk): Promise<boolean> {
      const tier = tierOf(await deps.accountStates.findState(userId));
      return catalog.tiers[tier].perks.includes(perk);
    },

    /** Throws 403 when the user may not use this part of the product. */
    async require(userId: string, what: Entitlement): Promise<Entitled> {
      const state = await creatorState(userId);
      const allowed =
        state.status === 'subscribed' || (what === 'setup' && features(state).has('promoProtect'));
      if (!allowed) throw new AppError('FORBIDDEN', GUARD_MESSAGES[what]);
      return entitledOf(userId, state);
    },

    /** Free Removals (/promo-protect): throws 403 unless the user has promoProtect (the page's own guard). */
    async requirePromo(userId: string): Promise<Entitled> {
      const state = await creatorState(userId);
      if (!features(state).has('promoProtect')) throw new AppError('FORBIDDEN', PROMO_MESSAGE);
      return entitledOf(userId, state);
    },

    /**
     * One takedown's details: status subscribed, as for the takedown report, or — for a promoProtect
     * user — a takedown of one of her Free Removals (`isFreeRemoval` looks it up), and nothing else.
     */
    async requireTakedown(
      userId: string,
      isFreeRemoval: () => Promise<boolean>,
    ): Promise<Entitled> {
      const state = await creatorState(userId);
      const allowed =
        state.status === 'subscribed' ||
        (features(state).has('promoProtect') && (await isFreeRemoval()));
      if (!allowed) throw new AppError('FORBIDDEN', GUARD_MESSAGES.takedowns);
      return entitledOf(userId, state);
    },

    /** Throws 403 unless the user is subscribed and has the feature (from her plan or granted). */
    async requireFeature(userId: string, feature: ReportFeature): Promise<Entitled> {
      const state = await creatorState(userId);
      if (state.status !== 'subscribed' || !features(state).has(feature)) {
        throw new AppError('FORBIDDEN', FEATURE_MESSAGES[feature]);
      }
      return entitledOf(userId, state);
    },

    /**
     * Throws PLAN_LIMIT_REACHED when `used + adding` exceeds the limit, naming the limit and the plan
     * that lifts it. `adding` is how much the request adds (1 row, or a file's bytes).
     */
    assertWithin(entitled: Entitled, limit: LimitName, used: number, adding = 1): void {
      const allowed = entitled.limits[limit];
      if (allowed === null || used + adding <= allowed) return;
      const upgradeTier = TIERS.slice(TIERS.indexOf(entitled.tier) + 1).find((t) => {
        const higher = catalog.tiers[t].limits[limit];
        return higher === null || higher > allowed;
      });
      const upgrade = upgradeTier
        ? ` ${catalog.tiers[upgradeTier].name} includes ${catalog.tiers[upgradeTier].limits[limit] === null ? `unlimited ${LIMIT_NOUNS[limit].many}` : describeAmount(limit, catalog.tiers[upgradeTier].limits[limit])}.`
        : '';
      const plan =
        entitled.tier === 'free'
          ? 'Without a subscription you get'
          : `Your ${entitled.tierName} plan includes`;
      throw new AppError(
        'PLAN_LIMIT_REACHED',
        `${plan} ${describeAmount(limit, allowed)}, and you use ${describeAmount(limit, used)}.${upgrade}`,
        {
          limit: {
            name: limit,
            allowed,
            used,
            tier: entitled.tier,
            upgradeTier: upgradeTier ?? null,
          },
        },
      );
    },
  };
}

export type Entitlements = ReturnType<typeof createEntitlements>;
