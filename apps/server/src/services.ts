// The composition root: builds each service once with the real dependencies it needs.
import { openDatabase, type DatabaseHandle } from '@shark/db/client.ts';
import type { Config } from './config/env.ts';
import { keepDataDirPrivate } from './config/data-dir.ts';
import { loadBrands, type BrandRegistry } from './config/brands.ts';
import { createLogger, safeErrorMessage, type Logger } from './http/logger.ts';
import { createMailer, type Mailer } from './features/mail/mailer.ts';
import { createAddressTakenNotice, createAuth, type Auth } from './features/auth/auth.ts';
import { createRateLimiter, type RateLimiter } from './features/auth/rate-limiter.ts';
import { createSignInThrottle, type SignInThrottle } from './features/auth/sign-in-throttle.ts';
import { createAccountStateRepository } from './features/account/account-state-repository.ts';
import { createAccountService, type AccountService } from './features/account/account-service.ts';
import { createBadgeRepository } from './features/badges/badge-repository.ts';
import { createBadgeService, type BadgeService } from './features/badges/badge-service.ts';
import { createSafeFetcher, type SafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { createProtectedAccountRepository } from './features/accounts/protected-account-repository.ts';
import {
  createProtectedAccountService,
  type ProtectedAccountService,
} from './features/accounts/protected-account-service.ts';
import { loadPlanCatalog } from './config/plans.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import { planFeaturesOf } from './features/account/plan-features.ts';
import { createEntitlements, type Entitlements } from './features/entitlements/entitlements.ts';
import {
  createUsageRepository,
  type UsageRepository,
} from './features/entitlements/usage-repository.ts';
import { createWhitelistRepository } from './features/whitelist/whitelist-repository.ts';
import {
  createWhitelistService,
  type WhitelistService,
} from './features/whitelist/whitelist-service.ts';
import { createSearchTermRepository } from './features/search-terms/search-term-repository.ts';
import {
  createSearchTermService,
  type SearchTermService,
} from './features/search-terms/search-term-service.ts';
import {
  createOnboardingService,
  type OnboardingService,
} from './features/onboarding/onboarding-service.ts';
import { createContentRepository } from './features/content/content-repository.ts';
import { createContentService, type ContentService } from './features/content/content-service.ts';
import { createFileStorage, type FileStorage } from './features/storage/file-storage.ts';
import { createReferenceFileRepository } from './features/uploads/reference-file-repository.ts';
import { createUploadService, type UploadService } from './features/uploads/upload-service.ts';
import {
  createUploadedFileService,
  type UploadedFileService,
} from './features/uploads/uploaded-file-service.ts';
import { startUploadSweeper } from './features/uploads/upload-sweeper.ts';
import { createJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { FingerprintPool } from '@shark/engine/matching/fingerprint-pool.ts';
import {
  fingerprintReferenceFileJob,
  jobCatalog,
  type SharkJobCatalog,
} from './jobs/job-catalog.ts';
import {
  createReferenceFileService,
  type ReferenceFileService,
} from './features/reference-files/reference-file-service.ts';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { findSite } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { createCrawler, type Crawler } from '@shark/engine/fetch/crawler.ts';
import { createFindingService, type FindingService } from './features/findings/finding-service.ts';
import { createNameSightingRepository } from './features/name-sightings/name-sighting-repository.ts';
import {
  createNameSightingService,
  type NameSightingService,
} from './features/name-sightings/name-sighting-service.ts';
import {
  createScanSourceService,
  type ScanSourceService,
} from './features/scan-sources/scan-source-service.ts';
import { createReferenceIndex } from './features/matching/reference-index.ts';
import { createReferenceRepository } from './features/matching/reference-repository.ts';
import { createScanMatcher } from './features/scans/scan-matcher.ts';
import { createScanPipeline } from './features/scans/scan-pipeline.ts';
import { createScanRepository } from './features/scans/scan-repository.ts';
import { createSiteExpansionRepository } from './features/scans/site-expansion-repository.ts';
import { createScanService, type ScanService } from './features/scans/scan-service.ts';
import { DEFAULT_SCAN_SETTINGS } from './features/scans/scan-settings.ts';
import { createScanSiteRepository } from './features/scans/scan-site-repository.ts';
import {
  recoverScans,
  registerScanJobs,
  STAGE_JOBS,
  startScanScheduler,
} from './features/scans/scan-worker.ts';
import { createReportRepository } from './features/reports/report-repository.ts';
import { createReportService, type ReportService } from './features/reports/report-service.ts';
import { createReportedUrlJob } from './features/reports/reported-url-job.ts';
import { createPromoRemovalRepository } from './features/promo-removals/promo-removal-repository.ts';
import { createMarketingRepository } from './features/marketing/marketing-repository.ts';
import {
  createMarketingService,
  type MarketingService,
} from './features/marketing/marketing-service.ts';
import {
  createPromoRemovalService,
  type PromoRemovalService,
} from './features/promo-removals/promo-removal-service.ts';
import { createTakedownReportRepository } from '#server/features/takedowns/report/takedown-report-repository.ts';
import {
  createTakedownReportService,
  nextScheduledScan,
  type TakedownReportService,
} from '#server/features/takedowns/report/takedown-report-service.ts';
import {
  createTakedownLifecycle,
  type TakedownLifecycle,
} from '#server/features/takedowns/lifecycle/takedown-lifecycle-service.ts';
import {
  registerTakedownLifecycleJobs,
  startTakedownLifecycleSweeper,
} from '#server/features/takedowns/lifecycle/takedown-lifecycle-worker.ts';
import { createEnforcement, type Enforcement } from '#server/features/takedowns/enforcement.ts';
import { createBillingRepository } from './features/billing/billing-repository.ts';
import {
  createBillingService,
  startBillingSweeper,
  type BillingService,
} from './features/billing/billing-service.ts';
import { createOfferRepository } from './features/offers/offer-repository.ts';
import { createOfferService, type OfferService } from './features/offers/offer-service.ts';
import { createAccountDataRepository } from './features/account-data/account-data-repository.ts';
import {
  createAccountDataService,
  type AccountDataService,
} from './features/account-data/account-data-service.ts';
import { withListUnsubscribe } from './features/mail/list-unsubscribe.ts';
import { createNotificationRepository } from './features/notifications/notification-repository.ts';
import {
  createNotificationService,
  type NotificationService,
} from './features/notifications/notification-service.ts';
import { createPipelineNotifications } from './features/notifications/pipeline-notifications.ts';
import { createSubscriptionTokens } from './features/notifications/subscription-token.ts';
import { createAffiliateRepository } from './features/affiliates/affiliate-repository.ts';
import {
  createAffiliateService,
  type AffiliateService,
} from './features/affiliates/affiliate-service.ts';
import { visitorIdFrom } from './features/affiliates/visitor-cookie.ts';
import { startPeriodicSweep } from './jobs/periodic-sweep.ts';
import { handleSchedules } from './jobs/schedules.ts';
import { createCommunityRepository } from './features/community/community-repository.ts';
import {
  createCommunityService,
  type CommunityService,
} from './features/community/community-service.ts';
import { createAnnouncementFanOut } from './features/community/announcement-fan-out.ts';
import { createRiskRegistryRepository } from './features/risk-registry/risk-registry-repository.ts';
import {
  createRiskRegistryService,
  type RiskRegistryService,
} from './features/risk-registry/risk-registry-service.ts';

export interface Services {
  config: Config;
  logger: Logger;
  brands: BrandRegistry;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: Auth;
  rateLimiter: RateLimiter;
  signInThrottle: SignInThrottle;
  /** Mails the holder of an address someone asked to move another account to. */
  mailAddressTaken: (to: string, holder: { name: string }) => Promise<void>;
  accounts: AccountService;
  badges: BadgeService;
  /** Every fetch of an outside page goes through it (SSRF guard, timeouts, size limit). */
  fetcher: SafeFetcher;
  /** The creator's accounts on each platform ('Accounts', /brands) and their ownership proof. */
  protectedAccounts: ProtectedAccountService;
  catalog: PlanCatalog;
  entitlements: Entitlements;
  usage: UsageRepository;
  whitelist: WhitelistService;
  searchTerms: SearchTermService;
  onboarding: OnboardingService;
  content: ContentService;
  storage: FileStorage;
  /** The job queue: `jobs.send(name, payload)` from anywhere; handlers run where workers run. */
  jobs: JobQueue<SharkJobCatalog>;
  referenceFiles: ReferenceFileService;
  /** tus uploads of reference files (features/uploads). */
  uploads: UploadService;
  /** The Uploaded Files screen's list, thumbnails and deletion. */
  uploadedFiles: UploadedFileService;
  /** The discovery sources (on or off), their daily quotas and the site catalog. */
  scanSources: ScanSourceService;
  /** Findings of scans: record, review list, whitelist, thumbnails. */
  findings: FindingService;
  /** Pages that share the creator's name without a sign of a leak, by site. */
  nameSightings: NameSightingService;
  /** Scans: "Scan now", the schedule, the free scan and their progress. */
  scans: ScanService;
  /** The scans' crawler (robots.txt, per-host limits) over the guarded fetcher. */
  crawler: Crawler;
  /** The dashboard's figures and the takedown report with its CSV and PDF exports. */
  takedownReport: TakedownReportService;
  /** Report Leaks and Report Impersonation: what the creator reports herself (features/reports). */
  reports: ReportService;
  /** Free Removals (/promo-protect): the promotional allowance of removals (features/promo-removals). */
  promoRemovals: PromoRemovalService;
  /** Social Share texts and images, and the welcome package with its PDF (features/marketing). */
  marketing: MarketingService;
  /** Their guards: subscribed plus submitLeak, or plus impersonation. */
  /** Takedowns after the notice: checks until the URL is gone, escalation, recipients' answers (features/takedowns/lifecycle). */
  takedownLifecycle: TakedownLifecycle;
  /** Takedowns from confirmed findings: authorisation, recipients, notices, outbox, form tasks, delisting (features/takedowns). */
  enforcement: Enforcement;
  /** Custom offers: the public page's offer, claims, and the operator's commands (features/offers). */
  offers: OfferService;
  /** Plans and billing: Stripe Checkout and webhooks, or manual billing (features/billing). */
  billing: BillingService;
  /** The creator's export of all her data, and deleting her account (features/account-data). */
  accountData: AccountDataService;
  /** In-app notifications and their e-mails; `notifications.notify(userId, category, message)` from any feature. */
  notifications: NotificationService;
  /** The affiliate programme: codes, referrals made at sign-up, commissions from payments, payouts (features/affiliates). */
  affiliates: AffiliateService;
  /** Announcements and resources on /community, published by operators (features/community). */
  community: CommunityService;
  /** The Scam Registry: creators' reports, operators' review, published entries (features/risk-registry). */
  riskRegistry: RiskRegistryService;
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations and wires every service. */
export async function createServices(
  config: Config,
  overrides: {
    logger?: Logger;
    /** false: this process only sends jobs (start:api). */ workers?: boolean;
    /** A + AAAA of a host for the recipient look-up (tests give hosts their own addresses); DNS by default. */
    resolveHost?: (host: string) => Promise<string[]>;
  } = {},
): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const brands = loadBrands(config.brandsFile);
  const catalog = loadPlanCatalog(config.plansFile);
  const planFeatures = planFeaturesOf(catalog);
  await keepDataDirPrivate(config.dataDir, logger);
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, logger });
  const notificationRepo = createNotificationRepository(database.db);
  const notifications = createNotificationService({
    repo: notificationRepo,
    tokens: createSubscriptionTokens({
      secret: config.authSecret,
      lifetimeDays: config.notifications.settingsLinkDays,
    }),
    brands,
    publicUrl: config.publicUrl,
    mailer,
    // Sent only once the queue is built below (a notification is raised by work that runs after that).
    sendEmailJob: async (notificationId) => {
      await jobs.send('notification.email', { notificationId });
    },
    logger,
  });
  const pipelineNotices = createPipelineNotifications({
    notify: notifications.notify,
    repo: notificationRepo,
    logger,
  });
  // Account mails carry List-Unsubscribe too (decision in README, Notifications); notices to sites do not.
  const userMailer = withListUnsubscribe(mailer, (message) =>
    notifications.linksForAddress(
      message.to,
      brands.all().find((b) => b.mailFrom === message.from) ?? brands.all()[0]!,
    ),
  );
  const affiliates = createAffiliateService({
    repo: createAffiliateRepository(database.db),
    config: config.affiliates,
    publicUrl: config.publicUrl,
    logger,
    visitorSecret: config.authSecret,
    onReferral: pipelineNotices.referralMade,
    onCommission: pipelineNotices.commissionCredited,
  });
  const auth = createAuth({
    config,
    db: database.db,
    brands,
    mailer: userMailer,
    logger,
    // A referral code given at sign-up ties her to its affiliate; a failure there never fails the sign-up.
    onUserCreated: async (user, headers) => {
      await affiliates.attributeSignUp(user, visitorIdFrom(headers)).catch((error: unknown) => {
        logger.error('affiliate: the referral of a new user failed', {
          user: user.id,
          err: safeErrorMessage(error),
        });
      });
    },
  });
  const rateLimiter = createRateLimiter(database.db, config.rateLimit.windowSeconds);
  const signInThrottle = createSignInThrottle(rateLimiter, config.rateLimit);
  const mailAddressTaken = createAddressTakenNotice({ config, brands, mailer: userMailer, logger });
  const accountStates = createAccountStateRepository(database.db);
  const accounts = createAccountService(accountStates, planFeatures);
  const entitlements = createEntitlements({ accountStates, catalog, planFeatures });
  const usage = createUsageRepository(database.db);
  const whitelist = createWhitelistService({
    repo: createWhitelistRepository(database.db),
    entitlements,
  });
  const searchTerms = createSearchTermService({
    repo: createSearchTermRepository(database.db),
    entitlements,
  });
  const onboarding = createOnboardingService({ accountStates, entitlements });
  const badges = createBadgeService(createBadgeRepository(database.db), config.publicUrl);
  const fetcher = createSafeFetcher({
    allowlist: config.fetch.allowlist,
    connectTimeoutMs: config.fetch.connectTimeoutMs,
    timeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
    userAgent: config.userAgent,
  });
  const protectedAccounts = createProtectedAccountService({
    repo: createProtectedAccountRepository(database.db),
    entitlements,
    fetcher,
    profileUrlTemplates: config.accounts.profileUrlTemplates,
    checkIntervalSeconds: config.accounts.checkIntervalSeconds,
  });
  const content = createContentService(createContentRepository(database.db));
  const storage = createFileStorage(config.storage);
  // Fingerprinting is CPU-heavy: it runs on worker threads so the event loop keeps serving requests.
  const fingerprints = new FingerprintPool();
  const referenceFiles = createReferenceFileService({
    db: database.db,
    storage,
    logger,
    fingerprints,
  });
  const jobs = createJobQueue({
    catalog: jobCatalog,
    database,
    postgres:
      config.database.driver === 'postgres'
        ? { url: config.database.url, poolSize: config.database.poolSize }
        : null,
    logger,
    workers: overrides.workers === false ? null : { concurrency: config.workerConcurrency },
  });
  jobs.handle('reference-file.fingerprint', ({ fileId }, context) =>
    referenceFiles.fingerprint(fileId, context),
  );
  jobs.handle('notification.email', ({ notificationId }) =>
    notifications.deliverEmail(notificationId),
  );
  handleSchedules(jobs, []);

  const scanSources = createScanSourceService({ config, db: database.db });
  // The scans' crawler; enforcement reads sites' own contact pages through it too.
  const crawler = createCrawler({
    fetcher,
    robots: { enabled: config.scans.respectRobots, userAgent: 'SharkBot' },
    perHost: config.scans.perHost,
    maxMediaPerPage: config.scans.maxMediaPerPage,
  });
  const enforcement = createEnforcement({
    db: database.db,
    config: config.enforcement,
    publicUrl: config.publicUrl,
    brands,
    catalog: scanSources.catalog,
    storage,
    mailer,
    fetcher,
    crawler,
    ...(overrides.resolveHost ? { resolve: overrides.resolveHost } : {}),
    jobs,
    logger,
  });
  enforcement.registerJobs(jobs);
  const findings = createFindingService({
    db: database.db,
    storage,
    whitelist,
    logger,
    siteName: (id) => findSite(scanSources.catalog, id)?.name,
    enforcement: enforcement.findingPort,
  });
  const scanRepo = createScanRepository(database.db);
  const scanSiteRepo = createScanSiteRepository(database.db);
  // One matcher (and one in-memory reference index) for scans and for the pages the creator reports.
  const scanMatcher = createScanMatcher({
    index: createReferenceIndex(createReferenceRepository(database.db)),
    fingerprints,
  });
  const nameSightings = createNameSightingService({
    repo: createNameSightingRepository(database.db),
    whitelist,
  });
  const scanPipeline = createScanPipeline({
    repo: scanRepo,
    sites: scanSiteRepo,
    send: async (stage, id) => {
      if (stage === 'start') await jobs.send('scan.start', { scanId: id });
      else await jobs.send(STAGE_JOBS[stage], { taskId: id });
    },
    crawler,
    sources: scanSources,
    findings,
    siteExpansion: createSiteExpansionRepository(database.db),
    sightings: nameSightings,
    matcher: scanMatcher,
    readReference: async (userId, referenceFileId) => {
      const stored = await scanRepo.storedReference(userId, referenceFileId);
      if (!stored) return null;
      return {
        bytes: await buffer(await storage.read(stored.storageKey)),
        mimeType: stored.mimeType,
      };
    },
    isWhitelisted: async (userId, url) => (await whitelist.check(userId, url)).isWhitelisted,
    settings: {
      ...DEFAULT_SCAN_SETTINGS,
      respectRobots: config.scans.respectRobots,
      maxSearchPages: config.scans.maxSearchPages,
      maxSourcePages: config.scans.maxSourcePages,
      maxMediaPerPage: config.scans.maxMediaPerPage,
      variantsPerUsername: config.scans.variantsPerUsername,
      sitePageBudget: config.scans.sitePageBudget,
    },
    logger,
    onCompleted: pipelineNotices.scanCompleted,
  });
  registerScanJobs(jobs, scanPipeline);
  const scans = createScanService({
    repo: scanRepo,
    sites: scanSiteRepo,
    sitePageBudget: config.scans.sitePageBudget,
    entitlements,
    catalog,
    sources: scanSources,
    findings,
    sendStart: async (scanId) => {
      await jobs.send('scan.start', { scanId });
    },
    freeScan: config.scans.freeScan,
    logger,
  });
  const takedownReport = createTakedownReportService({
    repo: createTakedownReportRepository(database.db),
    responseWindowHours: config.enforcement.responseHours,
    nextScanAt: nextScheduledScan(scans),
  });
  const reportRepo = createReportRepository(database.db);
  const reports = createReportService({
    repo: reportRepo,
    findings,
    whitelist,
    catalog: () => scanSources.catalog,
    sendFetch: async (reportedUrlId) => {
      await jobs.send('report.fetch', { reportedUrlId });
    },
    logger,
  });
  const promoRemovals = createPromoRemovalService({
    repo: createPromoRemovalRepository(database.db),
    whitelist,
    freeRemovals: config.promoRemovals.freeRemovals,
    sendFetch: async (reportedUrlId) => {
      await jobs.send('report.fetch', { reportedUrlId });
    },
    logger,
  });
  const marketing = createMarketingService({
    repo: createMarketingRepository(database.db),
    usage,
    accountStates,
    catalog,
    planFeatures,
    publicUrl: config.publicUrl,
    freeRemovals: config.promoRemovals.freeRemovals,
    // The brands' logo files: the built web app, then its public folder.
    logoDirectories: [
      config.webDistDir,
      fileURLToPath(new URL('../../web/public', import.meta.url)),
    ],
  });
  const reportedUrlJob = createReportedUrlJob({
    repo: reportRepo,
    crawler,
    matcher: scanMatcher,
    findings,
    entitlements,
    catalog: () => scanSources.catalog,
    maxMediaPerPage: config.scans.maxMediaPerPage,
    logger,
  });
  jobs.handle('report.fetch', ({ reportedUrlId }, context) =>
    reportedUrlJob.run(reportedUrlId, context),
  );
  const takedownLifecycle = createTakedownLifecycle({
    db: database.db,
    crawler,
    matcher: scanMatcher,
    respectRobots: config.scans.respectRobots,
    siteById: (siteId) => findSite(scanSources.catalog, siteId),
    schedule: {
      firstCheckHours: config.enforcement.firstCheckHours,
      maxCheckHours: config.takedownLifecycle.checkMaxHours,
    },
    requestNotice: (takedownId) => enforcement.requestNoticeFor(takedownId),
    sendVerify: async (takedownId, check) =>
      (await jobs.send('takedown.verify', { takedownId, check })) !== null,
    sendEscalate: async (takedownId) =>
      (await jobs.send('takedown.escalate', { takedownId })) !== null,
    logger,
    notices: { removed: pipelineNotices.takedownRemoved, rejected: pipelineNotices.noticeRejected },
  });
  registerTakedownLifecycleJobs(jobs, takedownLifecycle);
  const billing = createBillingService({
    repo: createBillingRepository(database.db),
    catalog,
    config: config.billing,
    publicUrl: config.publicUrl,
    logger,
    // Each payment of a referred customer credits her affiliate (idempotent by payment id).
    onPaymentRecorded: async (paymentId) => {
      await affiliates.creditPayment(paymentId);
    },
    notify: pipelineNotices.billing,
  });
  const processStartedAt = new Date();
  let billingSweeper: { stop(): void } | null = null;
  let affiliateSweeper: { stop(): void } | null = null;
  let announcementSweeper: { stop(): void } | null = null;
  let scheduler: { stop(): void } | null = null;
  let takedownSweeper: { stop(): void } | null = null;
  let enforcementSweeper: { stop(): void } | null = null;
  try {
    await jobs.start();
    if (jobs.runsWorkers) {
      // Jobs lost between a row's change and its send (a crash, a send that failed) are sent again.
      for (const fileId of await referenceFiles.findUnfinished(
        fingerprintReferenceFileJob.timeoutSeconds,
      )) {
        await jobs.send('reference-file.fingerprint', { fileId });
      }
      await recoverScans({
        repo: scanRepo,
        jobs,
        logger,
        runningSince: config.database.driver === 'pglite' ? processStartedAt : null,
        onCompleted: pipelineNotices.scanCompleted,
      });
      // Reported addresses saved but whose job was never sent (a crash in between) are queued again.
      await reports.recoverQueued(config.database.driver === 'pglite' ? 0 : 120);
      scheduler = startScanScheduler({
        scans,
        everySeconds: config.scans.scheduleCheckSeconds,
        logger,
        sweep: () =>
          recoverScans({
            repo: scanRepo,
            jobs,
            logger,
            runningSince: null,
            untouchedForSeconds: 120,
            onCompleted: pipelineNotices.scanCompleted,
          }),
      });
      takedownSweeper = startTakedownLifecycleSweeper({
        lifecycle: takedownLifecycle,
        everySeconds: config.enforcement.sweepSeconds,
        logger,
      });
      enforcementSweeper = await enforcement.startSweeper({
        processStartedAt: config.database.driver === 'pglite' ? processStartedAt : null,
      });
      billingSweeper = startBillingSweeper({
        billing,
        everySeconds: config.billing.sweepSeconds,
        logger,
      });
      // Commissions of payments credited at no payment's moment (a crash in between, a payment written elsewhere).
      affiliateSweeper = startPeriodicSweep({
        name: 'affiliate sweep',
        everySeconds: config.billing.sweepSeconds,
        logger,
        sweep: () => affiliates.creditMissed(),
      });
      // Announcements published from the CLI (which may run with no server) reach every account from here.
      announcementSweeper = startPeriodicSweep({
        name: 'announcement sweep',
        everySeconds: config.notifications.announcementSweepSeconds,
        logger,
        sweep: () =>
          createAnnouncementFanOut({
            db: database.db,
            announce: pipelineNotices.announcement,
          }).run(),
      });
    }
  } catch (error) {
    billingSweeper?.stop();
    affiliateSweeper?.stop();
    announcementSweeper?.stop();
    scheduler?.stop();
    takedownSweeper?.stop();
    enforcementSweeper?.stop();
    await jobs.stop().catch(() => undefined);
    await crawler.close();
    await fingerprints.close();
    mailer.close();
    await database.close();
    throw error;
  }
  const referenceFileRows = createReferenceFileRepository(database.db);
  const uploads = await createUploadService({
    config,
    storage,
    files: referenceFileRows,
    entitlements,
    jobs,
    logger,
  });
  const uploadedFiles = createUploadedFileService({
    files: referenceFileRows,
    storage,
    uploads,
    deleteReferenceFile: (userId, fileId) => referenceFiles.deleteReferenceFile(userId, fileId),
    maxUploadBytes: config.uploads.maxBytes,
  });
  const uploadSweeper = startUploadSweeper(uploads, logger);
  // Paid offers go to Stripe Checkout at the offer's price when billing is online; manual otherwise.
  const offers = createOfferService({
    repo: createOfferRepository(database.db),
    planFeatures,
    publicUrl: config.publicUrl,
    startCheckout: (userId, offer) => billing.checkoutOffer(userId, offer),
  });
  const accountData = createAccountDataService({
    repo: createAccountDataRepository(database.db),
    storage,
    verifyPassword: async (password, hash) =>
      (await auth.$context).password.verify({ password, hash }),
    removeReferenceFile: (userId, fileId) => uploadedFiles.remove(userId, fileId),
    cancelSubscriptionNow: (userId) => billing.cancelNow(userId),
    logger,
  });
  return {
    config,
    logger,
    brands,
    database,
    mailer,
    auth,
    rateLimiter,
    signInThrottle,
    mailAddressTaken,
    accounts,
    badges,
    fetcher,
    protectedAccounts,
    catalog,
    entitlements,
    usage,
    whitelist,
    searchTerms,
    onboarding,
    content,
    storage,
    jobs,
    referenceFiles,
    uploads,
    uploadedFiles,
    scanSources,
    findings,
    nameSightings,
    scans,
    crawler,
    takedownReport,
    reports,
    promoRemovals,
    marketing,
    takedownLifecycle,
    enforcement,
    offers,
    billing,
    accountData,
    notifications,
    affiliates,
    community: createCommunityService({ repo: createCommunityRepository(database.db) }),
    riskRegistry: createRiskRegistryService({ repo: createRiskRegistryRepository(database.db) }),
    async close() {
      billingSweeper?.stop();
      affiliateSweeper?.stop();
      announcementSweeper?.stop();
      scheduler?.stop();
      takedownSweeper?.stop();
      enforcementSweeper?.stop();
      await uploadSweeper.stop();
      await jobs.stop();
      await crawler.close();
      await fingerprints.close();
      await fetcher.close();
      mailer.close();
      await database.close();
    },
  };
}

/** For the CLI: the database and account rules, without HTTP, auth or mail. */
export async function openAccountServices(
  config: Config,
): Promise<{ accounts: AccountService; close: () => Promise<void> }> {
  const planFeatures = planFeaturesOf(loadPlanCatalog(config.plansFile));
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    accounts: createAccountService(createAccountStateRepository(database.db), planFeatures),
    close: () => database.close(),
  };
}
