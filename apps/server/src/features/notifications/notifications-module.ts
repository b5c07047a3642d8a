// In-app notifications and their e-mails: `notify(userId, category, message)` for every feature, the
// notices the pipeline raises (scan finished, removed, rejected, billing…), and the account mailer that
// adds List-Unsubscribe to what it sends.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import { withListUnsubscribe } from '#server/features/mail/list-unsubscribe.ts';
import { createNotificationRepository } from './notification-repository.ts';
import { emailSettingsRoutes, notificationRoutes } from './notification-routes.ts';
import { createNotificationService } from './notification-service.ts';
import { createPipelineNotifications } from './pipeline-notifications.ts';
import { createSubscriptionTokens } from './subscription-token.ts';

export function createNotificationsModule(platform: Platform) {
  const { config, brands, mailer, logger, jobs } = platform;
  const repo = createNotificationRepository(platform.database.db);
  const notifications = createNotificationService({
    repo,
    tokens: createSubscriptionTokens({
      secret: config.authSecret,
      lifetimeDays: config.notifications.settingsLinkDays,
    }),
    brands,
    publicUrl: config.publicUrl,
    mailer,
    sendEmailJob: async (notificationId) => {
      await jobs.send('notification.email', { notificationId });
    },
    logger,
  });
  const notices = createPipelineNotifications({ notify: notifications.notify, repo, logger });
  // Account mails carry List-Unsubscribe too (docs/notifications.md); notices to sites do not.
  const userMailer = withListUnsubscribe(mailer, (message) =>
    notifications.linksForAddress(
      message.to,
      brands.all().find((b) => b.mailFrom === message.from) ?? brands.all()[0]!,
    ),
  );
  return featureModule(
    'notifications',
    { notifications, notices, userMailer },
    {
      routes: ({ auth }) => [
        mount(notificationRoutes({ auth, notifications })),
        mount(emailSettingsRoutes({ notifications })),
      ],
      jobs: {
        'notification.email': ({ notificationId }) => notifications.deliverEmail(notificationId),
      },
    },
  );
}
