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
import { parseArgs, UsageError } from './args.ts';
import {
  executeNamed,
  requirePositionalId,
  toJson,
  unknownSubcommand,
  usageFromZod,
  type NamedRequest,
} from './command-kit.ts';

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

const text = (value: string | boolean | undefined) =>
  typeof value === 'string' ? value : undefined;
const list = (value: string | boolean | undefined) =>
  (text(value) ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const by = (flags: Map<string, string | boolean>) => {
  const name = text(flags.get('by'))?.trim();
  return name === undefined || name === '' ? null : name;
};

function parseReview(kind: 'publish' | 'reject', argv: string[]): RegistryCommand {
  const noteFlag = kind === 'publish' ? 'note' : 'reason';
  const { positionals, flags } = parseArgs(argv, {
    [noteFlag]: { kind: 'value' },
    by: { kind: 'value' },
  });
  const id = requirePositionalId(positionals, `shark registry ${kind}`, 'an entry');
  const note = text(flags.get(noteFlag))?.trim() ?? '';
  if (kind === 'reject' && note === '')
    throw new UsageError('--reason is required: the reporter sees why her report was rejected.');
  const parsed = reviewRiskEntrySchema.safeParse({
    id,
    note: note === '' ? null : note,
    reviewedBy: by(flags),
  });
  if (!parsed.success) throw usageFromZod(parsed.error, { note: noteFlag, reviewedBy: 'by' });
  return { kind, review: parsed.data };
}

function parseAdd(argv: string[]): RegistryCommand {
  const { positionals, flags } = parseArgs(argv, {
    kind: { kind: 'value' },
    name: { kind: 'value' },
    description: { kind: 'value' },
    identifiers: { kind: 'value' },
    evidence: { kind: 'value' },
    'first-seen': { kind: 'value' },
    note: { kind: 'value' },
    by: { kind: 'value' },
  });
  if (positionals.length > 0)
    throw new UsageError(
      `Unexpected argument "${positionals[0]}": quote the name and the description.`,
    );
  const kind = text(flags.get('kind'));
  if (kind === undefined)
    throw new UsageError(`--kind is required: ${RISK_REGISTRY_KINDS.join(', ')}.`);
  if (text(flags.get('name')) === undefined) throw new UsageError('--name is required.');
  if (text(flags.get('description')) === undefined)
    throw new UsageError('--description is required.');
  const note = text(flags.get('note'))?.trim();
  const parsed = addRiskEntrySchema.safeParse({
    kind,
    name: flags.get('name'),
    description: flags.get('description'),
    identifiers: list(flags.get('identifiers')),
    evidenceUrls: list(flags.get('evidence')),
    firstSeenOn: text(flags.get('first-seen')) ?? null,
    reviewNote: note === undefined || note === '' ? null : note,
    reviewedBy: by(flags),
  });
  if (!parsed.success) {
    throw usageFromZod(parsed.error, {
      kind: 'kind',
      name: 'name',
      description: 'description',
      identifiers: 'identifiers',
      evidenceUrls: 'evidence',
      firstSeenOn: 'first-seen',
      reviewNote: 'note',
      reviewedBy: 'by',
    });
  }
  return { kind: 'add', entry: parsed.data };
}

/** Checks the arguments completely before anything touches the database. */
export function parseRegistryCommand(argv: string[]): RegistryCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'pending': {
      const { positionals, flags } = parseArgs(rest, { json: { kind: 'boolean' } });
      if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
      return { kind: 'pending', isJson: flags.get('json') === true };
    }
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

function request(command: RegistryCommand): NamedRequest {
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
  const result = await executeNamed(openRegistryCommands, request(command), config);
  if (command.kind === 'pending' && !command.isJson)
    return formatPending(result as OperatorRiskEntry[]);
  return toJson(result);
}
