// `shark`'s commands, run with the process's arguments, environment and output given, so tests can run
// them in-process as well as in a child process (main.ts is the process's entry).
import { DataDirLockedError } from '@shark/db/client.ts';
import { ConfigError, loadConfig, type Config } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import { UsageError } from './args.ts';
import {
  executeNamed,
  onDatabaseOrServer,
  runGroup,
  toJson,
  type CommandGroup,
  type NamedRequest,
} from './command-kit.ts';
import { HASH_HELP, runHashCommand } from './hash-command.ts';
import { MATCH_HELP, runMatchCommand } from './match-command.ts';
import {
  parseUsersCommand,
  runUsersCommand,
  USERS_HELP,
  type UsersCommand,
} from './users-command.ts';
import { FORMS_HELP, formatForms, formsRequest, parseFormsCommand } from './forms-command.ts';
import {
  DELISTING_HELP,
  delistingRequest,
  formatDelisting,
  parseDelistingCommand,
} from './delisting-command.ts';
import {
  executeTakedownsCommand,
  parseTakedownsCommand,
  TAKEDOWNS_HELP,
} from './takedowns-command.ts';
import { executeOffersCommand, OFFERS_HELP, parseOffersCommand } from './offers-command.ts';
import { executePayoutsCommand, parsePayoutsCommand, PAYOUTS_HELP } from './payouts-command.ts';
import {
  COMMUNITY_HELP,
  executeCommunityCommand,
  parseCommunityCommand,
} from './community-command.ts';
import { executeRegistryCommand, parseRegistryCommand, REGISTRY_HELP } from './registry-command.ts';
import { formatSites, parseSitesCommand, SITES_HELP, sitesRequest } from './sites-command.ts';
import { executeStaffCommand, parseStaffCommand, STAFF_HELP } from './staff-command.ts';

const HELP = `shark — operator commands for Shark

Commands:
  shark users show <email>          print a user as GET /api/user returns it
  shark users grant <email> [...]   change a user's status, plan, features and flags
  shark hash FILE...                PDQ hash of each image, as Meta's pdq-photo-hasher prints it
  shark match --refs DIR --candidates DIR [--json]
                                    which candidate images and videos copy which references
  shark forms list|show|done        notices for recipients that take only a web form
  shark delisting list|csv|submitted
                                    the daily delisting files for Google and Bing
  shark takedowns show <id>         a takedown's status, events, recipients and notices
  shark takedowns respond <id> --rejected "<reason>" | --removed
                                    record what the recipient answered
  shark takedowns check <id>        check the URL now (removed when gone)
  shark offers create|list|show|revoke
                                    custom offers: a plan at a price, with its public link
  shark payouts list|paid|reject    affiliates' payout requests: list, mark paid, reject
  shark community publish|list|archive
                                    announcements and resources on /community
  shark registry pending|show|publish|reject|add
                                    review the Scam Registry's reports; add entries
  shark sites list|contact|accept|dismiss
                                    sites outside the catalog: review them, correct their own channel
  shark staff grant|revoke|list     staff console roles (agent, admin)
  shark --help                      this text

${USERS_HELP}

${FORMS_HELP}

${DELISTING_HELP}

${TAKEDOWNS_HELP}

${OFFERS_HELP}

${PAYOUTS_HELP}

${COMMUNITY_HELP}

${REGISTRY_HELP}

${SITES_HELP}

${STAFF_HELP}

${HASH_HELP}

${MATCH_HELP}

The database is the server's: DATA_DIR (embedded, default ./data) or DATABASE_URL.`;

/** Where a command reads its configuration and writes its output. */
export interface CliIo {
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs one `shark` command line; resolves to the exit code. Expected problems are printed, not thrown. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const isExpected =
      error instanceof UsageError ||
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError;
    // Expected problems get their message alone; anything else keeps its stack for a bug report.
    const text = isExpected
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    io.err(`shark: ${text}\n`);
    return 1;
  }
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.out(`${HELP}\n`);
    return command === undefined ? 1 : 0;
  }
  if (command === 'hash') {
    if (rest[0] === '--help' || rest[0] === '-h') {
      io.out(`${HASH_HELP}\n`);
      return 0;
    }
    return runHashCommand(
      rest,
      (line) => io.out(`${line}\n`),
      (line) => io.err(`${line}\n`),
    );
  }
  if (command === 'match') {
    if (rest[0] === '--help' || rest[0] === '-h') {
      io.out(`${MATCH_HELP}\n`);
      return 0;
    }
    return runMatchCommand(
      rest,
      (line) => io.out(`${line}\n`),
      (line) => io.err(`${line}\n`),
    );
  }
  // Own keys only: `shark constructor` is an unknown command, not Object's.
  const group = Object.hasOwn(GROUPS, command) ? GROUPS[command] : undefined;
  if (!group) throw new UsageError(`Unknown command "${command}". Run shark --help.`);
  return runGroup(group, rest, io.out, () => loadConfig(io.env, 'cli'));
}

/** The commands on the server's database (or, while it runs, through its admin socket). */
const GROUPS: Record<string, CommandGroup | undefined> = {
  users: {
    help: USERS_HELP,
    run: async (argv, config) => toJson(await execute(parseUsersCommand(argv), config())),
  },
  forms: {
    help: FORMS_HELP,
    run: async (argv, config) => {
      const parsed = parseFormsCommand(argv);
      return formatForms(parsed, await executeOperator(formsRequest(parsed), config()));
    },
  },
  delisting: {
    help: DELISTING_HELP,
    run: async (argv, config) => {
      const parsed = parseDelistingCommand(argv);
      return formatDelisting(parsed, await executeOperator(delistingRequest(parsed), config()));
    },
  },
  takedowns: {
    help: TAKEDOWNS_HELP,
    run: async (argv, config) =>
      toJson(await executeTakedownsCommand(parseTakedownsCommand(argv), config())),
  },
  offers: {
    help: OFFERS_HELP,
    run: (argv, config) => executeOffersCommand(parseOffersCommand(argv), config()),
  },
  payouts: {
    help: PAYOUTS_HELP,
    run: (argv, config) => executePayoutsCommand(parsePayoutsCommand(argv), config()),
  },
  community: {
    help: COMMUNITY_HELP,
    run: (argv, config) => executeCommunityCommand(parseCommunityCommand(argv), config()),
  },
  registry: {
    help: REGISTRY_HELP,
    run: (argv, config) => executeRegistryCommand(parseRegistryCommand(argv), config()),
  },
  sites: {
    help: SITES_HELP,
    run: async (argv, config) => {
      const parsed = parseSitesCommand(argv);
      return formatSites(parsed, await executeOperator(sitesRequest(parsed), config()));
    },
  },
  staff: {
    help: STAFF_HELP,
    run: (argv, config) => executeStaffCommand(parseStaffCommand(argv), config()),
  },
};

function execute(command: UsersCommand, config: Config): Promise<unknown> {
  const body =
    command.kind === 'show'
      ? { email: command.email }
      : { email: command.email, changes: command.changes };
  return onDatabaseOrServer(
    config,
    async () => (await import('./account-services.ts')).openAccountServices(config),
    (opened) => runUsersCommand(command, opened.accounts),
    { name: `users/${command.kind}`, body },
  );
}

/** An enforcement operator command (features/takedowns/operator/operator-commands.ts), here or in the running server. */
async function executeOperator(request: NamedRequest, config: Config): Promise<unknown> {
  const { openOperatorCommands } =
    await import('#server/features/takedowns/operator/operator-services.ts');
  return executeNamed(openOperatorCommands, request, config);
}
