// `shark`: the operator CLI, on the same DATA_DIR / DATABASE_URL as the server.
import { DataDirLockedError } from '@shark/db/client.ts';
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config/env.ts';
import { adminSocketPath, callAdminSocket } from '../features/admin/admin-socket.ts';
import { AppError } from '../http/app-error.ts';
import { UsageError } from './args.ts';
import { HASH_HELP, runHashCommand } from './hash-command.ts';
import { MATCH_HELP, runMatchCommand } from './match-command.ts';
import { parseUsersCommand, runUsersCommand, USERS_HELP, type UsersCommand } from './users-command.ts';

const HELP = `shark — operator commands for Shark

Commands:
  shark users show <email>          print a user as GET /api/user returns it
  shark users grant <email> [...]   change a user's status, plan, features and flags
  shark hash FILE...                PDQ hash of each image, as Meta's pdq-photo-hasher prints it
  shark match --refs DIR --candidates DIR [--json]
                                    which candidate images and videos copy which references
  shark --help                      this text

${USERS_HELP}

${HASH_HELP}

${MATCH_HELP}

The database is the server's: DATA_DIR (embedded, default ./data) or DATABASE_URL.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return command === undefined ? 1 : 0;
  }
  if (command === 'hash') {
    if (rest[0] === '--help' || rest[0] === '-h') {
      process.stdout.write(`${HASH_HELP}\n`);
      return 0;
    }
    return runHashCommand(rest, (line) => process.stdout.write(`${line}\n`), (line) => process.stderr.write(`${line}\n`));
  }
  if (command === 'match') {
    if (rest[0] === '--help' || rest[0] === '-h') {
      process.stdout.write(`${MATCH_HELP}\n`);
      return 0;
    }
    return runMatchCommand(rest, (line) => process.stdout.write(`${line}\n`), (line) => process.stderr.write(`${line}\n`));
  }
  if (command !== 'users') throw new UsageError(`Unknown command "${command}". Run shark --help.`);
  if (rest[0] === '--help' || rest[0] === '-h') {
    process.stdout.write(`${USERS_HELP}\n`);
    return 0;
  }
  const parsed = parseUsersCommand(rest);
  const config = loadConfig(process.env, 'cli');
  const result = await execute(parsed, config);
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return 0;
}

async function execute(command: UsersCommand, config: Config): Promise<unknown> {
  // Loaded only once the arguments are known to be good: opening the database takes a moment.
  const { openAccountServices } = await import('../services.ts');
  let opened: Awaited<ReturnType<typeof openAccountServices>>;
  try {
    opened = await openAccountServices(config);
  } catch (error) {
    // A running server holds the embedded database: hand it the command instead.
    if (error instanceof DataDirLockedError && existsSync(adminSocketPath(config.dataDir))) {
      const body = command.kind === 'show' ? { email: command.email } : { email: command.email, changes: command.changes };
      return callAdminSocket(config.dataDir, `users/${command.kind}`, body);
    }
    throw error;
  }
  try {
    return await runUsersCommand(command, opened.accounts);
  } finally {
    await opened.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const isExpected = error instanceof UsageError || error instanceof AppError || error instanceof ConfigError || error instanceof DataDirLockedError;
    // Expected problems get their message alone; anything else keeps its stack for a bug report.
    const text = isExpected ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`shark: ${text}\n`);
    process.exit(1);
  },
);
