// The staff work queue: one queue of every record that needs a person, filled by a scheduled sync,
// worked through claims and one finishing action per kind that calls the record's own service.
import type { Platform } from '#server/app/platform.ts';
import { featureModule, mount } from '#server/app/feature-module.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { FindingService } from '#server/features/findings/finding-service.ts';
import type { StaffModuleService } from '#server/features/staff/staff-module.ts';
import type { TakedownLifecycle } from '#server/features/takedowns/lifecycle/takedown-lifecycle-service.ts';
import type { DelistingService } from '#server/features/takedowns/notices/delisting-service.ts';
import type { FormTaskService } from '#server/features/takedowns/notices/form-task-service.ts';
import { createWorkItemService } from './work-item-service.ts';
import { createWorkQueueRepository } from './work-queue-repository.ts';
import { createWorkRecordsRepository } from './work-records-repository.ts';
import { workQueueRoutes } from './work-queue-routes.ts';
import { createWorkQueue } from './work-queue-service.ts';
import { createWorkSourcesRepository } from './work-sources-repository.ts';

export function createWorkQueueModule(
  platform: Platform,
  deps: {
    staff: StaffModuleService;
    forms: FormTaskService;
    delisting: DelistingService;
    takedowns: TakedownLifecycle;
    findings: FindingService;
    entitlements: Entitlements;
  },
) {
  const { db } = platform.database;
  const items = createWorkQueueRepository(db);
  const sources = createWorkSourcesRepository(db);
  const { audit } = deps.staff;
  const queue = createWorkQueue({
    items,
    sources,
    audit,
    slaHours: platform.config.workQueue.slaHours,
  });
  const workItems = createWorkItemService({
    queue,
    items,
    records: createWorkRecordsRepository(db),
    audit,
    forms: deps.forms,
    delisting: deps.delisting,
    takedowns: deps.takedowns,
    findings: deps.findings,
    entitlements: deps.entitlements,
  });
  return featureModule(
    'work-queue',
    { queue, workItems },
    {
      routes: ({ auth }) => [
        mount(workQueueRoutes({ auth, staff: deps.staff.staff, queue, workItems })),
      ],
      schedules: [
        {
          name: 'work queue sync',
          everySeconds: platform.config.workQueue.syncSeconds,
          run: () => queue.sync(),
        },
      ],
    },
  );
}
