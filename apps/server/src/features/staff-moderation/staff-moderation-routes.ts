// /api/staff/community and /api/staff/registry (any staff member): `shark community` and `shark
// registry` in the console.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import {
  operatorCommunityPostSchema,
  publishCommunityPostSchema,
} from '@shark/contracts/community.ts';
import { addRiskEntrySchema, operatorRiskEntrySchema } from '@shark/contracts/risk-registry.ts';
import {
  publishRiskEntrySchema,
  rejectRiskEntrySchema,
  staffCommunityPostListSchema,
  staffRecordIdParamSchema,
  staffRiskEntryListSchema,
} from '@shark/contracts/staff-moderation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { staffActor, staffGuard, type StaffEnv } from '#server/features/staff/staff-guard.ts';
import type { StaffService } from '#server/features/staff/staff-service.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { StaffModerationService } from './staff-moderation-service.ts';

const tags = ['Staff'];
const gated = {
  403: error('Two-factor authentication is not on yet'),
  404: error('Not a staff member (or not signed in), or no such record'),
};
const withInput = { ...gated, 400: error('Invalid input; `fields` names each bad field') };
const decided = { ...withInput, 409: error('It was decided already') };

export function staffModerationRoutes(deps: {
  auth: Auth;
  staff: StaffService;
  moderation: StaffModerationService;
}) {
  const anyStaff = staffGuard(deps);
  const params = staffRecordIdParamSchema;
  const posts = createRoute({
    method: 'get',
    path: '/staff/community',
    tags,
    summary: 'Every community post, newest first, archived ones too',
    middleware: [anyStaff] as const,
    responses: { 200: json(staffCommunityPostListSchema, 'The posts'), ...gated },
  });
  const publishPost = createRoute({
    method: 'post',
    path: '/staff/community',
    tags,
    summary: 'Publish an announcement or a resource on /community at once',
    middleware: [anyStaff] as const,
    request: { body: body(publishCommunityPostSchema) },
    responses: { 201: json(operatorCommunityPostSchema, 'The post'), ...withInput },
  });
  const archivePost = createRoute({
    method: 'post',
    path: '/staff/community/{id}/archive',
    tags,
    summary: 'Take a post off /community',
    middleware: [anyStaff] as const,
    request: { params },
    responses: { 200: json(operatorCommunityPostSchema, 'The post, archived'), ...decided },
  });
  const pending = createRoute({
    method: 'get',
    path: '/staff/registry/pending',
    tags,
    summary: 'Scam Registry reports waiting for review, oldest first',
    middleware: [anyStaff] as const,
    responses: { 200: json(staffRiskEntryListSchema, 'The reports'), ...gated },
  });
  const entry = createRoute({
    method: 'get',
    path: '/staff/registry/{id}',
    tags,
    summary: 'One Scam Registry entry with its evidence, reporter and review',
    middleware: [anyStaff] as const,
    request: { params },
    responses: { 200: json(operatorRiskEntrySchema, 'The entry'), ...gated },
  });
  const publish = createRoute({
    method: 'post',
    path: '/staff/registry/{id}/publish',
    tags,
    summary: 'Publish a report on /risk-registry; the note is shown to the reporter',
    middleware: [anyStaff] as const,
    request: { params, body: body(publishRiskEntrySchema) },
    responses: { 200: json(operatorRiskEntrySchema, 'The entry, published'), ...decided },
  });
  const reject = createRoute({
    method: 'post',
    path: '/staff/registry/{id}/reject',
    tags,
    summary: 'Reject a report (or withdraw an entry); the reporter sees the reason',
    middleware: [anyStaff] as const,
    request: { params, body: body(rejectRiskEntrySchema) },
    responses: { 200: json(operatorRiskEntrySchema, 'The entry, rejected'), ...decided },
  });
  const add = createRoute({
    method: 'post',
    path: '/staff/registry',
    tags,
    summary: 'Add an entry of the staff’s own, published at once',
    middleware: [anyStaff] as const,
    request: { body: body(addRiskEntrySchema) },
    responses: { 201: json(operatorRiskEntrySchema, 'The entry'), ...withInput },
  });

  const mod = deps.moderation;
  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(posts, async (c) => c.json({ posts: await mod.communityPosts() }, 200))
    .openapi(publishPost, async (c) =>
      c.json(await mod.publishPost(staffActor(c), c.req.valid('json')), 201),
    )
    .openapi(archivePost, async (c) =>
      c.json(await mod.archivePost(staffActor(c), c.req.valid('param').id), 200),
    )
    .openapi(pending, async (c) => c.json({ entries: await mod.pendingReports() }, 200))
    .openapi(entry, async (c) => c.json(await mod.registryEntry(c.req.valid('param').id), 200))
    .openapi(publish, async (c) =>
      c.json(
        await mod.publishReport(
          staffActor(c),
          c.req.valid('param').id,
          c.req.valid('json').note ?? null,
        ),
        200,
      ),
    )
    .openapi(reject, async (c) =>
      c.json(
        await mod.rejectReport(staffActor(c), c.req.valid('param').id, c.req.valid('json').reason),
        200,
      ),
    )
    .openapi(add, async (c) => c.json(await mod.addEntry(staffActor(c), c.req.valid('json')), 201));
}
