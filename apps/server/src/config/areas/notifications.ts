// Notifications (features/notifications): the e-mail settings link's lifetime, and the announcement sweep.
import { z } from 'zod';
import { positiveInt } from './values.ts';

export const notificationsVariables = z.object({
  EMAIL_SETTINGS_LINK_DAYS: positiveInt(90),
  ANNOUNCEMENT_SWEEP_SECONDS: positiveInt(60),
});

export function notificationsConfig(env: z.infer<typeof notificationsVariables>) {
  return {
    /** How long the e-mail settings link in a mail to a user works (its token is signed with AUTH_SECRET). */
    notifications: {
      settingsLinkDays: env.EMAIL_SETTINGS_LINK_DAYS,
      announcementSweepSeconds: env.ANNOUNCEMENT_SWEEP_SECONDS,
    },
  };
}
