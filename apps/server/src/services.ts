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
  close(): Promise<void>;
}

/** Opens the database, applies pending migrations and wires every service. */
export async function createServices(config: Config, overrides: { logger?: Logger } = {}): Promise<Services> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const brands = loadBrands(config.brandsFile);
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
  const accounts = createAccountService(createAccountStateRepository(database.db));
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
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

/** For the CLI: the database and account rules, without HTTP, auth or mail. */
export async function openAccountServices(config: Config): Promise<{ accounts: AccountService; close: () => Promise<void> }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return { accounts: createAccountService(createAccountStateRepository(database.db)), close: () => database.close() };
}
