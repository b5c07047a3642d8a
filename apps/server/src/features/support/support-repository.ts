// support_request and support_message rows, the creator behind a request (address, plan, brand), and
// the takedown or finding a request is about, read only when it is hers.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  accountState,
  agentAuthorization,
  finding,
  supportMessage,
  supportRequest,
  takedown,
  user,
} from '@shark/db/schema.ts';
import type { SupportStatus } from '@shark/contracts/support.ts';

export type SupportRequestRow = typeof supportRequest.$inferSelect;
export type SupportMessageRow = typeof supportMessage.$inferSelect;

export interface SupportCreatorRow {
  userId: string;
  email: string;
  name: string;
  /** Her account's status and plan: the plan counts only while subscribed. */
  accountStatus: 'free' | 'subscribed' | 'former' | null;
  plan: 'standard' | 'plus' | 'premium' | null;
}

export interface LinkedRecordRow {
  id: string;
  pageUrl: string;
  host: string | null;
  status: string;
}

export interface StaffListFilter {
  status?: SupportStatus | undefined;
  creator?: string | undefined;
  offset: number;
  limit: number;
}

/** Premium first, then Plus, then Standard, then everyone without a subscription. */
const planRank = sql<number>`case when ${accountState.status} = 'subscribed' then
  case ${accountState.plan} when 'premium' then 3 when 'plus' then 2 when 'standard' then 1 else 0 end
  else 0 end`;
/** Waiting for staff first, then answered (waiting for her), then closed. */
const statusRank = sql<number>`case ${supportRequest.status} when 'open' then 0 when 'answered' then 1 else 2 end`;

const creatorColumns = {
  userId: user.id,
  email: user.email,
  name: user.name,
  accountStatus: accountState.status,
  plan: accountState.plan,
};

const SUPPORT_LOCK = 7_310_001;

export function createSupportRepository(db: Database) {
  return {
    /**
     * Opens a request with its first message, when she has fewer than `limit` requests not closed
     * (counted under her lock, so two at once cannot pass the limit); null when she has reached it.
     */
    async open(input: {
      id: string;
      messageId: string;
      userId: string;
      subject: string;
      body: string;
      takedownId: string | null;
      findingId: string | null;
      at: Date;
      limit: number;
    }): Promise<SupportRequestRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${SUPPORT_LOCK}, hashtext(${input.userId}))`,
        );
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(supportRequest)
          .where(and(eq(supportRequest.userId, input.userId), ne(supportRequest.status, 'closed')));
        if ((counted?.n ?? 0) >= input.limit) return null;
        const [row] = await tx
          .insert(supportRequest)
          .values({
            id: input.id,
            userId: input.userId,
            subject: input.subject,
            status: 'open',
            takedownId: input.takedownId,
            findingId: input.findingId,
            lastMessageAt: input.at,
            createdAt: input.at,
            updatedAt: input.at,
          })
          .returning();
        await tx.insert(supportMessage).values({
          id: input.messageId,
          requestId: input.id,
          authorId: input.userId,
          fromStaff: false,
          body: input.body,
          createdAt: input.at,
        });
        return row ?? null;
      });
    },

    /** Adds a message and sets the request's status in one transaction; the request after. */
    async addMessage(input: {
      id: string;
      requestId: string;
      authorId: string;
      fromStaff: boolean;
      body: string;
      status: SupportStatus;
      at: Date;
    }): Promise<SupportRequestRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.insert(supportMessage).values({
          id: input.id,
          requestId: input.requestId,
          authorId: input.authorId,
          fromStaff: input.fromStaff,
          body: input.body,
          createdAt: input.at,
        });
        const [row] = await tx
          .update(supportRequest)
          .set({ status: input.status, lastMessageAt: input.at, updatedAt: input.at })
          .where(eq(supportRequest.id, input.requestId))
          .returning();
        return row;
      });
    },

    async setStatus(
      requestId: string,
      status: SupportStatus,
      at: Date,
    ): Promise<SupportRequestRow | undefined> {
      const [row] = await db
        .update(supportRequest)
        .set({ status, updatedAt: at })
        .where(eq(supportRequest.id, requestId))
        .returning();
      return row;
    },

    /** Her request, or undefined when it is not hers (or does not exist). */
    async ofUser(userId: string, requestId: string): Promise<SupportRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(supportRequest)
        .where(and(eq(supportRequest.id, requestId), eq(supportRequest.userId, userId)));
      return row;
    },

    async byId(requestId: string): Promise<SupportRequestRow | undefined> {
      const [row] = await db.select().from(supportRequest).where(eq(supportRequest.id, requestId));
      return row;
    },

    /** Her requests, the latest activity first. */
    async listOfUser(userId: string): Promise<SupportRequestRow[]> {
      return db
        .select()
        .from(supportRequest)
        .where(eq(supportRequest.userId, userId))
        .orderBy(desc(supportRequest.lastMessageAt), desc(supportRequest.id));
    },

    async unclosedCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportRequest)
        .where(and(eq(supportRequest.userId, userId), ne(supportRequest.status, 'closed')));
      return row?.n ?? 0;
    },

    async messages(
      requestId: string,
    ): Promise<(SupportMessageRow & { authorEmail: string | null })[]> {
      return db
        .select({
          id: supportMessage.id,
          requestId: supportMessage.requestId,
          authorId: supportMessage.authorId,
          fromStaff: supportMessage.fromStaff,
          body: supportMessage.body,
          createdAt: supportMessage.createdAt,
          authorEmail: user.email,
        })
        .from(supportMessage)
        .leftJoin(user, eq(user.id, supportMessage.authorId))
        .where(eq(supportMessage.requestId, requestId))
        .orderBy(asc(supportMessage.createdAt), asc(supportMessage.id));
    },

    /** The staff's list: open first, then by the creator's plan (Premium first), then oldest waiting. */
    async staffList(
      filter: StaffListFilter,
    ): Promise<{ request: SupportRequestRow; creator: SupportCreatorRow }[]> {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(supportRequest.status, filter.status));
      if (filter.creator) {
        const escaped = filter.creator.replace(/[\\%_]/g, (ch) => `\\${ch}`);
        const byCreator = or(eq(user.id, filter.creator), ilike(user.email, `%${escaped}%`));
        if (byCreator) conditions.push(byCreator);
      }
      return db
        .select({ request: supportRequest, creator: creatorColumns })
        .from(supportRequest)
        .innerJoin(user, eq(user.id, supportRequest.userId))
        .leftJoin(accountState, eq(accountState.userId, supportRequest.userId))
        .where(conditions.length > 0 ? and(...conditions) : undefined)
        .orderBy(
          asc(statusRank),
          desc(planRank),
          asc(supportRequest.lastMessageAt),
          asc(supportRequest.id),
        )
        .offset(filter.offset)
        .limit(filter.limit);
    },

    async creator(userId: string): Promise<SupportCreatorRow | undefined> {
      const [row] = await db
        .select(creatorColumns)
        .from(user)
        .leftJoin(accountState, eq(accountState.userId, user.id))
        .where(eq(user.id, userId));
      return row;
    },

    /** The brand she signed her agent authorisation under (her brand), when she has signed one. */
    async brandIdOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ brandId: agentAuthorization.brandId })
        .from(agentAuthorization)
        .where(eq(agentAuthorization.userId, userId))
        .orderBy(desc(agentAuthorization.signedAt))
        .limit(1);
      return row?.brandId;
    },

    async takedownOf(userId: string, takedownId: string): Promise<LinkedRecordRow | undefined> {
      const [row] = await db
        .select({
          id: takedown.id,
          pageUrl: takedown.pageUrl,
          host: takedown.host,
          status: takedown.status,
        })
        .from(takedown)
        .where(and(eq(takedown.id, takedownId), eq(takedown.userId, userId)));
      return row;
    },

    async findingOf(userId: string, findingId: string): Promise<LinkedRecordRow | undefined> {
      const [row] = await db
        .select({ id: finding.id, pageUrl: finding.pageUrl, status: finding.status })
        .from(finding)
        .where(and(eq(finding.id, findingId), eq(finding.userId, userId)));
      return row ? { ...row, host: null } : undefined;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
