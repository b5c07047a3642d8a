// Enforcement put together (decision 0012): takedowns opened from confirmed findings, their recipients,
// the notices and their outbox, form tasks, delisting batches; the jobs that move them and the sweep
// that sends again whatever a crash left without a job.
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { createFetchJson } from '@shark/engine/recipients/fetch-json.ts';
import { createRecipientResolver } from '@shark/engine/recipients/recipient-resolver.ts';
import type { Crawler } from '@shark/engine/fetch/crawler.ts';
import type { SafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import type { BrandRegistry } from '#server/config/brands.ts';
import type { EnforcementConfig } from '#server/config/env.ts';
import type { Logger } from '#server/http/logger.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { SharkJobCatalog } from '#server/jobs/job-catalog.ts';
import type { Mailer } from '#server/features/mail/mailer.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type { JobHandlers } from '#server/app/feature-module.ts';
import { createAuthorizationService } from '#server/features/takedowns/agent-authorization/agent-authorization-service.ts';
import {
  createDelistingService,
  dueDelistingDay,
} from '#server/features/takedowns/notices/delisting-service.ts';
import { createFormTaskService } from '#server/features/takedowns/notices/form-task-service.ts';
import { createNoticeService } from '#server/features/takedowns/notices/notice-service.ts';
import { createOperatorCommands } from '#server/features/takedowns/operator/operator-commands.ts';
import { createOutboxSender } from '#server/features/takedowns/outbox/outbox-sender.ts';
import { createRecipientService } from '#server/features/takedowns/recipients/recipient-service.ts';
import { createSiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';
import {
  createTakedownService,
  type TakedownServiceDeps,
} from '#server/features/takedowns/opening/takedown-service.ts';
import type { TakedownRepositories } from '#server/features/takedowns/takedown-repositories.ts';

/** What enforcement reads and writes through (the lifecycle's repository is the lifecycle's). */
export type EnforcementRepositories = Omit<TakedownRepositories, 'lifecycle'>;

export interface EnforcementDeps {
  repositories: EnforcementRepositories;
  config: EnforcementConfig;
  publicUrl: string;
  brands: BrandRegistry;
  catalog: SiteCatalog;
  storage: FileStorage;
  mailer: Mailer;
  /** RDAP and bootstrap files are fetched through it (SSRF guard, SHARK_FETCH_ALLOWLIST). */
  fetcher: SafeFetcher;
  /** Sites' own contact pages are read through it (robots.txt, per-host limits); none: not read. */
  crawler?: Pick<Crawler, 'fetchPage'>;
  /** A + AAAA of a host; the system's DNS by default (tests give hosts their own addresses). */
  resolve?: (host: string) => Promise<string[]>;
  jobs: JobQueue<SharkJobCatalog>;
  logger: Logger;
  /** What staff did on a creator's takedown, for its history. */
  staffActions?: TakedownServiceDeps['staffActions'];
  now?: () => Date;
}

/** How many rows one sweep sends jobs for, per kind of lost work. */
const SWEEP_BATCH = 500;

export function createEnforcement(deps: EnforcementDeps) {
  const { repositories, config, jobs, logger } = deps;
  const now = deps.now ?? (() => new Date());

  const {
    authorizations: authorizationRepo,
    takedowns: takedownRepo,
    notices: noticeRepo,
    outbox: outboxRepo,
  } = repositories;

  const requestNotice = async (userId: string, address: string) => {
    await jobs.send('takedown.notify', { userId, address });
  };
  const requestResolve = async (takedownId: string) => {
    await jobs.send('takedown.resolve', { takedownId });
  };
  const sendOutbox = async (outboxId: string) => {
    await jobs.send('outbox.send', { outboxId });
  };

  const takedowns = createTakedownService({
    takedowns: takedownRepo,
    notices: noticeRepo,
    authorizations: authorizationRepo,
    storage: deps.storage,
    requestResolve,
    requestNotice,
    ...(deps.staffActions ? { staffActions: deps.staffActions } : {}),
    logger,
    now,
  });
  const authorizations = createAuthorizationService({
    authorizations: authorizationRepo,
    notices: noticeRepo,
    takedowns: takedownRepo,
    afterDiscard: takedowns.afterDiscard,
    requestNotice,
    now,
  });
  const siteContacts = createSiteContactService({
    repo: repositories.siteContacts,
    ...(deps.crawler ? { crawler: deps.crawler } : {}),
    maxAgeDays: config.siteContactMaxAgeDays,
    logger,
    now,
  });
  const recipients = createRecipientService({
    takedowns: takedownRepo,
    transitions: repositories.transitions,
    resolver: createRecipientResolver({
      catalog: deps.catalog,
      ...(deps.resolve ? { resolve: deps.resolve } : {}),
      fetchJson: createFetchJson(deps.fetcher),
      bootstrap: config.rdapBootstrap,
      ...(config.cdnRanges ? { cdnRanges: config.cdnRanges } : {}),
      cache: repositories.recipientCache,
      now,
    }),
    catalog: deps.catalog,
    siteContacts,
    requestNotice,
    logger,
    now,
  });
  const notices = createNoticeService({
    notices: noticeRepo,
    authorizations: authorizationRepo,
    brands: deps.brands,
    storage: deps.storage,
    catalog: deps.catalog,
    publicUrl: deps.publicUrl,
    siteContacts,
    sendOutbox: (outboxId) => sendOutbox(outboxId),
    requestNotice,
    logger,
    now,
  });
  const outbox = createOutboxSender({
    outbox: outboxRepo,
    authorizations: authorizationRepo,
    brands: deps.brands,
    mailer: deps.mailer,
    storage: deps.storage,
    settings: {
      claimSeconds: config.outboxClaimSeconds,
      ratePerHour: config.ratePerRecipientPerHour,
      maxAttempts: config.sendAttempts,
      responseHours: config.responseHours,
      firstCheckHours: config.firstCheckHours,
    },
    logger,
    now,
  });
  const forms = createFormTaskService({
    forms: repositories.forms,
    responseHours: config.responseHours,
    firstCheckHours: config.firstCheckHours,
    now,
  });
  const delisting = createDelistingService({
    delisting: repositories.delisting,
    storage: deps.storage,
    brands: deps.brands,
    logger,
    now,
  });

  /** Sends the jobs of work whose job was lost; every job is idempotent, and a waiting one is not sent twice. */
  async function sweep(): Promise<void> {
    for (const { userId, id } of await takedownRepo.confirmedFindingsWithoutTakedown(SWEEP_BATCH)) {
      await takedowns.port.onConfirmed(userId, [id]);
    }
    for (const id of await takedownRepo.unresolved(new Date(now().getTime() - 60_000), SWEEP_BATCH))
      await requestResolve(id);
    for (const { userId, address } of await takedownRepo.waitingWithAuthorization(SWEEP_BATCH))
      await requestNotice(userId, address);
    for (const id of await outboxRepo.due(now(), SWEEP_BATCH)) await sendOutbox(id);
    const day = dueDelistingDay(now(), config.delistingBatchHourUtc);
    if (!(await delisting.isBatched(day))) await jobs.send('delisting.batch', { day });
  }

  return {
    /** Told by findings when they are confirmed or withdrawn. */
    findingPort: takedowns.port,
    authorizations,
    takedowns,
    recipients,
    notices,
    outbox,
    forms,
    delisting,
    sweep,
    /** The operator commands (`shark forms …`, `shark delisting …`), for the CLI and the admin socket. */
    siteContacts,
    operator: createOperatorCommands({ forms, delisting, sites: siteContacts }),

    /** For the takedown lifecycle: asks for the notice to the takedown's current recipient (after an escalation). */
    async requestNoticeFor(takedownId: string): Promise<void> {
      const waiting = await takedownRepo.waitingAddressOf(takedownId);
      if (waiting) await requestNotice(waiting.userId, waiting.address);
    },

    /** The handlers of the enforcement jobs. */
    jobHandlers: {
      'takedown.resolve': ({ takedownId }, context) => recipients.resolve(takedownId, context),
      'takedown.notify': ({ userId, address }) => notices.notify(userId, address),
      'outbox.send': ({ outboxId }) => outbox.send(outboxId),
      'delisting.batch': ({ day }) => delisting.batch(day),
    } satisfies JobHandlers,

    /**
     * On the embedded database, at start: a send this process did not claim was interrupted by the last
     * run's crash, so its claim expires now.
     */
    async expireInterruptedClaims(processStartedAt: Date): Promise<void> {
      const expired = await outboxRepo.expireClaimsBefore(
        processStartedAt,
        config.outboxClaimSeconds,
      );
      if (expired > 0)
        logger.warn('notice sends interrupted by the last run are sent again', {
          messages: expired,
        });
    },
  };
}

export type Enforcement = ReturnType<typeof createEnforcement>;
