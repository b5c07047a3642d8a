// The rules of support requests. A creator opens one (about one of her own takedowns or findings, if
// any), replies and closes; each reply puts it back to `open`, waiting for staff. Staff answer (the
// creator is notified), close and reopen; every staff change is written to the audit log.
import { randomUUID } from 'node:crypto';
import type { PlanCatalog, Tier } from '@shark/contracts/plans.ts';
import {
  STAFF_SUPPORT_PAGE_SIZE,
  SUPPORT_OPEN_LIMIT,
  type OpenSupportRequest,
  type StaffSupportList,
  type StaffSupportQuery,
  type StaffSupportRequest,
  type SupportCreator,
  type SupportLink,
  type SupportRequest,
  type SupportRequestList,
  type SupportRequestSummary,
  type SupportStatus,
} from '@shark/contracts/support.ts';
import type { BrandConfig, BrandRegistry } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import { describeError, type Logger } from '#server/http/logger.ts';
import type { Notify } from '#server/features/notifications/notification-service.ts';
import type { StaffActor, StaffAudit } from '#server/features/staff/staff-audit.ts';
import type {
  SupportCreatorRow,
  SupportRepository,
  SupportRequestRow,
} from './support-repository.ts';

export interface SupportServiceDeps {
  repo: SupportRepository;
  audit: StaffAudit;
  notify: Notify;
  catalog: PlanCatalog;
  brands: BrandRegistry;
  /** Sends support.inbox-mail for a new request when the team has an inbox (SUPPORT_INBOX). */
  tellInbox: ((requestId: string) => Promise<void>) | null;
  logger: Logger;
  now?: () => Date;
}

const NOT_FOUND = 'No such support request.';
const EXCERPT = 300;

function summaryOf(row: SupportRequestRow): SupportRequestSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    lastMessageAt: row.lastMessageAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function limitReached(): AppError {
  return new AppError(
    'CONFLICT',
    `You have ${SUPPORT_OPEN_LIMIT} support requests that are not closed. Close one you no longer need, or add to an open one, before starting another.`,
  );
}

export function createSupportService(deps: SupportServiceDeps) {
  const { repo, audit, logger } = deps;
  const now = deps.now ?? (() => new Date());

  function creatorOf(row: SupportCreatorRow): SupportCreator {
    const tier: Tier = row.accountStatus === 'subscribed' && row.plan ? row.plan : 'free';
    return {
      userId: row.userId,
      email: row.email,
      name: row.name,
      tier,
      tierName: deps.catalog.tiers[tier].name,
    };
  }

  async function linkOf(row: SupportRequestRow): Promise<SupportLink | null> {
    if (row.takedownId) {
      const found = await repo.takedownOf(row.userId, row.takedownId);
      return found
        ? {
            type: 'takedown',
            id: found.id,
            pageUrl: found.pageUrl,
            host: found.host ?? '',
            status: found.status,
          }
        : null;
    }
    if (row.findingId) {
      const found = await repo.findingOf(row.userId, row.findingId);
      return found
        ? {
            type: 'finding',
            id: found.id,
            pageUrl: found.pageUrl,
            host: hostOf(found.pageUrl),
            status: found.status,
          }
        : null;
    }
    return null;
  }

  async function detailOf(row: SupportRequestRow): Promise<SupportRequest> {
    const messages = await repo.messages(row.id);
    return {
      ...summaryOf(row),
      link: await linkOf(row),
      messages: messages.map((m) => ({
        id: m.id,
        fromStaff: m.fromStaff,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  }

  async function hers(userId: string, requestId: string): Promise<SupportRequestRow> {
    const row = await repo.ofUser(userId, requestId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  async function anyRequest(requestId: string): Promise<SupportRequestRow> {
    const row = await repo.byId(requestId);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  /** A link she gives must be to her own record; another account's id reads as unknown. */
  async function checkLink(userId: string, input: OpenSupportRequest): Promise<void> {
    if (input.takedownId && !(await repo.takedownOf(userId, input.takedownId)))
      throw new AppError('VALIDATION_FAILED', 'Choose one of your takedowns.', {
        fields: { takedownId: 'None of your takedowns has this id.' },
      });
    if (input.findingId && !(await repo.findingOf(userId, input.findingId)))
      throw new AppError('VALIDATION_FAILED', 'Choose one of your findings.', {
        fields: { findingId: 'None of your findings has this id.' },
      });
  }

  async function brandOf(userId: string): Promise<BrandConfig> {
    const brandId = await repo.brandIdOf(userId);
    const brand = (brandId ? deps.brands.get(brandId) : undefined) ?? deps.brands.all()[0];
    if (!brand) throw new Error('No brand configured');
    return brand;
  }

  /** The answer is saved whatever happens here: a failed notification is logged, not thrown. */
  async function notifyAnswered(row: SupportRequestRow, messageId: string, body: string) {
    try {
      const brand = await brandOf(row.userId);
      const excerpt = body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body;
      await deps.notify(row.userId, 'support', {
        title: `${brand.name} answered your request`,
        body: `About “${row.subject}”: ${excerpt}`,
        link: `/support/${row.id}`,
        dedupeKey: `support:answer:${messageId}`,
      });
    } catch (error) {
      logger.error('support: the answer notification could not be recorded', {
        request: row.id,
        err: describeError(error),
      });
    }
  }

  async function staffChange(
    actor: StaffActor,
    requestId: string,
    action: 'support.close' | 'support.reopen',
    status: SupportStatus,
  ): Promise<StaffSupportRequest> {
    const before = await anyRequest(requestId);
    if (before.status === status) return staffDetail(before);
    const after = await repo.setStatus(requestId, status, now());
    if (!after) throw new AppError('NOT_FOUND', NOT_FOUND);
    await audit.record(actor, {
      action,
      targetType: 'support_request',
      targetId: requestId,
      subjectUserId: after.userId,
      before: { status: before.status },
      after: { status: after.status },
    });
    return staffDetail(after);
  }

  async function staffDetail(row: SupportRequestRow): Promise<StaffSupportRequest> {
    const [creator, messages, link] = await Promise.all([
      repo.creator(row.userId),
      repo.messages(row.id),
      linkOf(row),
    ]);
    if (!creator) throw new AppError('NOT_FOUND', NOT_FOUND);
    return {
      ...summaryOf(row),
      link,
      creator: creatorOf(creator),
      messages: messages.map((m) => ({
        id: m.id,
        fromStaff: m.fromStaff,
        body: m.body,
        createdAt: m.createdAt.toISOString(),
        authorEmail: m.authorEmail,
      })),
    };
  }

  return {
    async list(userId: string): Promise<SupportRequestList> {
      const [rows, unclosed] = await Promise.all([
        repo.listOfUser(userId),
        repo.unclosedCount(userId),
      ]);
      return { requests: rows.map(summaryOf), unclosed, unclosedLimit: SUPPORT_OPEN_LIMIT };
    },

    async open(userId: string, input: OpenSupportRequest): Promise<SupportRequest> {
      await checkLink(userId, input);
      const row = await repo.open({
        id: randomUUID(),
        messageId: randomUUID(),
        userId,
        subject: input.subject,
        body: input.message,
        takedownId: input.takedownId ?? null,
        findingId: input.findingId ?? null,
        at: now(),
        limit: SUPPORT_OPEN_LIMIT,
      });
      if (!row) throw limitReached();
      if (deps.tellInbox) {
        // The request is saved: a queue that cannot take the job now loses the team's e-mail only.
        await deps.tellInbox(row.id).catch((error: unknown) => {
          logger.error('support: the inbox e-mail could not be queued', {
            request: row.id,
            err: describeError(error),
          });
        });
      }
      return detailOf(row);
    },

    async get(userId: string, requestId: string): Promise<SupportRequest> {
      return detailOf(await hers(userId, requestId));
    },

    /** Her reply: the request waits for staff again (a closed one reopens, within her limit). */
    async reply(userId: string, requestId: string, message: string): Promise<SupportRequest> {
      const row = await hers(userId, requestId);
      if (row.status === 'closed' && (await repo.unclosedCount(userId)) >= SUPPORT_OPEN_LIMIT)
        throw limitReached();
      const after = await repo.addMessage({
        id: randomUUID(),
        requestId,
        authorId: userId,
        fromStaff: false,
        body: message,
        status: 'open',
        at: now(),
      });
      if (!after) throw new AppError('NOT_FOUND', NOT_FOUND);
      return detailOf(after);
    },

    async close(userId: string, requestId: string): Promise<SupportRequest> {
      const row = await hers(userId, requestId);
      if (row.status === 'closed') return detailOf(row);
      const after = await repo.setStatus(requestId, 'closed', now());
      if (!after) throw new AppError('NOT_FOUND', NOT_FOUND);
      return detailOf(after);
    },

    async staffList(query: StaffSupportQuery): Promise<StaffSupportList> {
      const page = query.page ?? 1;
      const rows = await repo.staffList({
        status: query.status,
        creator: query.creator,
        offset: (page - 1) * STAFF_SUPPORT_PAGE_SIZE,
        limit: STAFF_SUPPORT_PAGE_SIZE + 1,
      });
      return {
        requests: rows
          .slice(0, STAFF_SUPPORT_PAGE_SIZE)
          .map((r) => ({ ...summaryOf(r.request), creator: creatorOf(r.creator) })),
        page,
        hasMore: rows.length > STAFF_SUPPORT_PAGE_SIZE,
      };
    },

    async staffGet(requestId: string): Promise<StaffSupportRequest> {
      return staffDetail(await anyRequest(requestId));
    },

    /** The team's answer: the request is answered (it waits for her) and she is notified. */
    async answer(
      actor: StaffActor,
      requestId: string,
      message: string,
    ): Promise<StaffSupportRequest> {
      const before = await anyRequest(requestId);
      const messageId = randomUUID();
      const after = await repo.addMessage({
        id: messageId,
        requestId,
        authorId: actor.userId,
        fromStaff: true,
        body: message,
        status: 'answered',
        at: now(),
      });
      if (!after) throw new AppError('NOT_FOUND', NOT_FOUND);
      await audit.record(actor, {
        action: 'support.answer',
        targetType: 'support_request',
        targetId: requestId,
        subjectUserId: after.userId,
        before: { status: before.status },
        after: { status: after.status, messageId, message },
      });
      await notifyAnswered(after, messageId, message);
      return staffDetail(after);
    },

    staffClose: (actor: StaffActor, requestId: string) =>
      staffChange(actor, requestId, 'support.close', 'closed'),
    staffReopen: (actor: StaffActor, requestId: string) =>
      staffChange(actor, requestId, 'support.reopen', 'open'),

    /** The support.inbox-mail job's data: the request, its creator and her first message. */
    async inboxMail(requestId: string) {
      const row = await repo.byId(requestId);
      if (!row) return null;
      const [creator, messages] = await Promise.all([
        repo.creator(row.userId),
        repo.messages(row.id),
      ]);
      if (!creator) return null;
      return {
        request: summaryOf(row),
        creator: creatorOf(creator),
        first: messages[0]?.body ?? '',
      };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
