// Notifications: `notify` records one per event (a dedupe key per user makes a repeated event a no-op)
// and, when her e-mail choice for the category is on, sends the e-mail through the job queue
// (notification.email), so a slow mail server never holds up the pipeline that raised it. Also her
// list, read state and e-mail choices, signed in or through an e-mail settings link.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EMAIL_PREFERENCES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATIONS_PAGE_SIZE,
  type EmailPreferences,
  type Notification,
  type NotificationCategory,
  type NotificationPage,
  type NotificationQuery,
  type SubscriptionSettings,
} from '@shark/contracts/notifications.ts';
import { brandAppUrl, type BrandConfig, type BrandRegistry } from '#server/config/brands.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import { renderMail } from '#server/features/mail/layout.ts';
import {
  listUnsubscribeHeaders,
  type UnsubscribeLinks,
} from '#server/features/mail/list-unsubscribe.ts';
import type { Mailer } from '#server/features/mail/mailer.ts';
import type {
  NotificationCursor,
  NotificationRepository,
  NotificationRow,
} from './notification-repository.ts';
import type { SubscriptionTokens } from './subscription-token.ts';

/** What a notification says; `dedupeKey` names the event, so the same event never notifies twice. */
export interface NotificationMessage {
  title: string;
  body: string;
  /** An app path to open, e.g. /takedown-report. */
  link?: string | null;
  dedupeKey: string;
}

/** What other features call: `notify(userId, 'community', { title, body, link, dedupeKey })`. */
export type Notify = (
  userId: string,
  category: NotificationCategory,
  message: NotificationMessage,
) => Promise<Notification | null>;

export interface NotificationServiceDeps {
  repo: NotificationRepository;
  tokens: SubscriptionTokens;
  brands: BrandRegistry;
  publicUrl: string;
  /** Mail to users goes out through this (the plain mailer: this service sets List-Unsubscribe itself). */
  mailer: Mailer;
  /** Enqueues notification.email for a new notification (stable key: the notification's id). */
  sendEmailJob: (notificationId: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
}

const TITLE_MAX = 200;
const BODY_MAX = 2000;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function encodeCursor(row: NotificationRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): NotificationCursor {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) {
    throw new AppError('VALIDATION_FAILED', 'The page cursor is not valid; load the list again.', {
      fields: { cursor: 'Not a cursor of this list.' },
    });
  }
  return { createdAt, id };
}

/** "l***@example.com": enough to recognise her address on a page a forwarded link may open. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function createNotificationService(deps: NotificationServiceDeps) {
  const { repo, tokens, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function preferencesOf(userId: string): Promise<EmailPreferences> {
    const chosen = await repo.preferences(userId);
    return Object.fromEntries(
      NOTIFICATION_CATEGORIES.map((c) => [c, chosen[c] ?? DEFAULT_EMAIL_PREFERENCES[c]]),
    ) as EmailPreferences;
  }

  async function brandOf(userId: string): Promise<BrandConfig> {
    const brandId = await repo.brandIdOf(userId);
    const brand = (brandId ? deps.brands.get(brandId) : undefined) ?? deps.brands.all()[0];
    if (!brand) throw new Error('No brand configured');
    return brand;
  }

  /** Her e-mail settings link, and the one-click unsubscribe address (RFC 8058), in her brand. */
  function linksFor(userId: string, brand: BrandConfig): UnsubscribeLinks {
    const base = brandAppUrl(brand, deps.publicUrl);
    const token = encodeURIComponent(tokens.sign(userId, now()));
    return {
      page: `${base}/email-settings/subscription/${token}`,
      oneClick: `${base}/api/email-settings/subscription/${token}/one-click`,
    };
  }

  async function notify(
    userId: string,
    category: NotificationCategory,
    message: NotificationMessage,
  ): Promise<Notification | null> {
    const row = await repo.insert({
      id: randomUUID(),
      userId,
      category,
      title: message.title.slice(0, TITLE_MAX),
      body: message.body.slice(0, BODY_MAX),
      link: message.link ?? null,
      dedupeKey: message.dedupeKey,
    });
    if (!row) return null;
    // Only the insert that created the row sends its e-mail: a repeated event never mails twice.
    if ((await preferencesOf(userId))[category]) await deps.sendEmailJob(row.id);
    return toNotification(row);
  }

  /** The notification.email job: her choice is read again (she may have turned it off since). */
  async function deliverEmail(notificationId: string): Promise<Record<string, unknown>> {
    const row = await repo.byId(notificationId);
    if (!row) return { skipped: 'The notification is gone (account deleted).' };
    const [recipient, preferences] = await Promise.all([
      repo.user(row.userId),
      preferencesOf(row.userId),
    ]);
    if (!recipient) return { skipped: 'No such user.' };
    if (!preferences[row.category]) return { skipped: `E-mails about ${row.category} are off.` };
    const brand = await brandOf(row.userId);
    const links = linksFor(row.userId, brand);
    const base = brandAppUrl(brand, deps.publicUrl);
    const mail = renderMail(brand, {
      subject: row.title,
      paragraphs: [greeting(recipient.name), row.body],
      ...(row.link
        ? { action: { label: `Open in ${brand.name}`, url: `${base}${row.link}` } }
        : {}),
      after: [
        `You get this e-mail because e-mails about this are on in your ${brand.name} notification settings.`,
      ],
      settingsUrl: links.page,
    });
    const domain = brand.mailFrom.split('@').at(-1)?.replace(/[>\s]/g, '') || 'shark.invalid';
    await deps.mailer.send({
      from: brand.mailFrom,
      to: recipient.email,
      ...mail,
      headers: listUnsubscribeHeaders(links),
      // The same notification sent again (a retried job) carries the same Message-ID and file.
      messageId: `<notification.${row.id}@${domain}>`,
      fileName: `notification-${row.id}`,
    });
    return { sent: recipient.email };
  }

  async function list(userId: string, query: NotificationQuery): Promise<NotificationPage> {
    const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
    const rows = await repo.page(userId, {
      unreadOnly: query.filter === 'unread',
      after: query.cursor ? decodeCursor(query.cursor) : null,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const counts = await repo.counts(userId);
    return {
      notifications: page.map(toNotification),
      nextCursor: rows.length > limit && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
      total: counts.total,
      unread: counts.unread,
    };
  }

  /** The user an e-mail settings link stands for; a forged, tampered or expired link is refused. */
  async function userOfToken(
    token: string,
  ): Promise<{ id: string; email: string; expiresAt: Date }> {
    const check = tokens.verify(token, now());
    if (!check.ok && check.reason === 'expired') {
      throw new AppError(
        'BAD_REQUEST',
        'This e-mail settings link has expired. Use the link in a more recent e-mail, or sign in and change your choices on the Notifications page.',
        {
          fields: { token: 'expired' },
        },
      );
    }
    const found = check.ok ? await repo.user(check.userId) : undefined;
    if (!check.ok || !found) {
      throw new AppError(
        'BAD_REQUEST',
        'This e-mail settings link is not valid. Use the link at the foot of one of our e-mails, or sign in and change your choices on the Notifications page.',
        {
          fields: { token: 'invalid' },
        },
      );
    }
    return { id: found.id, email: found.email, expiresAt: check.expiresAt };
  }

  async function settingsOf(owner: {
    id: string;
    email: string;
    expiresAt: Date;
  }): Promise<SubscriptionSettings> {
    const preferences = await preferencesOf(owner.id);
    return {
      email: maskEmail(owner.email),
      preferences,
      isUnsubscribedFromAll: NOTIFICATION_CATEGORIES.every((c) => !preferences[c]),
      linkExpiresAt: owner.expiresAt.toISOString(),
    };
  }

  const allOff = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((c) => [c, false]),
  ) as EmailPreferences;

  return {
    notify,
    deliverEmail,
    linksFor,
    list,
    async unreadCount(userId: string): Promise<{ unread: number }> {
      return { unread: (await repo.counts(userId)).unread };
    },
    async markRead(userId: string, id: string): Promise<Notification> {
      const row = await repo.markRead(userId, id, now());
      if (!row) throw new AppError('NOT_FOUND', 'No such notification.');
      return toNotification(row);
    },
    async markAllRead(userId: string): Promise<{ marked: number }> {
      return { marked: await repo.markAllRead(userId, now()) };
    },
    preferences: preferencesOf,
    async savePreferences(
      userId: string,
      preferences: EmailPreferences,
    ): Promise<EmailPreferences> {
      await repo.savePreferences(userId, preferences);
      return preferencesOf(userId);
    },
    async settingsByToken(token: string): Promise<SubscriptionSettings> {
      return settingsOf(await userOfToken(token));
    },
    async saveByToken(token: string, preferences: EmailPreferences): Promise<SubscriptionSettings> {
      const owner = await userOfToken(token);
      await repo.savePreferences(owner.id, preferences);
      logger.info('e-mail preferences changed through a settings link', { userId: owner.id });
      return settingsOf(owner);
    },
    async unsubscribeAllByToken(token: string): Promise<SubscriptionSettings> {
      const owner = await userOfToken(token);
      await repo.savePreferences(owner.id, allOff);
      logger.info('unsubscribed from all e-mails through a settings link', { userId: owner.id });
      return settingsOf(owner);
    },
    /** For mails sent outside this service (account mails): the links of the user with this address. */
    async linksForAddress(email: string, brand: BrandConfig): Promise<UnsubscribeLinks | null> {
      const userId = await repo.userIdByEmail(email);
      return userId ? linksFor(userId, brand) : null;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
