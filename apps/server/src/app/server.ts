// The composition root (decision 0023): the platform, then every feature module with the services of
// the modules it needs, listed in the order their routes mount; one lifecycle starts and stops them.
import type { Config } from '#server/config/env.ts';
import { createAccountDataModule } from '#server/features/account-data/account-data-module.ts';
import { createAccountsModule } from '#server/features/accounts/accounts-module.ts';
import { createAffiliatesModule } from '#server/features/affiliates/affiliates-module.ts';
import { visitorIdFrom } from '#server/features/affiliates/visitor-cookie.ts';
import { createAgentAuthorizationModule } from '#server/features/takedowns/agent-authorization/agent-authorization-module.ts';
import { createAuthModule } from '#server/features/auth/auth-module.ts';
import { createBillingModule } from '#server/features/billing/billing-module.ts';
import { createBrandModule } from '#server/features/brand/brand-module.ts';
import { createCommunityModule } from '#server/features/community/community-module.ts';
import { createContentModule } from '#server/features/content/content-module.ts';
import { createDmcaBadgesModule } from '#server/features/dmca-badges/dmca-badges-module.ts';
import { createEntitlementsModule } from '#server/features/entitlements/entitlements-module.ts';
import { createFindingsModule } from '#server/features/findings/findings-module.ts';
import { createLikenessModule } from '#server/features/likeness/likeness-module.ts';
import { createHealthModule } from '#server/features/health/health-module.ts';
import { createMarketingModule } from '#server/features/marketing/marketing-module.ts';
import { createMatchingModule } from '#server/features/matching/matching-module.ts';
import { createNameSightingsModule } from '#server/features/name-sightings/name-sightings-module.ts';
import { createNotificationsModule } from '#server/features/notifications/notifications-module.ts';
import { createOffersModule } from '#server/features/offers/offers-module.ts';
import { createOnboardingModule } from '#server/features/onboarding/onboarding-module.ts';
import { createPromoRemovalsModule } from '#server/features/promo-removals/promo-removals-module.ts';
import { createReferenceFilesModule } from '#server/features/reference-files/reference-files-module.ts';
import { createReportLeaksModule } from '#server/features/report-leaks/report-leaks-module.ts';
import { createRiskRegistryModule } from '#server/features/risk-registry/risk-registry-module.ts';
import { createScanSourcesModule } from '#server/features/scan-sources/scan-sources-module.ts';
import { createDarkWebModule } from '#server/features/dark-web/dark-web-module.ts';
import { createScansModule } from '#server/features/scans/scans-module.ts';
import { createSearchTermsModule } from '#server/features/search-terms/search-terms-module.ts';
import { createTakedownReportModule } from '#server/features/takedowns/report/takedown-report-module.ts';
import { createTakedownsModule } from '#server/features/takedowns/takedowns-module.ts';
import { createUploadsModule } from '#server/features/uploads/uploads-module.ts';
import { createUserModule } from '#server/features/user/user-module.ts';
import { createStaffModule } from '#server/features/staff/staff-module.ts';
import { createSupportModule } from '#server/features/support/support-module.ts';
import { createStaffCreatorsModule } from '#server/features/staff-creators/staff-creators-module.ts';
import { createStaffModerationModule } from '#server/features/staff-moderation/staff-moderation-module.ts';
import { createStaffSitesModule } from '#server/features/staff-sites/staff-sites-module.ts';
import { createStaffOperationsModule } from '#server/features/staff-operations/staff-operations-module.ts';
import { createWhitelistModule } from '#server/features/whitelist/whitelist-module.ts';
import { createWorkQueueModule } from '#server/features/work-queue/work-queue-module.ts';
import { safeErrorMessage } from '#server/http/logger.ts';
import type { FeatureModule } from './feature-module.ts';
import { startModules } from './lifecycle.ts';
import { openPlatform, type Platform, type PlatformOptions } from './platform.ts';

async function composeModules(platform: Platform) {
  const { config, logger } = platform;
  const notifications = createNotificationsModule(platform);
  const { notices, userMailer } = notifications.service;
  const affiliates = createAffiliatesModule(platform, { notices });
  const auth = createAuthModule(platform, {
    userMailer,
    // A referral code given at sign-up ties her to its affiliate; a failure there never fails the sign-up.
    onUserCreated: async (user, headers) => {
      await affiliates.service
        .attributeSignUp(user, visitorIdFrom(headers))
        .catch((error: unknown) => {
          logger.error('affiliate: the referral of a new user failed', {
            user: user.id,
            err: safeErrorMessage(error),
          });
        });
    },
  });
  const entitlementsModule = createEntitlementsModule(platform);
  const { entitlements, accounts: accountStatus } = entitlementsModule.service;
  const user = createUserModule(platform, entitlementsModule.service);
  const whitelist = createWhitelistModule(platform, { entitlements });
  const protectedAccounts = createAccountsModule(platform, { entitlements });
  const onboarding = createOnboardingModule(platform, {
    entitlements,
    accountStates: entitlementsModule.service.accountStates,
    accounts: protectedAccounts.service,
  });
  const searchTerms = createSearchTermsModule(platform, {
    entitlements,
    onboardingEntitle: (sessionUser) => onboarding.service.entitle(sessionUser),
  });
  const content = createContentModule(platform, { entitlements });
  const badges = createDmcaBadgesModule(platform);
  const matching = createMatchingModule(platform, {
    hasDeepfakeProtection: (userId) => entitlements.hasPerk(userId, 'deepfakeProtection'),
  });
  const scanSources = createScanSourcesModule(platform);
  const promoRemovals = createPromoRemovalsModule(platform, {
    entitlements,
    whitelist: whitelist.service,
  });
  const staff = createStaffModule(platform);
  const darkWeb = createDarkWebModule(platform, { entitlements });
  const takedowns = createTakedownsModule(platform, {
    darkWeb: darkWeb.service.access,
    staffActions: (userId, takedownId) => staff.service.audit.takedownActions(userId, takedownId),
    catalog: scanSources.service.catalog,
    matcher: matching.service,
    notices,
  });
  const findings = createFindingsModule(platform, {
    entitlements,
    whitelist: whitelist.service,
    catalog: scanSources.service.catalog,
    enforcement: takedowns.service.enforcement.findingPort,
    mirroredOnions: (hosts) => darkWeb.service.mirrors.mirroredOnions(hosts),
  });
  const likeness = createLikenessModule(platform, { entitlements });
  const nameSightings = createNameSightingsModule(platform, {
    entitlements,
    whitelist: whitelist.service,
  });
  const scans = createScansModule(platform, {
    entitlements,
    sources: scanSources.service,
    findings: findings.service,
    sightings: nameSightings.service,
    whitelist: whitelist.service,
    matcher: matching.service,
    darkWeb: darkWeb.service.access,
    mirrors: darkWeb.service.mirrors,
    onCompleted: notices.scanCompleted,
  });
  const referenceFiles = createReferenceFilesModule(platform);
  const uploads = await createUploadsModule(platform, {
    entitlements,
    deleteReferenceFile: (userId, fileId) =>
      referenceFiles.service.deleteReferenceFile(userId, fileId),
  });
  const reportLeaks = createReportLeaksModule(platform, {
    entitlements,
    findings: findings.service,
    whitelist: whitelist.service,
    catalog: scanSources.service.catalog,
    matcher: matching.service,
  });
  const takedownReport = createTakedownReportModule(platform, {
    entitlements,
    takedowns: takedowns.service.enforcement.takedowns,
    promoRemovals: promoRemovals.service,
    scans: scans.service,
    isDarkWebScanning: (userId) => darkWeb.service.access.isAllowedFor(userId),
  });
  const agentAuthorization = createAgentAuthorizationModule({
    authorizations: takedowns.service.enforcement.authorizations,
  });
  const billing = createBillingModule(platform, {
    notices,
    onPaymentRecorded: async (paymentId) => {
      await affiliates.service.creditPayment(paymentId);
    },
  });
  const offers = createOffersModule(platform, { billing: billing.service });
  const marketing = createMarketingModule(platform, entitlementsModule.service);
  const accountData = createAccountDataModule(platform, {
    verifyPassword: async (password, hash) =>
      (await auth.service.auth.$context).password.verify({ password, hash }),
    removeReferenceFile: (userId, fileId) => uploads.service.uploadedFiles.remove(userId, fileId),
    cancelSubscriptionNow: (userId) => billing.service.cancelNow(userId),
  });
  const community = createCommunityModule(platform, { notices });
  const riskRegistry = createRiskRegistryModule(platform);
  const workQueue = createWorkQueueModule(platform, {
    staff: staff.service,
    forms: takedowns.service.enforcement.forms,
    delisting: takedowns.service.enforcement.delisting,
    takedowns: takedowns.service.lifecycle,
    findings: findings.service,
    entitlements,
  });
  const support = createSupportModule(platform, {
    notify: notifications.service.notifications.notify,
    staff: staff.service,
  });
  const staffCreators = createStaffCreatorsModule(platform, {
    staff: staff.service,
    accounts: entitlementsModule.service.accounts,
    accountStates: entitlementsModule.service.accountStates,
    entitlements,
    usage: entitlementsModule.service.usage,
  });
  const staffOperations = createStaffOperationsModule({
    staff: staff.service,
    offers: offers.service,
    affiliates: affiliates.service,
  });
  const staffModeration = createStaffModerationModule({
    staff: staff.service,
    community: community.service,
    registry: riskRegistry.service,
  });
  const staffSites = createStaffSitesModule({
    staff: staff.service,
    siteContacts: takedowns.service.enforcement.siteContacts,
  });

  // The order their routes mount in, and their recovery runs in.
  const modules: FeatureModule[] = [
    createHealthModule({ database: platform.database }),
    createBrandModule({ googleSignIn: config.google !== null }),
    user,
    badges,
    protectedAccounts,
    entitlementsModule,
    whitelist,
    referenceFiles,
    uploads,
    searchTerms,
    onboarding,
    content,
    matching,
    scans,
    darkWeb,
    scanSources,
    findings,
    likeness,
    nameSightings,
    takedownReport,
    reportLeaks,
    agentAuthorization,
    takedowns,
    promoRemovals,
    marketing,
    billing,
    offers,
    notifications,
    accountData,
    affiliates,
    community,
    riskRegistry,
    staff,
    workQueue,
    support,
    staffCreators,
    staffOperations,
    staffModeration,
    staffSites,
    auth,
  ];
  const services = {
    notifications: notifications.service.notifications,
    affiliates: affiliates.service,
    auth: auth.service.auth,
    rateLimiter: auth.service.rateLimiter,
    sessionRevocations: auth.service.sessionRevocations,
    signInThrottle: auth.service.signInThrottle,
    mailAddressTaken: auth.service.mailAddressTaken,
    accounts: accountStatus,
    entitlements,
    usage: entitlementsModule.service.usage,
    whitelist: whitelist.service,
    protectedAccounts: protectedAccounts.service,
    onboarding: onboarding.service,
    searchTerms: searchTerms.service,
    content: content.service,
    badges: badges.service,
    scanSources: scanSources.service,
    promoRemovals: promoRemovals.service,
    enforcement: takedowns.service.enforcement,
    takedownLifecycle: takedowns.service.lifecycle,
    findings: findings.service,
    likeness: likeness.service,
    nameSightings: nameSightings.service,
    scans: scans.service,
    referenceFiles: referenceFiles.service,
    uploads: uploads.service.uploads,
    uploadedFiles: uploads.service.uploadedFiles,
    reports: reportLeaks.service,
    takedownReport: takedownReport.service,
    billing: billing.service,
    offers: offers.service,
    marketing: marketing.service,
    accountData: accountData.service,
    community: community.service,
    riskRegistry: riskRegistry.service,
    staff: staff.service.staff,
    staffAudit: staff.service.audit,
    workQueue: workQueue.service.queue,
    workItems: workQueue.service.workItems,
    support: support.service,
    staffCreators: staffCreators.service,
    staffOperations: staffOperations.service,
    staffModeration: staffModeration.service,
    staffSites: staffSites.service,
  };
  return { modules, services };
}

export type ServerServices = Awaited<ReturnType<typeof composeModules>>['services'];

/** The services and the shared infrastructure, for the HTTP app, the admin socket, the CLI and tests. */
export type Services = ServerServices &
  Pick<
    Platform,
    | 'config'
    | 'logger'
    | 'brands'
    | 'catalog'
    | 'database'
    | 'mailer'
    | 'storage'
    | 'fetcher'
    | 'crawler'
    | 'jobs'
  > & { modules: readonly FeatureModule[]; close(): Promise<void> };

/** Opens the platform, builds every module and starts them (workers unless `workers: false`). */
export async function createSharkServer(
  config: Config,
  options: PlatformOptions = {},
): Promise<Services> {
  const platform = await openPlatform(config, options);
  let composed: Awaited<ReturnType<typeof composeModules>>;
  try {
    composed = await composeModules(platform);
  } catch (error) {
    await platform.close();
    throw error;
  }
  const running = await startModules(platform, composed.modules);
  const { logger, brands, catalog, database, mailer, storage, fetcher, crawler, jobs } = platform;
  return {
    ...composed.services,
    config,
    logger,
    brands,
    catalog,
    database,
    mailer,
    storage,
    fetcher,
    crawler,
    jobs,
    modules: composed.modules,
    close: () => running.stop(),
  };
}
