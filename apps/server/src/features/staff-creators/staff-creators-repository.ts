// What the staff console reads about creators: the lookup across her account, her protected accounts,
// her search terms and her pages, and the records her page summarises. Read-only: changes go through
// the services that own them.
import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  billingSubscription,
  finding,
  protectedAccount,
  searchTerm,
  supportRequest,
  takedown,
  user,
} from '@shark/db/schema.ts';
import type { CreatorMatch } from '@shark/contracts/staff-creators.ts';

export interface CreatorRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAffiliateOnly: boolean;
  createdAt: Date;
}

export interface CreatorHitRow extends CreatorRow {
  matchedBy: CreatorMatch;
  matched: string;
}

const creatorColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  isAffiliateOnly: user.isAffiliateOnly,
  createdAt: user.createdAt,
};

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const RECENT = 10;

export function createStaffCreatorsRepository(db: Database) {
  return {
    async creator(id: string): Promise<CreatorRow | undefined> {
      const [row] = await db.select(creatorColumns).from(user).where(eq(user.id, id));
      return row;
    },

    /** Creators whose address or name contains the text. */
    async byAccount(text: string, limit: number): Promise<CreatorHitRow[]> {
      const pattern = containing(text);
      const rows = await db
        .select(creatorColumns)
        .from(user)
        .where(or(ilike(user.email, pattern), ilike(user.name, pattern)))
        .orderBy(user.email)
        .limit(limit);
      const lower = text.toLowerCase();
      return rows.map((row) =>
        row.email.toLowerCase().includes(lower)
          ? { ...row, matchedBy: 'email', matched: row.email }
          : { ...row, matchedBy: 'name', matched: row.name },
      );
    },

    /** Creators with a protected account of this username (any platform), or this search term. */
    async byUsername(handle: string, limit: number): Promise<CreatorHitRow[]> {
      const accounts = await db
        .select({ ...creatorColumns, matched: protectedAccount.username })
        .from(protectedAccount)
        .innerJoin(user, eq(user.id, protectedAccount.userId))
        .where(
          or(
            eq(protectedAccount.normalizedUsername, handle.toLowerCase()),
            ilike(protectedAccount.username, containing(handle)),
          ),
        )
        .limit(limit);
      const terms = await db
        .select({ ...creatorColumns, matched: searchTerm.term })
        .from(searchTerm)
        .innerJoin(user, eq(user.id, searchTerm.userId))
        .where(ilike(searchTerm.normalizedTerm, containing(handle.toLowerCase())))
        .limit(limit);
      return [
        ...accounts.map((row) => ({ ...row, matchedBy: 'username' as const })),
        ...terms.map((row) => ({ ...row, matchedBy: 'search_term' as const })),
      ];
    },

    /** Creators with a finding, a takedown or a protected account on this page. */
    async byPage(
      page: { raw: string; normalized: string | null },
      limit: number,
    ): Promise<CreatorHitRow[]> {
      const findingMatch = page.normalized
        ? or(eq(finding.normalizedUrl, page.normalized), eq(finding.pageUrl, page.raw))
        : eq(finding.pageUrl, page.raw);
      const findings = await db
        .select({ ...creatorColumns, matched: finding.pageUrl })
        .from(finding)
        .innerJoin(user, eq(user.id, finding.userId))
        .where(findingMatch)
        .limit(limit);
      const takedownMatch = page.normalized
        ? or(eq(takedown.normalizedUrl, page.normalized), eq(takedown.pageUrl, page.raw))
        : eq(takedown.pageUrl, page.raw);
      const takedowns = await db
        .select({ ...creatorColumns, matched: takedown.pageUrl })
        .from(takedown)
        .innerJoin(user, eq(user.id, takedown.userId))
        .where(takedownMatch)
        .limit(limit);
      const accounts = await db
        .select({ ...creatorColumns, matched: protectedAccount.profileUrl })
        .from(protectedAccount)
        .innerJoin(user, eq(user.id, protectedAccount.userId))
        .where(
          ilike(
            protectedAccount.profileUrl,
            page.raw.replace(/[\\%_]/g, (c) => `\\${c}`),
          ),
        )
        .limit(limit);
      return [...findings, ...takedowns, ...accounts].map((row) => ({
        ...row,
        matchedBy: 'page' as const,
      }));
    },

    async liveSubscription(userId: string) {
      const [row] = await db
        .select()
        .from(billingSubscription)
        .where(
          and(
            eq(billingSubscription.userId, userId),
            inArray(billingSubscription.status, ['active', 'trialing', 'past_due']),
          ),
        )
        .orderBy(desc(billingSubscription.updatedAt))
        .limit(1);
      return row;
    },

    async protectedAccounts(userId: string) {
      return db
        .select({
          id: protectedAccount.id,
          platform: protectedAccount.platform,
          username: protectedAccount.username,
          profileUrl: protectedAccount.profileUrl,
          isOld: protectedAccount.isOld,
          verifiedAt: protectedAccount.verifiedAt,
          createdAt: protectedAccount.createdAt,
        })
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId))
        .orderBy(protectedAccount.platform, protectedAccount.username);
    },

    async findingCounts(userId: string) {
      return db
        .select({ status: finding.status, n: count() })
        .from(finding)
        .where(eq(finding.userId, userId))
        .groupBy(finding.status);
    },

    async recentFindings(userId: string) {
      return db
        .select({
          id: finding.id,
          kind: finding.kind,
          status: finding.status,
          pageUrl: finding.pageUrl,
          confidence: finding.confidence,
          staffReviewRequestedAt: finding.staffReviewRequestedAt,
          lastSeenAt: finding.lastSeenAt,
        })
        .from(finding)
        .where(eq(finding.userId, userId))
        .orderBy(desc(finding.lastSeenAt), desc(finding.id))
        .limit(RECENT);
    },

    async takedownCounts(userId: string) {
      return db
        .select({ status: takedown.status, n: count() })
        .from(takedown)
        .where(eq(takedown.userId, userId))
        .groupBy(takedown.status);
    },

    async recentTakedowns(userId: string) {
      return db
        .select({
          id: takedown.id,
          kind: takedown.kind,
          status: takedown.status,
          pageUrl: takedown.pageUrl,
          host: takedown.host,
          confirmedAt: takedown.confirmedAt,
          updatedAt: takedown.updatedAt,
        })
        .from(takedown)
        .where(eq(takedown.userId, userId))
        .orderBy(desc(takedown.updatedAt), desc(takedown.id))
        .limit(RECENT);
    },

    async supportRequests(userId: string) {
      return db
        .select({
          id: supportRequest.id,
          subject: supportRequest.subject,
          status: supportRequest.status,
          createdAt: supportRequest.createdAt,
          lastMessageAt: supportRequest.lastMessageAt,
        })
        .from(supportRequest)
        .where(eq(supportRequest.userId, userId))
        .orderBy(desc(supportRequest.lastMessageAt))
        .limit(20);
    },
  };
}

export type StaffCreatorsRepository = ReturnType<typeof createStaffCreatorsRepository>;
