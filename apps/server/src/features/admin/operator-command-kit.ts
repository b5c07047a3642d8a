// What every feature's operator commands share when the CLI runs them on a database it opens itself:
// opening the database, migrating it, building the commands on it and closing it after; and how a
// command reads its JSON body.
import type { z } from 'zod';
import { openDatabase, type Database } from '@shark/db/client.ts';
import type { Config } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';

/** One operator command: takes its JSON body, resolves to its answer. */
export type OperatorCommand = (body: unknown) => Promise<unknown>;

/** A feature's operator commands on a database the CLI opened, and how to close it. */
export interface OpenedOperatorCommands {
  commands: Record<string, OperatorCommand>;
  close: () => Promise<void>;
}

/**
 * Opens the configured database, migrates it and builds the commands on it, without HTTP, jobs or mail.
 * Rejects (with the database closed again) when opening, migrating or building fails.
 */
export async function openOperatorCommandsOn(
  config: Config,
  build: (db: Database) => Record<string, OperatorCommand>,
): Promise<OpenedOperatorCommands> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    return { commands: build(database.db), close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A command's JSON body through its schema; the first problem as a validation error. */
export function parseCommandBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid command.');
  return parsed.data;
}
