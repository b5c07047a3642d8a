// `shark staff grant|revoke|list`: who works in the staff console and with which role
// (features/staff), on the database or through a running server's admin socket.
import type { Config } from '#server/config/env.ts';
import {
  grantStaffSchema,
  revokeStaffSchema,
  STAFF_ROLES,
  type GrantStaff,
  type RevokeStaff,
  type StaffMember,
} from '@shark/contracts/staff.ts';
import { flagText, parseArgs, UsageError } from './args.ts';
import { parseContract, runNamed, unknownSubcommand, type NamedRequest } from './command-kit.ts';

export const STAFF_HELP = `Usage:
  shark staff grant <email> --role agent|admin
      Gives the account of <email> a staff role, or changes it. Agents work the queues, support and
      the creators' pages; admins also manage staff. The console opens once the person has turned
      on two-factor authentication (asked for on her first visit). Prints the staff member.
  shark staff revoke <email>
      Takes the staff role away. The last admin can be neither demoted nor removed.
  shark staff list [--json]
      Every staff member with role, two-factor state and since when.
  Each change is written to the audit log with "cli" as the actor.`;

export type StaffCommand =
  | { kind: 'grant'; input: GrantStaff }
  | { kind: 'revoke'; input: RevokeStaff }
  | { kind: 'list'; isJson: boolean };

function onlyEmail(positionals: string[], sub: string): string {
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".`);
  const email = positionals[0]?.trim() ?? '';
  if (email === '')
    throw new UsageError(`shark staff ${sub} needs the e-mail address of an account.`);
  return email;
}

/** Checks the arguments completely before anything touches the database. */
export function parseStaffCommand(argv: string[]): StaffCommand {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'grant': {
      const { positionals, flags } = parseArgs(rest, { role: { kind: 'value' } });
      const email = onlyEmail(positionals, sub);
      const role = flagText(flags.get('role'))?.trim();
      if (role === undefined || role === '')
        throw new UsageError(`--role is required: ${STAFF_ROLES.join(' or ')}.`);
      return {
        kind: 'grant',
        input: parseContract(grantStaffSchema, { email, role }, { email: 'email', role: 'role' }),
      };
    }
    case 'revoke': {
      const email = onlyEmail(parseArgs(rest, {}).positionals, sub);
      return { kind: 'revoke', input: parseContract(revokeStaffSchema, { email }, {}) };
    }
    case 'list': {
      const { positionals, flags } = parseArgs(rest, { json: { kind: 'boolean' } });
      if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
      return { kind: 'list', isJson: flags.get('json') === true };
    }
    case undefined:
    default:
      throw unknownSubcommand('staff', sub, STAFF_HELP);
  }
}

function request(command: StaffCommand): NamedRequest {
  switch (command.kind) {
    case 'grant':
    case 'revoke':
      return { name: `staff/${command.kind}`, body: command.input };
    case 'list':
      return { name: 'staff/list', body: {} };
  }
}

/** `shark staff list` without --json: one line per staff member, for people. */
export function formatStaffList(members: StaffMember[]): string {
  if (members.length === 0)
    return 'No staff yet. Give a role with shark staff grant <email> --role admin.';
  return members
    .map((m) => {
      const twoFactor = m.twoFactorEnabled ? '2FA on' : '2FA off';
      return `${m.email}  ${m.role}  ${twoFactor}  since ${m.createdAt.slice(0, 10)}  ${m.name}`;
    })
    .join('\n');
}

/** Runs the command on the server's database, or through a running server's admin socket. */
export async function executeStaffCommand(command: StaffCommand, config: Config): Promise<string> {
  const { openStaffCommands } = await import('#server/features/staff/staff-commands.ts');
  const asText =
    command.kind === 'list' && !command.isJson
      ? (result: unknown) => formatStaffList(result as StaffMember[])
      : undefined;
  return runNamed(openStaffCommands, request(command), config, asText);
}
