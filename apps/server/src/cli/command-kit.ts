// What every `shark <group>` command shares: the "unknown subcommand" answer, argument errors, and the
// database-or-admin-socket runner for named operator commands.
import { existsSync } from 'node:fs';
import type { z } from 'zod';
import type { Config } from '#server/config/env.ts';
import { UsageError } from './args.ts';

/** A named operator command's request: the admin socket's name and the body it takes. */
export interface NamedRequest {
  name: string;
  body: unknown;
}

/** Opens a feature's operator commands on the database; rejects with DataDirLockedError when a server holds it. */
export type NamedCommandsOpener = (config: Config) => Promise<{
  commands: Record<string, (body: unknown) => Promise<unknown>>;
  close: () => Promise<void>;
}>;

/** One `shark <group>`: its help, and a run that checks the arguments completely before it loads the
 * configuration (a thunk, so usage errors come first) and resolves to the text to print. */
export interface CommandGroup {
  help: string;
  run: (argv: string[], config: () => Config) => Promise<string>;
}

/** `shark <group> --help` prints the group's help; anything else runs it and prints its answer. */
export async function runGroup(
  group: CommandGroup,
  argv: string[],
  out: (text: string) => void,
  config: () => Config,
): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    out(`${group.help}\n`);
    return 0;
  }
  out(`${await group.run(argv, config)}\n`);
  return 0;
}

/** The error for `shark <group>` alone (its help) or `shark <group> <unknown>`. */
export function unknownSubcommand(
  group: string,
  sub: string | undefined,
  help: string,
): UsageError {
  return sub === undefined
    ? new UsageError(help)
    : new UsageError(`Unknown command "${group} ${sub}".\n\n${help}`);
}

/** The first problem of a contract, as a usage error naming the flag. */
export function usageFromZod(error: z.ZodError, flagOf: Record<string, string>): UsageError {
  const issue = error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : '';
  const flag = flagOf[field];
  return new UsageError(`${flag ? `--${flag}: ` : ''}${issue?.message ?? 'Invalid arguments.'}`);
}

/** `input` through a contract; its first problem as a usage error naming the flag. */
export function parseContract<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  flagOf: Record<string, string>,
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw usageFromZod(parsed.error, flagOf);
  return parsed.data;
}

/** The one positional id of `shark <group> <sub> <id>`. */
export function requirePositionalId(positionals: string[], usage: string, what: string): string {
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const id = positionals[0]?.trim() ?? '';
  if (id === '') throw new UsageError(`${usage} needs ${what} id.`);
  return id;
}

/** A result as the commands print it when no text form is asked for. */
export const toJson = (result: unknown): string => JSON.stringify(result, null, 2);

/**
 * Opens the database with `open` and runs `run` on it, closing it after; while a server holds the embedded
 * database (its admin socket exists), sends `request` to the server instead, which answers the same.
 */
export async function onDatabaseOrServer<Opened extends { close: () => Promise<void> }>(
  config: Config,
  open: () => Promise<Opened>,
  run: (opened: Opened) => Promise<unknown>,
  request: NamedRequest,
): Promise<unknown> {
  // Loaded only once the arguments are known to be good: opening the database takes a moment.
  const [{ DataDirLockedError }, { adminSocketPath, callAdminSocket }] = await Promise.all([
    import('@shark/db/client.ts'),
    import('#server/features/admin/admin-socket.ts'),
  ]);
  let opened: Opened;
  try {
    opened = await open();
  } catch (error) {
    if (error instanceof DataDirLockedError && existsSync(adminSocketPath(config.dataDir)))
      return callAdminSocket(config.dataDir, request.name, request.body);
    throw error;
  }
  try {
    return await run(opened);
  } finally {
    await opened.close();
  }
}

/** Runs a named operator command on the database, or through a running server's admin socket. */
export function executeNamed(
  open: NamedCommandsOpener,
  request: NamedRequest,
  config: Config,
): Promise<unknown> {
  return onDatabaseOrServer(
    config,
    () => open(config),
    async ({ commands }) => {
      const run = commands[request.name];
      if (!run) throw new UsageError(`Unknown command ${request.name}.`);
      return run(request.body);
    },
    request,
  );
}

/** Runs a named operator command (on the database or through the server) and prints its answer:
 * `asText` for people when given, else JSON. */
export async function runNamed(
  open: NamedCommandsOpener,
  request: NamedRequest,
  config: Config,
  asText?: (result: unknown) => string,
): Promise<string> {
  const result = await executeNamed(open, request, config);
  return asText ? asText(result) : toJson(result);
}
