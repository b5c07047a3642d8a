// `shark delisting list|csv|submitted`: the daily files of delisting requests for Google and Bing,
// which an operator uploads to each engine's bulk tool, then marks submitted.
import type { DelistingBatchSummary } from '#server/features/takedowns/notices/delisting-service.ts';
import { parseArgs, parseJsonFlag, UsageError } from './args.ts';
import { unknownSubcommand } from './command-kit.ts';

export const DELISTING_HELP = `Usage:
  shark delisting list [--json]
      The daily batches per engine, newest first, with their URL counts and whether they were submitted.
  shark delisting csv <batchId>
      Prints the batch's CSV, as the engine's bulk tool takes it.
  shark delisting submitted <batchId>
      Marks the batch and its URLs submitted (after uploading the file).`;

export type DelistingCommand =
  { kind: 'list'; json: boolean } | { kind: 'csv'; id: string } | { kind: 'submitted'; id: string };

function oneId(positionals: string[], sub: string): string {
  if (positionals.length === 0)
    throw new UsageError(`shark delisting ${sub} needs a batch id (see shark delisting list).`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  return positionals[0]!;
}

export function parseDelistingCommand(argv: string[]): DelistingCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list':
      return { kind: 'list', json: parseJsonFlag(rest) };
    case 'csv':
      return { kind: 'csv', id: oneId(parseArgs(rest, {}).positionals, 'csv') };
    case 'submitted':
      return { kind: 'submitted', id: oneId(parseArgs(rest, {}).positionals, 'submitted') };
    case undefined:
    default:
      throw unknownSubcommand('delisting', sub, DELISTING_HELP);
  }
}

export function delistingRequest(command: DelistingCommand): { name: string; body: unknown } {
  return {
    name: `delisting/${command.kind}`,
    body: command.kind === 'list' ? {} : { id: command.id },
  };
}

export function formatDelisting(command: DelistingCommand, result: unknown): string {
  if (command.kind === 'csv') return (result as { csv: string }).csv.replace(/\r?\n$/, '');
  if (command.kind === 'list' && command.json) return JSON.stringify(result, null, 2);
  if (command.kind === 'submitted') {
    const batch = result as DelistingBatchSummary;
    return `Delisting batch ${batch.id} (${batch.engine}, ${batch.day}, ${batch.urls} URLs) marked submitted at ${batch.submittedAt}.`;
  }
  const batches = result as DelistingBatchSummary[];
  if (batches.length === 0) return 'No delisting batch yet.';
  return batches
    .map(
      (b) =>
        `${b.id}  ${b.engine.padEnd(6)}  ${b.day}  ${String(b.urls).padStart(5)} URLs  ${b.submittedAt ? `submitted ${b.submittedAt}` : 'not submitted'}${b.fileKey ? `  ${b.fileKey}` : ''}`,
    )
    .join('\n');
}
