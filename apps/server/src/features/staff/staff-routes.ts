// /api/staff/me, /api/staff/members and /api/staff/audit: the console's view of its user, the admins'
// management of staff roles, and the audit log. Every route passes the staff gate first.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  auditListSchema,
  auditQuerySchema,
  grantStaffSchema,
  revokeStaffResultSchema,
  revokeStaffSchema,
  staffMeSchema,
  staffMemberListSchema,
  staffMemberSchema,
} from '@shark/contracts/staff.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { StaffAudit } from './staff-audit.ts';
import { staffActor, staffGuard, type StaffEnv } from './staff-guard.ts';
import type { StaffService } from './staff-service.ts';

const tags = ['Staff'];
const gated = {
  403: error('Two-factor authentication is not on yet, or the route is for admins'),
  404: error('Not a staff member (or not signed in)'),
};
const withInput = { ...gated, 400: error('Invalid input; `fields` names each bad field') };

export function staffRoutes(deps: { auth: Auth; staff: StaffService; audit: StaffAudit }) {
  const anyStaff = staffGuard(deps);
  const admin = staffGuard(deps, { role: 'admin' });
  const me = createRoute({
    method: 'get',
    path: '/staff/me',
    tags,
    summary: 'The signed-in staff member, and whether two-factor authentication is on',
    middleware: [staffGuard(deps, { allowWithoutTwoFactor: true })] as const,
    responses: { 200: json(staffMeSchema, 'The staff member'), ...gated },
  });
  const members = createRoute({
    method: 'get',
    path: '/staff/members',
    tags,
    summary: 'Every staff member with role and two-factor state (admins)',
    middleware: [admin] as const,
    responses: { 200: json(staffMemberListSchema, 'The staff'), ...gated },
  });
  const grant = createRoute({
    method: 'post',
    path: '/staff/members',
    tags,
    summary: 'Give an account a staff role, or change it (admins)',
    middleware: [admin] as const,
    request: { body: body(grantStaffSchema) },
    responses: {
      200: json(staffMemberSchema, 'The staff member'),
      ...withInput,
      409: error('The last admin cannot be demoted'),
    },
  });
  const revoke = createRoute({
    method: 'post',
    path: '/staff/members/revoke',
    tags,
    summary: 'Take an account’s staff role away (admins)',
    middleware: [admin] as const,
    request: { body: body(revokeStaffSchema) },
    responses: {
      200: json(revokeStaffResultSchema, 'Whether a role was taken'),
      ...withInput,
      409: error('The last admin cannot be removed'),
    },
  });
  const audit = createRoute({
    method: 'get',
    path: '/staff/audit',
    tags,
    summary: 'Staff actions, newest first, filtered by actor, action, record or creator',
    middleware: [anyStaff] as const,
    request: { query: auditQuerySchema },
    responses: { 200: json(auditListSchema, 'A page of the log'), ...withInput },
  });

  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(me, (c) => c.json(c.get('staff'), 200))
    .openapi(members, async (c) => c.json(await deps.staff.members(), 200))
    .openapi(grant, async (c) =>
      c.json(await deps.staff.grant(staffActor(c), c.req.valid('json')), 200),
    )
    .openapi(revoke, async (c) =>
      c.json(await deps.staff.revoke(staffActor(c), c.req.valid('json')), 200),
    )
    .openapi(audit, async (c) => c.json(await deps.audit.list(c.req.valid('query')), 200));
}
