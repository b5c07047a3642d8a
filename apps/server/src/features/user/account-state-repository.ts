// Reads and writes the subscription state and grants of one user.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { accountState, billingSubscription, user } from '@shark/db/schema.ts';
import type { FrontendStatus, Plan, SpecialFeature } from '@shark/contracts/user.ts';

export interface AccountState {
  status: FrontendStatus;
  plan: Plan | null;
  cancelAtPeriodEnd: boolean;
  grantedFeatures: SpecialFeature[];
  suggestUpgradeMessage: string | null;
  onboardingCompletedAt: Date | null;
  subscribedSince: Date | null;
}

export const DEFAULT_ACCOUNT_STATE: AccountState = {
  status: 'free',
  plan: null,
  cancelAtPeriodEnd: false,
  grantedFeatures: [],
  suggestUpgradeMessage: null,
  onboardingCompletedAt: null,
  subscribedSince: null,
};

export interface UserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAffiliateOnly: boolean;
}

/** A subscription the payment provider still bills: its events decide her status and plan. */
export interface LiveSubscription {
  id: string;
  plan: Plan;
  status: string;
}

/** The provider statuses under which a subscription is still running (see billing-state's LIVE_STATUSES). */
const RUNNING_STATUSES = ['active', 'trialing', 'past_due'] as const;

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  isAffiliateOnly: user.isAffiliateOnly,
};

function stateOf(row: typeof accountState.$inferSelect): AccountState {
  return {
    status: row.status,
    plan: row.plan,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    grantedFeatures: row.grantedFeatures as SpecialFeature[],
    suggestUpgradeMessage: row.suggestUpgradeMessage,
    onboardingCompletedAt: row.onboardingCompletedAt,
    subscribedSince: row.subscribedSince,
  };
}

export function createAccountStateRepository(db: Database) {
  return {
    async findLiveSubscription(userId: string): Promise<LiveSubscription | null> {
      const [row] = await db
        .select({
          id: billingSubscription.id,
          plan: billingSubscription.plan,
          status: billingSubscription.status,
        })
        .from(billingSubscription)
        .where(
          and(
            eq(billingSubscription.userId, userId),
            inArray(billingSubscription.status, [...RUNNING_STATUSES]),
          ),
        )
        .orderBy(desc(billingSubscription.updatedAt))
        .limit(1);
      return row ?? null;
    },

    async findState(userId: string): Promise<AccountState> {
      const [row] = await db
        .select()
        .from(accountState)
        .where(eq(accountState.userId, userId))
        .limit(1);
      return row ? stateOf(row) : DEFAULT_ACCOUNT_STATE;
    },

    /** The user and her account state in one read (GET /api/user asks on every page); null when she is gone. */
    async findProfile(userId: string): Promise<{ record: UserRecord; state: AccountState } | null> {
      const [row] = await db
        .select({ record: userColumns, state: accountState })
        .from(user)
        .leftJoin(accountState, eq(accountState.userId, user.id))
        .where(eq(user.id, userId))
        .limit(1);
      if (!row) return null;
      return { record: row.record, state: row.state ? stateOf(row.state) : DEFAULT_ACCOUNT_STATE };
    },

    async saveState(userId: string, state: AccountState): Promise<void> {
      const values = { ...state, updatedAt: new Date() };
      await db
        .insert(accountState)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: accountState.userId, set: values });
    },

    /** Records when onboarding was completed; completing again keeps the first date. Returns that date. */
    async completeOnboarding(userId: string, at: Date): Promise<Date> {
      const [row] = await db
        .insert(accountState)
        .values({ userId, onboardingCompletedAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: accountState.userId,
          set: {
            onboardingCompletedAt: sql`coalesce(${accountState.onboardingCompletedAt}, excluded.onboarding_completed_at)`,
            updatedAt: at,
          },
        })
        .returning({ onboardingCompletedAt: accountState.onboardingCompletedAt });
      if (!row?.onboardingCompletedAt) throw new Error('onboarding completion was not recorded');
      return row.onboardingCompletedAt;
    },

    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      const [row] = await db.select(userColumns).from(user).where(eq(user.email, email)).limit(1);
      return row;
    },

    async isAffiliateOnly(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ isAffiliateOnly: user.isAffiliateOnly })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row?.isAffiliateOnly === true;
    },

    async setAffiliateOnly(userId: string, isAffiliateOnly: boolean): Promise<void> {
      await db
        .update(user)
        .set({ isAffiliateOnly, updatedAt: new Date() })
        .where(eq(user.id, userId));
    },
  };
}

export type AccountStateRepository = ReturnType<typeof createAccountStateRepository>;
