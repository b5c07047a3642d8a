// `shark users grant|show`: the operator's view of an account's status, plan and grants.
import {
  PLANS,
  SPECIAL_FEATURES,
  FRONTEND_STATUSES,
  type Plan,
  type SpecialFeature,
  type FrontendStatus,
} from '@shark/contracts/user.ts';
import type { AccountService, GrantChanges } from '#server/features/user/account-service.ts';
import { parseArgs, UsageError } from './args.ts';
import { unknownSubcommand } from './command-kit.ts';

export const USERS_HELP = `Usage:
  shark users show <email>
      Prints the user as GET /api/user returns it.
  shark users grant <email> [--status free|subscribed|former] [--plan standard|plus|premium]
                            [--features a,b] [--affiliate-only[=false]]
                            [--cancelled-but-active[=false]] [--suggest-upgrade TEXT]
      Changes only the flags given. --features '' clears the granted features;
      --suggest-upgrade '' clears the suggestion.
      Features: ${SPECIAL_FEATURES.join(', ')}.`;

const oneOf = <T extends string>(flag: string, value: string, allowed: readonly T[]): T => {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}; got "${value}".`);
};

function requireEmail(positionals: string[], sub: string): string {
  if (positionals.length === 0) throw new UsageError(`shark users ${sub} needs an e-mail address.`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  return positionals[0]!;
}

export function parseGrant(argv: string[]): { email: string; changes: GrantChanges } {
  const { positionals, flags } = parseArgs(argv, {
    status: { kind: 'value' },
    plan: { kind: 'value' },
    features: { kind: 'value' },
    'affiliate-only': { kind: 'boolean' },
    'cancelled-but-active': { kind: 'boolean' },
    'suggest-upgrade': { kind: 'value' },
  });
  const email = requireEmail(positionals, 'grant');
  const changes: GrantChanges = {};
  const status = flags.get('status');
  if (typeof status === 'string')
    changes.status = oneOf<FrontendStatus>('status', status, FRONTEND_STATUSES);
  const plan = flags.get('plan');
  if (typeof plan === 'string') changes.plan = oneOf<Plan>('plan', plan, PLANS);
  const features = flags.get('features');
  if (typeof features === 'string') {
    changes.features = features
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)
      .map((f) => oneOf<SpecialFeature>('features', f, SPECIAL_FEATURES));
  }
  const affiliateOnly = flags.get('affiliate-only');
  if (typeof affiliateOnly === 'boolean') changes.affiliateOnly = affiliateOnly;
  const cancelled = flags.get('cancelled-but-active');
  if (typeof cancelled === 'boolean') changes.cancelledButActive = cancelled;
  const suggestion = flags.get('suggest-upgrade');
  if (typeof suggestion === 'string') changes.suggestUpgrade = suggestion;
  if (Object.keys(changes).length === 0)
    throw new UsageError('Nothing to change: give at least one flag.');
  return { email, changes };
}

export type UsersCommand =
  { kind: 'show'; email: string } | { kind: 'grant'; email: string; changes: GrantChanges };

/** Checks the arguments completely before anything touches the database. */
export function parseUsersCommand(argv: string[]): UsersCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'show':
      return { kind: 'show', email: requireEmail(parseArgs(rest, {}).positionals, 'show') };
    case 'grant':
      return { kind: 'grant', ...parseGrant(rest) };
    case undefined:
    default:
      throw unknownSubcommand('users', sub, USERS_HELP);
  }
}

export function runUsersCommand(command: UsersCommand, accounts: AccountService): Promise<unknown> {
  return command.kind === 'show'
    ? accounts.showByEmail(command.email)
    : accounts.grant(command.email, command.changes);
}
