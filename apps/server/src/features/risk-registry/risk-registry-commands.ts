// The operator's registry commands by name and JSON body: `shark registry …` runs them on the
// database, or hands them to the running embedded server through the admin socket.
import { z } from 'zod';
import type { Config } from '#server/config/env.ts';
import {
  openOperatorCommandsOn,
  parseCommandBody,
  type OpenedOperatorCommands,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import { createRiskRegistryRepository } from './risk-registry-repository.ts';
import { createRiskRegistryService, type RiskRegistryService } from './risk-registry-service.ts';

export type RegistryCommand = OperatorCommand;

const idBody = z.object({ id: z.string().trim().min(1, 'An entry id is required.').max(200) });

export function registryCommands(registry: RiskRegistryService): Record<string, RegistryCommand> {
  return {
    'registry/pending': () => registry.pending(),
    'registry/show': (body) => registry.operatorShow(parseCommandBody(idBody, body).id),
    'registry/publish': (body) => registry.publish(body),
    'registry/reject': (body) => registry.reject(body),
    'registry/add': (body) => registry.add(body),
  };
}

/** For the CLI on a database it may open itself. */
export function openRegistryCommands(config: Config): Promise<OpenedOperatorCommands> {
  return openOperatorCommandsOn(config, (db) =>
    registryCommands(createRiskRegistryService({ repo: createRiskRegistryRepository(db) })),
  );
}
