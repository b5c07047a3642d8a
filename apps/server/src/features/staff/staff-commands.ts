// The operator's staff commands by name and JSON body: `shark staff …` runs them on the database, or
// hands them to the running embedded server through the admin socket, with the same answers. The
// audit log names the command line as the actor.
import { grantStaffSchema, revokeStaffSchema } from '@shark/contracts/staff.ts';
import type { Config } from '#server/config/env.ts';
import {
  openOperatorCommandsOn,
  parseCommandBody,
  type OpenedOperatorCommands,
  type OperatorCommand,
} from '#server/features/admin/operator-command-kit.ts';
import { CLI_ACTOR, createStaffAudit } from './staff-audit.ts';
import { createStaffRepository } from './staff-repository.ts';
import { createStaffService, type StaffService } from './staff-service.ts';

export function staffCommands(staff: StaffService): Record<string, OperatorCommand> {
  return {
    'staff/grant': (body) => staff.grant(CLI_ACTOR, parseCommandBody(grantStaffSchema, body)),
    'staff/revoke': (body) => staff.revoke(CLI_ACTOR, parseCommandBody(revokeStaffSchema, body)),
    'staff/list': async () => (await staff.members()).members,
  };
}

/** For the CLI on a database it may open itself: the staff commands, without HTTP, jobs or mail. */
export function openStaffCommands(config: Config): Promise<OpenedOperatorCommands> {
  return openOperatorCommandsOn(config, (db) => {
    const repo = createStaffRepository(db);
    return staffCommands(createStaffService({ repo, audit: createStaffAudit({ repo }) }));
  });
}
