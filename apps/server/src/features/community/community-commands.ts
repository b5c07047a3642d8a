// The operator's community commands by name and JSON body: `shark community …` runs them on the
// database, or hands them to the running embedded server through the admin socket.
import { z } from 'zod';
import { openDatabase } from '@shark/db/client.ts';
import type { Config } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import { createCommunityRepository } from './community-repository.ts';
import { createCommunityService, type CommunityService } from './community-service.ts';

export type CommunityCommand = (body: unknown) => Promise<unknown>;

const idBody = z.object({ id: z.string().trim().min(1, 'A post id is required.').max(200) });

export function communityCommands(community: CommunityService): Record<string, CommunityCommand> {
  return {
    'community/publish': (body) => community.publish(body),
    'community/list': () => community.list(),
    'community/archive': (body) => {
      const parsed = idBody.safeParse(body ?? {});
      if (!parsed.success)
        throw new AppError(
          'VALIDATION_FAILED',
          parsed.error.issues[0]?.message ?? 'Invalid command.',
        );
      return community.archive(parsed.data.id);
    },
  };
}

/** For the CLI on a database it may open itself. */
export async function openCommunityCommands(
  config: Config,
): Promise<{ commands: Record<string, CommunityCommand>; close: () => Promise<void> }> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const community = createCommunityService({ repo: createCommunityRepository(database.db) });
  return { commands: communityCommands(community), close: () => database.close() };
}
