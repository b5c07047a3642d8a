// The operator's registry commands by name and JSON body: `shark registry …` runs them on the
// database, or hands them to the running embedded server through the admin socket.
import { z } from 'zod';
import { openDatabase } from '@shark/db/client.ts';
import type { Config } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import { createRiskRegistryRepository } from './risk-registry-repository.ts';
import { createRiskRegistryService, type RiskRegistryService } from './risk-registry-service.ts';

export type RegistryCommand = (body: unknown) => Promise<unknown>;

const idBody = z.object({ id: z.string().trim().min(1, 'An entry id is required.').max(200) });

export function registryCommands(registry: RiskRegistryService): Record<string, RegistryCommand> {
  return {
    'registry/pending': () => registry.pending(),
    'registry/show': (body) => {
      const parsed = idBody.safeParse(body ?? {});
      if (!parsed.success)
        throw new AppError(
          'VALIDATION_FAILED',
          parsed.error.issues[0]?.message ?? 'Invalid command.',
        );
      return registry.operatorShow(parsed.data.id);
    },
    'registry/publish': (body) => registry.publish(body),
    'registry/reject': (body) => registry.reject(body),
    'registry/add': (body) => registry.add(body),
  };
}

/** For the CLI on a database it may open itself. */
export async function openRegistryCommands(
  config: Config,
): Promise<{ commands: Record<string, RegistryCommand>; close: () => Promise<void> }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const registry = createRiskRegistryService({ repo: createRiskRegistryRepository(database.db) });
  return { commands: registryCommands(registry), close: () => database.close() };
}
