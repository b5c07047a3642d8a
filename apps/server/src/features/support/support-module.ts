// Support requests: the creator's /api/support routes, the staff's /api/staff/support routes, and the
// e-mail to the team's inbox for each new request (when SUPPORT_INBOX is set).
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Notify } from '#server/features/notifications/notification-service.ts';
import type { StaffModuleService } from '#server/features/staff/staff-module.ts';
import { createSupportInbox } from './support-inbox.ts';
import { createSupportRepository } from './support-repository.ts';
import { staffSupportRoutes, supportRoutes } from './support-routes.ts';
import { createSupportService } from './support-service.ts';

export function createSupportModule(
  platform: Platform,
  deps: { notify: Notify; staff: StaffModuleService },
) {
  const { config, brands, catalog, mailer, logger, jobs } = platform;
  const inbox = config.support.inbox;
  const support = createSupportService({
    repo: createSupportRepository(platform.database.db),
    audit: deps.staff.audit,
    notify: deps.notify,
    catalog,
    brands,
    tellInbox: inbox
      ? async (requestId) => {
          await jobs.send('support.inbox-mail', { requestId });
        }
      : null,
    logger,
  });
  const inboxMail = inbox
    ? createSupportInbox({ inbox, support, mailer, brands, publicUrl: config.publicUrl })
    : null;
  return featureModule('support', support, {
    routes: ({ auth }) => [
      mount(supportRoutes({ auth, support })),
      mount(staffSupportRoutes({ auth, staff: deps.staff.staff, support })),
    ],
    jobs: {
      // Without an inbox no job is sent; one left from a run that had it is dropped.
      'support.inbox-mail': ({ requestId }) =>
        inboxMail ? inboxMail.send(requestId) : Promise.resolve({ skipped: 'No SUPPORT_INBOX.' }),
    },
  });
}
