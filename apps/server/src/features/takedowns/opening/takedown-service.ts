// Takedowns as findings open and close them (the findings feature's enforcement port), and one
// takedown as its creator sees it: history, recipients, notices with their delivery, delisting.
import type { Readable } from 'node:stream';
import type { TakedownDetail } from '@shark/contracts/takedowns.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import type { FindingEnforcementPort } from '#server/features/findings/finding-service.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import { StoredFileNotFoundError } from '#server/features/storage/file-storage.ts';
import type { AuthorizationRepository } from '#server/features/takedowns/agent-authorization/agent-authorization-repository.ts';
import type { NoticeRepository } from '#server/features/takedowns/notices/notice-repository.ts';
import {
  WAITING_STATUSES,
  WITHDRAWN_REASON,
  type TakedownRepository,
} from './takedown-repository.ts';

export interface TakedownServiceDeps {
  takedowns: TakedownRepository;
  notices: NoticeRepository;
  authorizations: AuthorizationRepository;
  storage: FileStorage;
  /** Sends the recipients job of a new takedown. */
  requestResolve: (takedownId: string) => Promise<void>;
  requestNotice: (userId: string, address: string) => Promise<void>;
  /** What staff did on one of her takedowns, oldest first (none when the staff side is not built). */
  staffActions?: (
    userId: string,
    takedownId: string,
  ) => Promise<{ description: string; at: string }[]>;
  logger: Logger;
  now?: () => Date;
}

const NOT_FOUND = 'This takedown does not exist.';
const iso = (value: Date | null) => value?.toISOString() ?? null;

export function createTakedownService(deps: TakedownServiceDeps) {
  const { takedowns, notices, storage, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** Deletes the PDFs of discarded notices and asks for new notices to the addresses they were for. */
  async function afterDiscard(
    userId: string,
    discarded: { pdfKeys: string[]; addresses: string[] },
  ): Promise<void> {
    for (const key of discarded.pdfKeys)
      await storage
        .delete(key)
        .catch((error: unknown) =>
          logger.warn('could not delete a discarded notice', { key, error: String(error) }),
        );
    for (const address of discarded.addresses) await deps.requestNotice(userId, address);
  }

  const port: FindingEnforcementPort = {
    async onConfirmed(userId, findingIds) {
      for (const { finding, existing } of await takedowns.findingsToOpen(userId, findingIds)) {
        const opened = await takedowns.open(finding, existing?.id ?? null, now());
        if (opened) await deps.requestResolve(opened.id);
      }
    },

    async onWithdrawn(userId, findingIds) {
      const open = await takedowns.confirmedOfFindings(userId, findingIds);
      if (open.length === 0) return;
      const ids = open.map((row) => row.id);
      const discarded = await notices.transaction(async (q, { transitions }) => {
        // A notice composed but not sent that names one of them is composed again without it.
        const result = await q.discardUnsent(userId, ids);
        for (const id of ids) {
          await transitions.move(id, 'closed', {
            from: ['confirmed'],
            patch: { closedReason: WITHDRAWN_REASON },
            detail: 'The finding was whitelisted or marked not hers before any notice went out.',
          });
        }
        return result;
      });
      await afterDiscard(userId, discarded);
    },
  };

  return {
    port,
    afterDiscard,

    async detail(userId: string, id: string): Promise<TakedownDetail> {
      const row = await takedowns.findOwned(userId, id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      const [events, staffActions, recipients, noticeRows, delisting, authorization] =
        await Promise.all([
          takedowns.events(row.id),
          deps.staffActions ? deps.staffActions(userId, row.id) : [],
          takedowns.recipients(row.id),
          takedowns.notices(row.id),
          takedowns.delisting(row.id),
          deps.authorizations.active(userId),
        ]);
      const isWaiting =
        (WAITING_STATUSES as readonly string[]).includes(row.status) &&
        !noticeRows.some((n) => n.notice.level === row.level);
      return {
        id: row.id,
        findingId: row.findingId,
        kind: row.kind,
        status: row.status,
        pageUrl: row.pageUrl,
        host: row.host,
        siteId: row.siteId,
        level: row.level,
        isWaitingForAuthorization: isWaiting && !authorization,
        isResolvingRecipients: row.status === 'confirmed' && row.recipientsResolvedAt === null,
        confirmedAt: row.confirmedAt.toISOString(),
        noticeSentAt: iso(row.noticeSentAt),
        responseDueAt: iso(row.responseDueAt),
        nextCheckAt: iso(row.nextCheckAt),
        removedAt: iso(row.removedAt),
        closedAt: iso(row.closedAt),
        closedReason: row.closedReason,
        lastCheckedAt: iso(row.lastCheckedAt),
        lastCheckResult: row.lastCheckResult,
        events: events.map((event) => ({
          from: event.fromStatus,
          to: event.toStatus,
          detail: event.detail,
          at: event.at.toISOString(),
        })),
        staffActions,
        recipients: recipients.map((recipient) => ({
          level: recipient.level,
          role: recipient.role,
          name: recipient.name,
          channel: recipient.channelKind,
          address: recipient.address,
          source: recipient.source,
          isCurrent: recipient.level === row.level,
        })),
        notices: noticeRows.map(({ notice, outbox, form, itemCount }) => ({
          id: notice.id,
          kind: notice.kind,
          level: notice.level,
          role: notice.role,
          recipientName: notice.recipientName,
          channel: notice.channelKind,
          address: notice.address,
          subject: notice.subject,
          createdAt: notice.createdAt.toISOString(),
          sentAt: iso(outbox?.sentAt ?? form?.submittedAt ?? null),
          itemCount,
          delivery: outbox
            ? {
                status: outbox.status,
                attempts: outbox.attempts,
                lastError: outbox.lastError,
                nextAttemptAt:
                  outbox.status === 'pending' ? outbox.nextAttemptAt.toISOString() : null,
              }
            : null,
          form: form
            ? { status: form.status, url: form.formUrl, submittedAt: iso(form.submittedAt) }
            : null,
          hasPdf: notice.pdfKey !== null,
        })),
        delisting: delisting.map(({ request, batchDay }) => ({
          engine: request.engine,
          url: request.url,
          status: request.status,
          batchDay,
          updatedAt: request.updatedAt.toISOString(),
        })),
      };
    },

    /** The PDF copy of one of the takedown's notices. */
    async noticePdf(
      userId: string,
      takedownId: string,
      noticeId: string,
    ): Promise<{ body: Readable; fileName: string }> {
      const owned = await takedowns.findOwned(userId, takedownId);
      const row = owned ? await takedowns.noticeOf(userId, takedownId, noticeId) : undefined;
      if (!row?.pdfKey) throw new AppError('NOT_FOUND', 'This notice does not exist.');
      try {
        return { body: await storage.read(row.pdfKey), fileName: `${row.id}.pdf` };
      } catch (error) {
        if (error instanceof StoredFileNotFoundError)
          throw new AppError('NOT_FOUND', 'The copy of this notice is missing.');
        throw error;
      }
    },
  };
}

export type TakedownService = ReturnType<typeof createTakedownService>;
