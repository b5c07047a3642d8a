// `shark registry pending|show|publish|reject|add`: the operator's review of the Scam Registry
// (features/risk-registry), on the database or through a running server's admin socket.
import type { z } from 'zod';
import type { Config } from '#server/config/env.ts';
import {
  RISK_KIND_LABELS,
  RISK_REGISTRY_KINDS,
  addRiskEntrySchema,
  reviewRiskEntrySchema,
  type OperatorRiskEntry,
} from '@shark/contracts/risk-registry.ts';
import {
  flagText,
  optionalText,
  parseArgs,
  parseCreateFlags,
  parseJsonFlag,
  UsageError,
} from './args.ts';
import { parseContract, requirePositionalId, runNamed, unknownSubcommand } from './command-kit.ts';

export const REGISTRY_HELP = `Usage:
  shark registry pending [--json]
      Reports waiting for review, oldest first, with who reported them.
  shark registry show <id>
      One entry with its evidence links, status, reporter and review.
  shark registry publish <id> [--note "..."] [--by NAME]
      Publishes the entry on /risk-registry. The note is shown to the reporter.
  shark registry reject <id> --reason "..." [--by NAME]
      Rejects a pending report (or withdraws a published entry); the reporter sees the reason.
  shark registry add --kind ${RISK_REGISTRY_KINDS.join('|')}
                     --name "..." --description "..." [--identifiers "a,b"] [--evidence "https://…,https://…"]
                     [--first-seen YYYY-MM-DD] [--note "..."] [--by NAME]
      Adds an entry of the operators' own, published at once. Identifiers (websites, handles,
      e-mail addresses) and evidence links are separated by commas; links are http(s) only.`;

export type RegistryCommand =
  | { kind: 'pending'; isJson: boolean }
  | { kind: 'show'; id: string }
  | { kind: 'publish' | 'reject'; review: z.output<typeof reviewRiskEntrySchema> }
  | { kind: 'add'; entry: z.output<typeof addRiskEntrySchema> };

const list = (value: string | boolean | undefined) =>
  (flagText(value) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

function parseReview(kind: 'publish' | 'reject', argv: string[]): RegistryCommand {
  const noteFlag = kind === 'publish' ? 'note' : 'reason';
  const { positionals, flags } = parseArgs(argv, {
    [noteFlag]: { kind: 'value' },
    by: { kind: 'value' },
  });
  const id = requirePositionalId(positionals, `shark registry ${kind}`, 'an entry');
  const note = optionalText(flags, noteFlag);
  if (kind === 'reject' && note === null)
    throw new UsageError('--reason is required: the reporter sees why her report was rejected.');
  const review = parseContract(
    reviewRiskEntrySchema,
    { id, note, reviewedBy: optionalText(flags, 'by') },
    { note: noteFlag, reviewedBy: 'by' },
  );
  return { kind, review };
}

function parseAdd(argv: string[]): RegistryCommand {
  const flags = parseCreateFlags(
    argv,
    {
      kind: { kind: 'value' },
      name: { kind: 'value' },
      description: { kind: 'value' },
      identifiers: { kind: 'value' },
      evidence: { kind: 'value' },
      'first-seen': { kind: 'value' },
      note: { kind: 'value' },
      by: { kind: 'value' },
    },
    {
      hint: 'quote the name and the description',
      kinds: RISK_REGISTRY_KINDS.join(', '),
      required: ['name', 'description'],
    },
  );
  const entry = parseContract(
    addRiskEntrySchema,
    {
      kind: flags.get('kind'),
      name: flags.get('name'),
      description: flags.get('description'),
      identifiers: list(flags.get('identifiers')),
      evidenceUrls: list(flags.get('evidence')),
      firstSeenOn: flagText(flags.get('first-seen')) ?? null,
      reviewNote: optionalText(flags, 'note'),
      reviewedBy: optionalText(flags, 'by'),
    },
    {
      kind: 'kind',
      name: 'name',
      description: 'description',
      identifiers: 'identifiers',
      evidenceUrls: 'evidence',
      firstSeenOn: 'first-seen',
      reviewNote: 'note',
      reviewedBy: 'by',
    },
  );
  return { kind: 'add', entry };
}

/** Checks the arguments completely before anything touches the database. */
export function parseRegistryCommand(argv: string[]): RegistryCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'pending':
      return { kind: 'pending', isJson: parseJsonFlag(rest) };
    case 'show':
      return {
        kind: 'show',
        id: requirePositionalId(parseArgs(rest, {}).positionals, 'shark registry show', 'an entry'),
      };
    case 'publish':
    case 'reject':
      return parseReview(sub, rest);
    case 'add':
      return parseAdd(rest);
    case undefined:
    default:
      throw unknownSubcommand('registry', sub, REGISTRY_HELP);
  }
}

function request(command: RegistryCommand) {
  switch (command.kind) {
    case 'pending':
      return { name: 'registry/pending', body: {} };
    case 'show':
      return { name: 'registry/show', body: { id: command.id } };
    case 'publish':
    case 'reject':
      return { name: `registry/${command.kind}`, body: command.review };
    case 'add':
      return { name: 'registry/add', body: command.entry };
  }
}

/** `shark registry pending` without --json: one line per report, for people. */
export function formatPending(entries: OperatorRiskEntry[]): string {
  if (entries.length === 0) return 'No reports are waiting for review.';
  return entries
    .map(
      (e) =>
        `${e.id}  ${e.createdAt.slice(0, 10)}  ${RISK_KIND_LABELS[e.kind]}  ${e.name}  by ${e.reportedBy ?? 'a deleted account'}`,
    )
    .join('\n');
}

export async function executeRegistryCommand(
  command: RegistryCommand,
  config: Config,
): Promise<string> {
  const { openRegistryCommands } =
    await import('#server/features/risk-registry/risk-registry-commands.ts');
  return runNamed(
    openRegistryCommands,
    request(command),
    config,
    command.kind === 'pending' && !command.isJson
      ? (result) => formatPending(result as OperatorRiskEntry[])
      : undefined,
  );
}
