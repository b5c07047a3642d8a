// The composition root: builds each service once with the real dependencies it needs.
import { openDatabase, type DatabaseHandle } from '@shark/db/client.ts';
import type { Config } from './config/env.ts';
import { loadBrands, type BrandRegistry } from './config/brands.ts';
import { createLogger, type Logger } from './http/logger.ts';
import { createMailer, type Mailer } from './features/mail/mailer.ts';
import { createAuth, type Auth } from './features/auth/auth.ts';
import { createRateLimiter, type RateLimiter } from './features/auth/rate-limiter.ts';
import { createAccountStateRepository } from './features/account/account-state-repository.ts';
import { createAccountService, type AccountService } from './features/account/account-service.ts';
import { createBadgeRepository } from './features/badges/badge-repository.ts';
import { createBadgeService, type BadgeService } from './features/badges/badge-service.ts';
import { loadPlanCatalog } from './config/plans.ts';
import type { PlanCatalog } from '@shark/contracts/plans.ts';
import { planFeaturesOf } from './features/account/plan-features.ts';
import { createEntitlements, type Entitlements } from './features/entitlements/entitlements.ts';
import { createUsageRepository, type UsageRepository } from './features/entitlements/usage-repository.ts';

export interface Services {
  config: Config;
  logger: Logger;
  brands: BrandRegistry;
  database: DatabaseHandle;
  mailer: Mailer;
  auth: Auth;
  rateLimiter: RateLimiter;
  accounts: AccountService;
  badges: BadgeService;
  catalog: PlanCatalog;
  entitlements: Entitlements;
  usage: UsageRepository;
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations and wires every service. */
export async function createServices(config: Config, overrides: { logger?: Logger } = {}): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const brands = loadBrands(config.brandsFile);
  const catalog = loadPlanCatalog(config.plansFile);
  const planFeatures = planFeaturesOf(catalog);
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, logger });
  const auth = createAuth({ config, db: database.db, brands, mailer, logger });
  const rateLimiter = createRateLimiter(database.db, config.rateLimit.windowSeconds);
  const accountStates = createAccountStateRepository(database.db);
  const accounts = createAccountService(accountStates, planFeatures);
  const entitlements = createEntitlements({ accountStates, catalog, planFeatures });
  const usage = createUsageRepository(database.db);
  const badges = createBadgeService(createBadgeRepository(database.db), config.publicUrl);
  return {
    config,
    logger,
    brands,
    database,
    mailer,
    auth,
    rateLimiter,
    accounts,
    badges,
    catalog,
    entitlements,
    usage,
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

/** For the CLI: the database and account rules, without HTTP, auth or mail. */
export async function openAccountServices(config: Config): Promise<{ accounts: AccountService; close: () => Promise<void> }> {
  const planFeatures = planFeaturesOf(loadPlanCatalog(config.plansFile));
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return { accounts: createAccountService(createAccountStateRepository(database.db), planFeatures), close: () => database.close() };
}
