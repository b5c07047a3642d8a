// Announcements and resources on /community, published by operators; each announcement reaches every
// account as a notification through the announcement sweep.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { PipelineNotifications } from '#server/features/notifications/pipeline-notifications.ts';
import { createAnnouncementFanOut } from './announcement-fan-out.ts';
import { createAnnouncementRepository } from './announcement-repository.ts';
import { createCommunityRepository } from './community-repository.ts';
import { communityRoutes } from './community-routes.ts';
import { createCommunityService } from './community-service.ts';

export function createCommunityModule(
  platform: Platform,
  deps: { notices: PipelineNotifications },
) {
  const community = createCommunityService({
    repo: createCommunityRepository(platform.database.db),
  });
  const fanOut = createAnnouncementFanOut({
    announcements: createAnnouncementRepository(platform.database.db),
    announce: deps.notices.announcement,
  });
  return featureModule('community', community, {
    routes: ({ auth }) => [mount(communityRoutes({ auth, community }))],
    schedules: [
      // Announcements published from the CLI (which may run with no server) reach every account from here.
      {
        name: 'announcement sweep',
        everySeconds: platform.config.notifications.announcementSweepSeconds,
        run: () => fanOut.run(),
      },
    ],
  });
}
