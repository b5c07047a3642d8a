// /api/support…: the signed-in creator's own support requests (another account's request is 404).
// /api/staff/support…: every request, for staff through the staff gate.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  openSupportRequestSchema,
  staffSupportListSchema,
  staffSupportQuerySchema,
  staffSupportRequestSchema,
  supportReplySchema,
  supportRequestIdSchema,
  supportRequestListSchema,
  supportRequestSchema,
} from '@shark/contracts/support.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser, type SessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { staffActor, staffGuard, type StaffEnv } from '#server/features/staff/staff-guard.ts';
import type { StaffService } from '#server/features/staff/staff-service.ts';
import type { SupportService } from './support-service.ts';

type CreatorEnv = { Variables: AppEnv['Variables'] & { sessionUser: SessionUser } };

const tags = ['Support'];
const signedIn = { 401: error('Not signed in') };
const withInput = { ...signedIn, 400: error('Invalid input; `fields` names each bad field') };
const params = { params: supportRequestIdSchema };

const list = createRoute({
  method: 'get',
  path: '/support',
  tags,
  summary: 'Her support requests, the latest activity first',
  responses: { 200: json(supportRequestListSchema, 'The requests'), ...signedIn },
});
const open = createRoute({
  method: 'post',
  path: '/support',
  tags,
  summary: 'Open a support request, optionally about one of her takedowns or findings',
  request: { body: body(openSupportRequestSchema) },
  responses: {
    201: json(supportRequestSchema, 'The new request'),
    ...withInput,
    409: error('Too many requests not closed'),
  },
});
const show = createRoute({
  method: 'get',
  path: '/support/{id}',
  tags,
  summary: 'One of her requests with its conversation',
  request: params,
  responses: {
    200: json(supportRequestSchema, 'The request'),
    ...signedIn,
    404: error('No such request of hers'),
  },
});
const reply = createRoute({
  method: 'post',
  path: '/support/{id}/messages',
  tags,
  summary: 'Reply: the request waits for the team again',
  request: { ...params, body: body(supportReplySchema) },
  responses: {
    200: json(supportRequestSchema, 'The request'),
    ...withInput,
    404: error('No such request of hers'),
    409: error('A closed request cannot reopen: too many requests not closed'),
  },
});
const close = createRoute({
  method: 'post',
  path: '/support/{id}/close',
  tags,
  summary: 'Close her request',
  request: params,
  responses: {
    200: json(supportRequestSchema, 'The request'),
    ...signedIn,
    404: error('No such request of hers'),
  },
});

export function supportRoutes(deps: { auth: Auth; support: SupportService }) {
  const { support } = deps;
  const app = new OpenAPIHono<CreatorEnv>({ defaultHook: throwOnInvalid });
  // Sign-in is checked before any input is read.
  const requireUser = createMiddleware<CreatorEnv>(async (c, next) => {
    c.set('sessionUser', await requireSessionUser(deps.auth, c));
    await next();
  });
  app.use('/support', requireUser);
  app.use('/support/*', requireUser);
  const userId = (c: { get: (key: 'sessionUser') => SessionUser }) => c.get('sessionUser').id;
  return app
    .openapi(list, async (c) => c.json(await support.list(userId(c)), 200))
    .openapi(open, async (c) => c.json(await support.open(userId(c), c.req.valid('json')), 201))
    .openapi(show, async (c) => c.json(await support.get(userId(c), c.req.valid('param').id), 200))
    .openapi(reply, async (c) =>
      c.json(
        await support.reply(userId(c), c.req.valid('param').id, c.req.valid('json').message),
        200,
      ),
    )
    .openapi(close, async (c) =>
      c.json(await support.close(userId(c), c.req.valid('param').id), 200),
    );
}

const staffTags = ['Staff support'];
const gated = {
  403: error('Two-factor authentication is not on yet'),
  404: error('Not a staff member (or not signed in), or no such request'),
};

export function staffSupportRoutes(deps: {
  auth: Auth;
  staff: StaffService;
  support: SupportService;
}) {
  const { support } = deps;
  const anyStaff = staffGuard(deps);
  const staffList = createRoute({
    method: 'get',
    path: '/staff/support',
    tags: staffTags,
    summary:
      'Support requests: open first, then by the creator’s plan (Premium first), then oldest waiting',
    middleware: [anyStaff] as const,
    request: { query: staffSupportQuerySchema },
    responses: {
      200: json(staffSupportListSchema, 'A page of requests'),
      ...gated,
      400: error('Invalid filter'),
    },
  });
  const staffShow = createRoute({
    method: 'get',
    path: '/staff/support/{id}',
    tags: staffTags,
    summary: 'A request with the creator’s address and plan and the linked takedown or finding',
    middleware: [anyStaff] as const,
    request: params,
    responses: { 200: json(staffSupportRequestSchema, 'The request'), ...gated },
  });
  const answer = createRoute({
    method: 'post',
    path: '/staff/support/{id}/answer',
    tags: staffTags,
    summary: 'Answer: the request is answered and the creator is notified',
    middleware: [anyStaff] as const,
    request: { ...params, body: body(supportReplySchema) },
    responses: {
      200: json(staffSupportRequestSchema, 'The request'),
      ...gated,
      400: error('Invalid input; `fields` names each bad field'),
    },
  });
  const staffClose = createRoute({
    method: 'post',
    path: '/staff/support/{id}/close',
    tags: staffTags,
    summary: 'Close a request',
    middleware: [anyStaff] as const,
    request: params,
    responses: { 200: json(staffSupportRequestSchema, 'The request'), ...gated },
  });
  const reopen = createRoute({
    method: 'post',
    path: '/staff/support/{id}/reopen',
    tags: staffTags,
    summary: 'Reopen a request: it waits for the team again',
    middleware: [anyStaff] as const,
    request: params,
    responses: { 200: json(staffSupportRequestSchema, 'The request'), ...gated },
  });

  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(staffList, async (c) => c.json(await support.staffList(c.req.valid('query')), 200))
    .openapi(staffShow, async (c) => c.json(await support.staffGet(c.req.valid('param').id), 200))
    .openapi(answer, async (c) =>
      c.json(
        await support.answer(staffActor(c), c.req.valid('param').id, c.req.valid('json').message),
        200,
      ),
    )
    .openapi(staffClose, async (c) =>
      c.json(await support.staffClose(staffActor(c), c.req.valid('param').id), 200),
    )
    .openapi(reopen, async (c) =>
      c.json(await support.staffReopen(staffActor(c), c.req.valid('param').id), 200),
    );
}
