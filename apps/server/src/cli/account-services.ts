// For the CLI: the database and the account rules, without HTTP, auth, mail or the job queue.
import { openDatabase } from '@shark/db/client.ts';
import type { Config } from '#server/config/env.ts';
import { loadPlanCatalog } from '#server/config/plans.ts';
import {
  createAccountService,
  type AccountService,
} from '#server/features/user/account-service.ts';
import { createAccountStateRepository } from '#server/features/user/account-state-repository.ts';
import { planFeaturesOf } from '#server/features/user/plan-features.ts';

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
