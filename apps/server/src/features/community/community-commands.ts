// The operator's community commands by name and JSON body: `shark community …` runs them on the
// database, or hands them to the running embedded server through the admin socket.
import { z } from 'zod';
import type { Config } from '#server/config/env.ts';
import {
  openOperatorCommandsOn,
  parseCommandBody,
  type OpenedOperatorCommands,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import { createCommunityRepository } from './community-repository.ts';
import { createCommunityService, type CommunityService } from './community-service.ts';

export type CommunityCommand = OperatorCommand;

const idBody = z.object({ id: z.string().trim().min(1, 'A post id is required.').max(200) });

export function communityCommands(community: CommunityService): Record<string, CommunityCommand> {
  return {
    'community/publish': (body) => community.publish(body),
    'community/list': () => community.list(),
    'community/archive': (body) => community.archive(parseCommandBody(idBody, body).id),
  };
}

/** For the CLI on a database it may open itself. */
export function openCommunityCommands(config: Config): Promise<OpenedOperatorCommands> {
  return openOperatorCommandsOn(config, (db) =>
    communityCommands(createCommunityService({ repo: createCommunityRepository(db) })),
  );
}
