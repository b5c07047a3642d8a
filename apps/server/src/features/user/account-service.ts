// The rules behind the user's derived flags, and the operator's grants.
import type { FrontendStatus, Plan, SpecialFeature, User } from '@shark/contracts/user.ts';
import { SPECIAL_FEATURES } from '@shark/contracts/user.ts';
import type { Database } from '@shark/db/client.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  createAccountStateRepository,
  type AccountState,
  type AccountStateRepository,
  type UserRecord,
} from './account-state-repository.ts';
import type { PlanFeatures } from './plan-features.ts';

/**
 * The account state store and service on `db`, which may be another feature's transaction (a grant
 * that must land with that feature's own writes, or not at all).
 */
/** A user's account state and the account service, on one connection or transaction. */
export type AccountsOnConnection = ReturnType<typeof accountsOn>;

export function accountsOn(db: Database, planFeatures: PlanFeatures) {
  const states = createAccountStateRepository(db);
  return { states, accounts: createAccountService(states, planFeatures) };
}

/** Adds features to a user's grants (as an operator's grant would), keeping those she has. */
export async function addGrantedFeatures(
  db: Database,
  userId: string,
  features: SpecialFeature[],
): Promise<void> {
  const states = createAccountStateRepository(db);
  const current = await states.findState(userId);
  const next = [...new Set([...current.grantedFeatures, ...features])];
  if (next.length !== current.grantedFeatures.length)
    await states.saveState(userId, { ...current, grantedFeatures: next });
}

export function toApiUser(
  record: UserRecord,
  state: AccountState,
  planFeatures: PlanFeatures,
): User {
  const isSubscribed = state.status === 'subscribed';
  const fromPlan = isSubscribed && state.plan ? planFeatures[state.plan] : [];
  const effective = new Set<SpecialFeature>([...fromPlan, ...state.grantedFeatures]);
  return {
    id: record.id,
    name: record.name,
    email: record.email,
    emailVerified: record.emailVerified,
    isAffiliateOnly: record.isAffiliateOnly,
    suggestUpgradeCustomMessage: state.suggestUpgradeMessage,
    frontendStatus: state.status,
    // Listed in the catalogue's order, so answers are stable.
    effectiveSpecialFeatures: SPECIAL_FEATURES.filter((f) => effective.has(f)),
    needsOnboarding: !record.isAffiliateOnly && state.onboardingCompletedAt === null,
    isCancelledButActive: isSubscribed && state.cancelAtPeriodEnd,
    shouldShowUpgrade: state.suggestUpgradeMessage !== null,
  };
}

export interface GrantChanges {
  status?: FrontendStatus;
  plan?: Plan;
  features?: SpecialFeature[];
  affiliateOnly?: boolean;
  cancelledButActive?: boolean;
  /** An empty string clears the suggestion. */
  suggestUpgrade?: string;
}

export function createAccountService(repo: AccountStateRepository, planFeatures: PlanFeatures) {
  async function requireUser(email: string): Promise<UserRecord> {
    const record = await repo.findUserByEmail(email.trim().toLowerCase());
    if (!record) throw new AppError('NOT_FOUND', `No user with the e-mail address ${email}.`);
    return record;
  }

  return {
    /** GET /api/user's answer and the state behind it; null when the user is gone. */
    async getProfile(userId: string): Promise<{ user: User; state: AccountState } | null> {
      const profile = await repo.findProfile(userId);
      if (!profile) return null;
      return { user: toApiUser(profile.record, profile.state, planFeatures), state: profile.state };
    },

    async showByEmail(email: string): Promise<User> {
      const record = await requireUser(email);
      return toApiUser(record, await repo.findState(record.id), planFeatures);
    },

    /** Flags not given keep their value. */
    async grant(email: string, changes: GrantChanges): Promise<User> {
      const record = await requireUser(email);
      const current = await repo.findState(record.id);
      if (
        changes.status !== undefined ||
        changes.plan !== undefined ||
        changes.cancelledButActive !== undefined
      ) {
        // A grant of status or plan would last only until the provider's next event about her subscription.
        const live = await repo.findLiveSubscription(record.id);
        if (live) {
          throw new AppError(
            'CONFLICT',
            `${record.email} pays for the ${live.plan} plan online (subscription ${live.id}, ${live.status}); its events set her status and plan, so this grant would be undone. Change or cancel the subscription at the payment provider instead. Features and the upgrade suggestion can still be granted.`,
          );
        }
      }
      const next: AccountState = { ...current };
      if (changes.status !== undefined) next.status = changes.status;
      if (next.status === 'subscribed' && current.status !== 'subscribed')
        next.subscribedSince = new Date();
      if (next.status !== 'subscribed') next.subscribedSince = null;
      if (changes.plan !== undefined) next.plan = changes.plan;
      if (changes.features !== undefined) next.grantedFeatures = [...new Set(changes.features)];
      if (changes.cancelledButActive !== undefined)
        next.cancelAtPeriodEnd = changes.cancelledButActive;
      if (changes.suggestUpgrade !== undefined) {
        next.suggestUpgradeMessage =
          changes.suggestUpgrade.trim() === '' ? null : changes.suggestUpgrade.trim();
      }
      if (next.status === 'subscribed' && next.plan === null) {
        throw new AppError(
          'BAD_REQUEST',
          'A subscribed user needs a plan: standard, plus or premium (--plan on the command line).',
        );
      }
      if (next.status !== 'subscribed') {
        // Only an active subscription has a plan or can be cancelled at the period's end.
        if (changes.plan !== undefined) {
          throw new AppError(
            'BAD_REQUEST',
            `A ${next.status} user has no plan: make her subscribed to give her one (--status subscribed with --plan).`,
          );
        }
        if (changes.cancelledButActive === true) {
          throw new AppError('BAD_REQUEST', 'Only a subscribed user can be cancelled-but-active.');
        }
        next.plan = null;
        next.cancelAtPeriodEnd = false;
      }
      await repo.saveState(record.id, next);
      let updated = record;
      if (changes.affiliateOnly !== undefined && changes.affiliateOnly !== record.isAffiliateOnly) {
        await repo.setAffiliateOnly(record.id, changes.affiliateOnly);
        updated = { ...record, isAffiliateOnly: changes.affiliateOnly };
      }
      return toApiUser(updated, next, planFeatures);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
