// The `outbox.send` job: one e-mailed notice, claimed, sent through the mail feature with its PDF and a
// Message-ID that never changes, then at once marked sent (and its takedowns moved to notice_sent).
// A failure is put back with an exponential backoff until the attempts run out; a send over the
// recipient's hourly limit waits without counting as one. Crash safety: decision 0012.
import { buffer } from 'node:stream/consumers';
import type { BrandRegistry } from '#server/config/brands.ts';
import { safeErrorMessage, type Logger } from '#server/http/logger.ts';
import type { Mailer } from '#server/features/mail/mailer.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type { AuthorizationRepository } from '#server/features/takedowns/agent-authorization/agent-authorization-repository.ts';
import { hasAgent } from '#server/features/takedowns/notices/notice-brand.ts';
import type { OutboxRepository, OutboxRow } from './outbox-repository.ts';

export interface OutboxSenderDeps {
  outbox: OutboxRepository;
  authorizations: AuthorizationRepository;
  brands: BrandRegistry;
  mailer: Mailer;
  storage: FileStorage;
  settings: {
    claimSeconds: number;
    ratePerHour: number;
    maxAttempts: number;
    responseHours: number;
    firstCheckHours: number;
  };
  logger: Logger;
  now?: () => Date;
}

const HOUR_MS = 3600_000;
/** The first retry waits a minute, each next one twice as long, never more than six hours. */
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * HOUR_MS;

export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The file name of a notice's .eml when no SMTP server is set: by outbox id, so a resend replaces it. */
export const mailFileNameOf = (outboxId: string) => `notice-${outboxId}`;

/** The notice's authorisation was revoked (or replaced) after it was written: it must not go out. */
class WithdrawnNoticeError extends Error {}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const smtp = error as Error & { responseCode?: number; response?: string };
    if (smtp.response) return `The mail server refused it: ${smtp.response}`.slice(0, 1000);
    return safeErrorMessage(error).slice(0, 1000);
  }
  return safeErrorMessage(error).slice(0, 1000);
}

export function createOutboxSender(deps: OutboxSenderDeps) {
  const { outbox, settings, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function deliver(row: OutboxRow): Promise<void> {
    const composed = await outbox.noticeOf(row.noticeId);
    if (!composed) throw new Error(`The notice ${row.noticeId} of this message is gone.`);
    const authorization = composed.authorizationId
      ? await deps.authorizations.byId(composed.authorizationId)
      : await deps.authorizations.latest(composed.userId);
    if (authorization?.revokedAt) throw new WithdrawnNoticeError(composed.id);
    const brand = authorization ? deps.brands.get(authorization.brandId) : undefined;
    if (!brand || !hasAgent(brand))
      throw new Error(`No brand with a copyright agent sends the notice ${composed.id}.`);
    const attachments = composed.pdfKey
      ? [
          {
            filename: `${composed.id}.pdf`,
            content: await buffer(await deps.storage.read(composed.pdfKey)),
            contentType: 'application/pdf',
          },
        ]
      : [];
    await deps.mailer.send({
      from: brand.mailFrom,
      to: composed.address,
      replyTo: brand.agent.email,
      subject: composed.subject,
      text: composed.textBody,
      html: composed.htmlBody,
      messageId: row.messageId,
      attachments,
      headers: { 'X-Shark-Notice': composed.id },
      fileName: mailFileNameOf(row.id),
    });
  }

  return {
    /** The job: a message not due, or already claimed by a live worker, is left alone. */
    async send(outboxId: string): Promise<Record<string, unknown>> {
      const claim = await outbox.claim(outboxId, {
        now: now(),
        claimSeconds: settings.claimSeconds,
        ratePerHour: settings.ratePerHour,
      });
      if (claim.kind === 'skipped') return { skipped: claim.reason };
      if (claim.kind === 'deferred') {
        // The sweep sends the job again once the row is due (a job delayed in the queue would hold its key till then).
        logger.info('notice deferred by the per-recipient limit', {
          outboxId,
          until: claim.until.toISOString(),
        });
        return { deferredUntil: claim.until.toISOString() };
      }
      const { row } = claim;
      if (claim.wasInterrupted)
        logger.warn('notice send interrupted earlier; sending again', {
          outboxId,
          noticeId: row.noticeId,
        });

      // The claim stays alive while the mail server takes its time; a dead worker stops renewing it.
      const heartbeat = setInterval(
        () => {
          outbox
            .extendClaim(row.id, new Date(now().getTime() + settings.claimSeconds * 1000))
            .catch((error: unknown) => {
              logger.warn('could not extend a send claim', { outboxId, error: describe(error) });
            });
        },
        Math.max(1000, (settings.claimSeconds * 1000) / 3),
      );
      try {
        await deliver(row);
      } catch (error) {
        clearInterval(heartbeat);
        if (error instanceof WithdrawnNoticeError) {
          // Revoked while this send waited (for a retry, or a slow server): it is discarded like the
          // unsent notices at revocation; a new signature composes its takedowns' notice anew.
          const pdfKey = await outbox.discard(row);
          if (pdfKey) await deps.storage.delete(pdfKey);
          logger.info('notice withdrawn: its authorisation was revoked before it went out', {
            outboxId,
            noticeId: row.noticeId,
          });
          return { withdrawn: row.noticeId };
        }
        const message = describe(error);
        const isLast = row.attempts >= settings.maxAttempts;
        const retryAt = isLast ? null : new Date(now().getTime() + retryDelayMs(row.attempts));
        await outbox.markFailed(row, message, retryAt);
        logger.warn(isLast ? 'notice send failed for good' : 'notice send failed; retrying later', {
          outboxId,
          attempt: row.attempts,
          error: message,
        });
        return { failed: message, attempt: row.attempts, retryAt: retryAt?.toISOString() ?? null };
      }
      clearInterval(heartbeat);
      // Right after the server's 250 (or the file's rename): the only window left is this statement.
      const sentAt = now();
      const moved = await outbox.markSent(
        row,
        sentAt,
        {
          responseDueAt: new Date(sentAt.getTime() + settings.responseHours * HOUR_MS),
          nextCheckAt: new Date(sentAt.getTime() + settings.firstCheckHours * HOUR_MS),
        },
        `Notice e-mailed to ${row.recipientKey} (Message-ID ${row.messageId})`,
      );
      logger.info('notice sent', {
        outboxId,
        noticeId: row.noticeId,
        to: row.recipientKey,
        takedowns: moved?.length ?? 0,
      });
      return { sent: row.noticeId, takedowns: moved?.length ?? 0 };
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
