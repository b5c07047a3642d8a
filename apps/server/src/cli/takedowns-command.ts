// `shark takedowns show|respond`: the operator's view of one takedown, and the answers recipients give by
// mail or form (a refusal, a confirmed removal), recorded as lifecycle transitions.
import type { Config } from '#server/config/env.ts';
import type { DatabaseHandle } from '@shark/db/client.ts';
import type {
  RecipientResponse,
  TakedownResponses,
} from '#server/features/takedowns/lifecycle/takedown-responses.ts';
import type { TakedownRepositories } from '#server/features/takedowns/takedown-repositories.ts';
import { parseArgs, UsageError } from './args.ts';
import { onDatabaseOrServer, unknownSubcommand } from './command-kit.ts';

export const TAKEDOWNS_HELP = `Usage:
  shark takedowns show <id>
      Prints the takedown: status, times, checks, events, recipients and notices.
  shark takedowns respond <id> --rejected "<reason>"
      Records that the recipient asked rejected the notice (only while it waits
      for an answer); the escalation then asks the next recipient.
  shark takedowns respond <id> --removed [--note TEXT]
      Records that the recipient removed the page.
  shark takedowns check <id>
      Checks the URL now, as the scheduled check does (removed when it answers
      404/410 or no longer carries the file), and prints what it saw.`;

export type TakedownsCommand =
  | { kind: 'show'; id: string }
  | { kind: 'check'; id: string }
  | { kind: 'respond'; id: string; response: RecipientResponse };

function requireId(positionals: string[], sub: string): string {
  if (positionals.length === 0) throw new UsageError(`shark takedowns ${sub} needs a takedown id.`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const id = positionals[0]!.trim();
  if (id === '') throw new UsageError(`shark takedowns ${sub} needs a takedown id.`);
  return id;
}

function parseRespond(argv: string[]): TakedownsCommand {
  const { positionals, flags } = parseArgs(argv, {
    rejected: { kind: 'value' },
    removed: { kind: 'boolean' },
    note: { kind: 'value' },
  });
  const id = requireId(positionals, 'respond');
  const rejected = flags.get('rejected');
  const removed = flags.get('removed');
  const note = flags.get('note');
  if (removed === false) throw new UsageError('--removed takes no value: give it alone.');
  if (typeof rejected === 'string' && removed === true)
    throw new UsageError('Give --rejected or --removed, not both.');
  if (typeof rejected === 'string') {
    if (rejected.trim() === '')
      throw new UsageError('--rejected needs the reason the recipient gave.');
    if (note !== undefined)
      throw new UsageError(
        '--note goes with --removed; the reason of a rejection is --rejected "<reason>".',
      );
    return { kind: 'respond', id, response: { kind: 'rejected', reason: rejected.trim() } };
  }
  if (removed === true)
    return {
      kind: 'respond',
      id,
      response: { kind: 'removed', note: typeof note === 'string' ? note : null },
    };
  throw new UsageError('Say what the recipient answered: --rejected "<reason>" or --removed.');
}

/** Checks the arguments completely before anything touches the database. */
export function parseTakedownsCommand(argv: string[]): TakedownsCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'show':
    case 'check':
      return { kind: sub, id: requireId(parseArgs(rest, {}).positionals, sub) };
    case 'respond':
      return parseRespond(rest);
    case undefined:
    default:
      throw unknownSubcommand('takedowns', sub, TAKEDOWNS_HELP);
  }
}

/** Opens the server's database and runs the command there; while a server holds the embedded database,
 * hands the command to it through its admin socket instead. */
export function executeTakedownsCommand(
  command: TakedownsCommand,
  config: Config,
): Promise<unknown> {
  const body =
    command.kind === 'respond'
      ? { id: command.id, response: command.response }
      : { id: command.id };
  return onDatabaseOrServer(
    config,
    async () => (await import('@shark/db/client.ts')).openDatabase(config.database),
    async (database) => {
      await database.migrate();
      const [{ createTakedownResponses }, { createTakedownRepositories }] = await Promise.all([
        import('#server/features/takedowns/lifecycle/takedown-responses.ts'),
        import('#server/features/takedowns/takedown-repositories.ts'),
      ]);
      const repositories = createTakedownRepositories(database.db);
      const responses = createTakedownResponses({
        repo: repositories.lifecycle,
        transitions: repositories.transitions,
      });
      switch (command.kind) {
        case 'show':
          return responses.describe(command.id);
        case 'respond':
          return responses.respond(command.id, command.response);
        case 'check':
          return checkHere(command.id, database, config, repositories, responses);
      }
    },
    { name: `takedowns/${command.kind}`, body },
  );
}

/** A check in this process: the scans' crawler and matcher built as the platform and the matching module build them. */
async function checkHere(
  id: string,
  database: DatabaseHandle,
  config: Config,
  repositories: Pick<TakedownRepositories, 'lifecycle' | 'transitions'>,
  responses: TakedownResponses,
): Promise<unknown> {
  const [
    { createSafeFetcher },
    { createCrawler },
    { FingerprintPool },
    { loadSiteCatalog, findSite },
    matching,
    references,
    scans,
    lifecycle,
    { createLogger },
  ] = await Promise.all([
    import('@shark/engine/fetch/safe-fetch.ts'),
    import('@shark/engine/fetch/crawler.ts'),
    import('@shark/engine/matching/fingerprint-pool.ts'),
    import('@shark/engine/discovery/site-catalog/catalog.ts'),
    import('#server/features/matching/reference-index.ts'),
    import('#server/features/matching/reference-repository.ts'),
    import('#server/features/scans/scan-matcher.ts'),
    import('#server/features/takedowns/lifecycle/takedown-verification.ts'),
    import('#server/http/logger.ts'),
  ]);
  const existing = await responses.describe(id); // an unknown id is refused before anything starts
  const fetcher = createSafeFetcher({ ...config.fetch, userAgent: config.userAgent });
  const crawler = createCrawler({
    fetcher,
    robots: { enabled: config.scans.respectRobots, userAgent: 'SharkBot' },
    perHost: config.scans.perHost,
    maxMediaPerPage: config.scans.maxMediaPerPage,
  });
  const fingerprints = new FingerprintPool({ threads: 1 });
  try {
    const catalog = loadSiteCatalog(config.scanSources.siteCatalogFile);
    const verification = lifecycle.createTakedownVerification({
      repo: repositories.lifecycle,
      transitions: repositories.transitions,
      crawler,
      matcher: scans.createScanMatcher({
        index: matching.createReferenceIndex(references.createReferenceRepository(database.db)),
        fingerprints,
      }),
      respectRobots: config.scans.respectRobots,
      siteById: (siteId) => findSite(catalog, siteId),
      schedule: {
        firstCheckHours: config.enforcement.firstCheckHours,
        maxCheckHours: config.takedownLifecycle.checkMaxHours,
      },
      logger: createLogger('silent'),
    });
    const check = await verification.checkNow(existing.id);
    return { check, takedown: await responses.describe(existing.id) };
  } finally {
    await crawler.close();
    await fingerprints.close();
    await fetcher.close();
  }
}
