// `shark staff grant|revoke|list` on the server's database (or, while a server holds the embedded
// database, through its admin socket): roles given and taken by the operator, each change in the audit
// log with the command line as the actor.
import type { StaffMember } from '@shark/contracts/staff.ts';
import { describe, expect, it } from 'vitest';
import { callAdminSocket } from '#server/features/admin/admin-socket.ts';
import { createStaffAudit } from '#server/features/staff/staff-audit.ts';
import { staffCommands } from '#server/features/staff/staff-commands.ts';
import { createStaffRepository } from '#server/features/staff/staff-repository.ts';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { itListsHelp, itRefuses, jsonOfSuccess } from './testing/cli-test-cases.ts';
import { useCliTestEnv, withServerHoldingDatabase } from './testing/cli-test-env.ts';
import { sharkProcess } from './testing/run-shark.ts';

const cli = useCliTestEnv('staff', { LOG_LEVEL: 'silent' });
const { shark } = cli;

const newAccount = () => cli.withDatabase((db) => insertCreator(db, 'Sam Staff'));
const emailOf = (id: string) => `${id}@example.com`;

describe('shark staff', () => {
  let adminId = '';
  let agentId = '';

  it('gives an account a role', async () => {
    adminId = await newAccount();
    const granted = jsonOfSuccess<StaffMember>(
      await shark('staff', 'grant', emailOf(adminId).toUpperCase(), '--role', 'admin'),
    );
    expect(granted).toMatchObject({
      userId: adminId,
      email: emailOf(adminId),
      role: 'admin',
      twoFactorEnabled: false,
      grantedBy: 'cli',
    });
  });

  it('changes a role and lists the staff for people and as JSON', async () => {
    agentId = await newAccount();
    jsonOfSuccess(await shark('staff', 'grant', emailOf(agentId), '--role', 'admin'));
    const changed = jsonOfSuccess<StaffMember>(
      await shark('staff', 'grant', emailOf(agentId), '--role=agent'),
    );
    expect(changed.role).toBe('agent');

    const text = await shark('staff', 'list');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(`${emailOf(agentId)}  agent  2FA off  since \\d{4}-\\d{2}-\\d{2}  Sam Staff`),
    );
    const json = jsonOfSuccess<StaffMember[]>(await shark('staff', 'list', '--json'));
    expect(json.map((m) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [emailOf(adminId), 'admin'],
        [emailOf(agentId), 'agent'],
      ]),
    );
  });

  it('takes the role away; each change is in the audit log with the command line as actor', async () => {
    expect(jsonOfSuccess(await shark('staff', 'revoke', emailOf(agentId)))).toEqual({
      revoked: true,
    });
    expect(jsonOfSuccess(await shark('staff', 'revoke', emailOf(agentId)))).toEqual({
      revoked: false,
    });
    const listed = jsonOfSuccess<StaffMember[]>(await shark('staff', 'list', '--json'));
    expect(listed.map((m) => m.userId)).not.toContain(agentId);

    const log = await cli.withDatabase((db) =>
      createStaffAudit({ repo: createStaffRepository(db) }).list({ targetId: agentId }),
    );
    expect(log.events.map((e) => [e.action, e.actorId, e.actorEmail, e.before, e.after])).toEqual([
      ['staff.revoke', 'cli', 'cli', { role: 'agent', email: emailOf(agentId) }, null],
      ['staff.grant', 'cli', 'cli', { role: 'admin' }, { role: 'agent', email: emailOf(agentId) }],
      ['staff.grant', 'cli', 'cli', null, { role: 'admin', email: emailOf(agentId) }],
    ]);
  });

  it('keeps the last admin', async () => {
    const members = jsonOfSuccess<StaffMember[]>(await shark('staff', 'list', '--json'));
    const admins = members.filter((m) => m.role === 'admin');
    expect(admins).toHaveLength(1);
    const refused = await shark('staff', 'revoke', admins[0]!.email);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/last admin/);
  });

  itRefuses(shark, [
    [['staff'], /Usage:/],
    [['staff', 'promote', 'a@b.co'], /Unknown command "staff promote"/],
    [['staff', 'grant', '--role', 'agent'], /needs the e-mail address/],
    [['staff', 'grant', 'a@b.co'], /--role is required: agent or admin/],
    [['staff', 'grant', 'a@b.co', '--role', 'owner'], /--role: Choose agent or admin/],
    [['staff', 'grant', 'not-an-address', '--role', 'agent'], /--email: Enter a valid e-mail/],
    [
      ['staff', 'grant', 'nobody@example.com', '--role', 'agent'],
      /No account uses nobody@example\.com/,
    ],
    [['staff', 'grant', 'a@b.co', 'c@d.co', '--role', 'agent'], /Unexpected argument "c@d.co"/],
    [['staff', 'revoke'], /needs the e-mail address/],
    [['staff', 'revoke', 'nobody@example.com'], /No account uses/],
    [['staff', 'list', 'extra'], /Unexpected argument "extra"/],
    [['staff', 'list', '--csv'], /Unknown flag --csv/],
  ]);

  itListsHelp(
    shark,
    'staff',
    'shark staff grant <email> --role agent|admin',
    'shark staff grant|revoke|list',
  );
});

describe('shark staff while a server holds the embedded database (always PGlite)', () => {
  it('hands the commands to the running server through its admin socket', async () => {
    await withServerHoldingDatabase(
      'staff',
      { commands: (services) => staffCommands(services.staff) },
      async ({ services, live, dataDir }) => {
        const userId = await insertCreator(services.database.db, 'Live Admin');
        // A separate process, as operators run it: the database is the server's, so the socket answers.
        const granted = jsonOfSuccess<StaffMember>(
          await sharkProcess(live, 'staff', 'grant', emailOf(userId), '--role', 'admin'),
        );
        expect(granted).toMatchObject({ userId, role: 'admin' });
        expect(await services.staff.access(userId)).toMatchObject({ role: 'admin' });
        const log = await services.staffAudit.list({ targetId: userId });
        expect(log.events).toMatchObject([{ action: 'staff.grant', actorId: 'cli' }]);
        // The server's refusal reaches the CLI's socket client as the command's error.
        await expect(
          callAdminSocket(dataDir, 'staff/revoke', { email: emailOf(userId) }),
        ).rejects.toThrow(/last admin/);
      },
    );
    // A server and a CLI process on PGlite: slow on a loaded machine.
  }, 120_000);
});
