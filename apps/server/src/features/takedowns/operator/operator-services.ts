// For the CLI on a database it may open itself: the enforcement operator commands, without HTTP,
// jobs or mail.
import { openDatabase } from '@shark/db/client.ts';
import type { Config } from '#server/config/env.ts';
import { loadBrands } from '#server/config/brands.ts';
import { createLogger } from '#server/http/logger.ts';
import { createFileStorage } from '#server/features/storage/file-storage.ts';
import { createDelistingService } from '#server/features/takedowns/notices/delisting-service.ts';
import { createFormTaskService } from '#server/features/takedowns/notices/form-task-service.ts';
import { createOperatorCommands, type OperatorCommand } from './operator-commands.ts';
import { createSiteContactRepository } from '#server/features/takedowns/recipients/site-contact-repository.ts';
import { createSiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';

export async function openOperatorCommands(
  config: Config,
): Promise<{ commands: Record<string, OperatorCommand>; close: () => Promise<void> }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const db = database.db;
  const forms = createFormTaskService({
    db,
    responseHours: config.enforcement.responseHours,
    firstCheckHours: config.enforcement.firstCheckHours,
  });
  const delisting = createDelistingService({
    db,
    storage: createFileStorage(config.storage),
    brands: loadBrands(config.brandsFile),
    logger: createLogger('silent'),
  });
  // No crawler here: the CLI reads and corrects sites' contacts; only the server looks them up.
  const sites = createSiteContactService({
    repo: createSiteContactRepository(db),
    maxAgeDays: config.enforcement.siteContactMaxAgeDays,
    logger: createLogger('silent'),
  });
  return {
    commands: createOperatorCommands({ forms, delisting, sites }),
    close: () => database.close(),
  };
}
