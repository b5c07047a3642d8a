// `shark payouts list|paid|reject`: affiliates' payout requests (features/affiliates), on the database or,
// while a server holds the embedded database, through its admin socket.
import type { Config } from '#server/config/env.ts';
import {
  PAYOUT_STATUSES,
  type OperatorPayout,
  type PayoutStatus,
} from '@shark/contracts/affiliates.ts';
import { parseArgs, parseFlagsOnly, UsageError } from './args.ts';
import { executeNamed, toJson, unknownSubcommand, type NamedRequest } from './command-kit.ts';

export const PAYOUTS_HELP = `Usage:
  shark payouts list [--status requested|paid|rejected] [--json]
      Affiliates' payout requests, newest first: amount, affiliate, destination and state.
  shark payouts paid <id> --reference "<text>"
      Marks a requested payout paid once the money is sent; the reference (the transfer's id) is
      shown to the affiliate.
  shark payouts reject <id> --reason "<text>"
      Rejects a requested payout; its commissions are available again and the reason is shown to
      the affiliate.`;

export type PayoutsCommand =
  | { kind: 'list'; status: PayoutStatus | null; isJson: boolean }
  | { kind: 'paid'; id: string; reference: string }
  | { kind: 'reject'; id: string; reason: string };

function requireId(positionals: string[], sub: string): string {
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const id = positionals[0]?.trim() ?? '';
  if (id === '') throw new UsageError(`shark payouts ${sub} needs a payout id.`);
  return id;
}

function requireText(flags: Map<string, string | boolean>, name: string, hint: string): string {
  const value = flags.get(name);
  if (typeof value !== 'string' || value.trim() === '')
    throw new UsageError(`--${name} is required: ${hint}.`);
  return value.trim();
}

/** Checks the arguments completely before anything touches the database. */
export function parsePayoutsCommand(argv: string[]): PayoutsCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'list': {
      const flags = parseFlagsOnly(rest, { status: { kind: 'value' }, json: { kind: 'boolean' } });
      const status = flags.get('status');
      if (typeof status === 'string' && !(PAYOUT_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(
          `--status must be one of ${PAYOUT_STATUSES.join(', ')}; got "${status}".`,
        );
      }
      return {
        kind: 'list',
        status: typeof status === 'string' ? (status as PayoutStatus) : null,
        isJson: flags.get('json') === true,
      };
    }
    case 'paid': {
      const { positionals, flags } = parseArgs(rest, { reference: { kind: 'value' } });
      return {
        kind: 'paid',
        id: requireId(positionals, 'paid'),
        reference: requireText(flags, 'reference', 'the transfer’s reference'),
      };
    }
    case 'reject': {
      const { positionals, flags } = parseArgs(rest, { reason: { kind: 'value' } });
      return {
        kind: 'reject',
        id: requireId(positionals, 'reject'),
        reason: requireText(flags, 'reason', 'why the payout is rejected'),
      };
    }
    case undefined:
    default:
      throw unknownSubcommand('payouts', sub, PAYOUTS_HELP);
  }
}

function request(command: PayoutsCommand): NamedRequest {
  switch (command.kind) {
    case 'list':
      return { name: 'payouts/list', body: { status: command.status } };
    case 'paid':
      return { name: 'payouts/paid', body: { id: command.id, reference: command.reference } };
    case 'reject':
      return { name: 'payouts/reject', body: { id: command.id, reason: command.reason } };
  }
}

const money = (p: OperatorPayout) => `${(p.amount / 100).toFixed(2)} ${p.currency.toUpperCase()}`;

/** `shark payouts list` without --json: one line per payout, for people. */
export function formatPayoutList(payouts: OperatorPayout[]): string {
  if (payouts.length === 0) return 'No payouts.';
  return payouts
    .map((p) => {
      const note = p.operatorNote ? `  (${p.operatorNote})` : '';
      return `${p.id}  ${p.status}  ${money(p)}  ${p.affiliateEmail}  to: ${p.destination}  requested ${p.requestedAt}${note}`;
    })
    .join('\n');
}

/** Runs the command on the server's database, or through a running server's admin socket. */
export async function executePayoutsCommand(
  command: PayoutsCommand,
  config: Config,
): Promise<string> {
  const { openAffiliateCommands } =
    await import('#server/features/affiliates/affiliate-commands.ts');
  const result = await executeNamed(openAffiliateCommands, request(command), config);
  if (command.kind === 'list' && !command.isJson)
    return formatPayoutList(result as OperatorPayout[]);
  return toJson(result);
}
