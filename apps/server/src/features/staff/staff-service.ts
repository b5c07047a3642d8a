// Staff accounts: who has which role, given and taken by admins (in the console) or the operator (CLI),
// each change recorded in the audit log.
import type {
  GrantStaff,
  RevokeStaff,
  StaffMe,
  StaffMember,
  StaffMemberList,
} from '@shark/contracts/staff.ts';
import { AppError } from '#server/http/app-error.ts';
import type { StaffActor, StaffAudit } from './staff-audit.ts';
import type { StaffMemberRow, StaffRepository } from './staff-repository.ts';

function toMember(row: StaffMemberRow): StaffMember {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    role: row.role,
    twoFactorEnabled: row.twoFactorEnabled,
    grantedBy: row.grantedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createStaffService(deps: {
  repo: StaffRepository;
  audit: StaffAudit;
  now?: () => Date;
}) {
  const { repo, audit } = deps;
  const now = deps.now ?? (() => new Date());

  async function accountOf(email: string) {
    const account = await repo.userByEmail(email);
    if (!account)
      throw new AppError('NOT_FOUND', `No account uses ${email}.`, {
        fields: { email: 'No account uses this address.' },
      });
    return account;
  }

  /** An admin must remain: the last one cannot be demoted or removed. */
  async function keepAnAdmin(userId: string): Promise<void> {
    const members = await repo.members();
    const admins = members.filter((m) => m.role === 'admin');
    if (admins.length === 1 && admins[0]?.userId === userId)
      throw new AppError('CONFLICT', 'This is the last admin: make another admin first.');
  }

  return {
    /** The staff member behind a session, or null for everyone else. */
    async access(userId: string): Promise<StaffMe | null> {
      const row = await repo.member(userId);
      if (!row) return null;
      return {
        userId: row.userId,
        email: row.email,
        name: row.name,
        role: row.role,
        twoFactorEnabled: row.twoFactorEnabled,
      };
    },

    async members(): Promise<StaffMemberList> {
      return { members: (await repo.members()).map(toMember) };
    },

    async grant(actor: StaffActor, input: GrantStaff): Promise<StaffMember> {
      const account = await accountOf(input.email);
      if (input.role !== 'admin') await keepAnAdmin(account.id);
      const previous = await repo.upsert(account.id, input.role, actor.userId, now());
      const member = await repo.member(account.id);
      if (!member) throw new AppError('NOT_FOUND', `No account uses ${input.email}.`);
      if (previous !== input.role)
        await audit.record(actor, {
          action: 'staff.grant',
          targetType: 'staff_member',
          targetId: account.id,
          before: previous ? { role: previous } : null,
          after: { role: input.role, email: account.email },
        });
      return toMember(member);
    },

    async revoke(actor: StaffActor, input: RevokeStaff): Promise<{ revoked: boolean }> {
      const account = await accountOf(input.email);
      await keepAnAdmin(account.id);
      const previous = await repo.remove(account.id);
      if (previous)
        await audit.record(actor, {
          action: 'staff.revoke',
          targetType: 'staff_member',
          targetId: account.id,
          before: { role: previous, email: account.email },
          after: null,
        });
      return { revoked: previous !== undefined };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
