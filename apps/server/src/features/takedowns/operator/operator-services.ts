// For the CLI on a database it may open itself: the enforcement operator commands, without HTTP,
// jobs or mail.
import type { Config } from '#server/config/env.ts';
import { loadBrands } from '#server/config/brands.ts';
import { createLogger } from '#server/http/logger.ts';
import {
  openOperatorCommandsOn,
  type OpenedOperatorCommands,
} from '#server/features/admin/operator-command-kit.ts';
import { createFileStorage } from '#server/features/storage/file-storage.ts';
import { createDelistingRepository } from '#server/features/takedowns/notices/delisting-repository.ts';
import { createDelistingService } from '#server/features/takedowns/notices/delisting-service.ts';
import { createFormTaskRepository } from '#server/features/takedowns/notices/form-task-repository.ts';
import { createFormTaskService } from '#server/features/takedowns/notices/form-task-service.ts';
import { createSiteContactRepository } from '#server/features/takedowns/recipients/site-contact-repository.ts';
import { createSiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';
import { createOperatorCommands } from './operator-commands.ts';

export function openOperatorCommands(config: Config): Promise<OpenedOperatorCommands> {
  return openOperatorCommandsOn(config, (db) => {
    const forms = createFormTaskService({
      forms: createFormTaskRepository(db),
      responseHours: config.enforcement.responseHours,
      firstCheckHours: config.enforcement.firstCheckHours,
    });
    const delisting = createDelistingService({
      delisting: createDelistingRepository(db),
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
    return createOperatorCommands({ forms, delisting, sites });
  });
}
