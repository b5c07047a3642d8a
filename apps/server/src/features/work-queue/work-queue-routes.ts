// /api/staff/queue…: the work queue (list, counts for the sidebar), one item's page, its claim and
// release, and its finishing action. Every route passes the staff gate first.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  finishWorkItemSchema,
  workItemDetailSchema,
  workItemFaceParamsSchema,
  workItemSchema,
  workQueueCountsSchema,
  workQueuePageSchema,
  workQueueQuerySchema,
} from '@shark/contracts/work-queue.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import { staffActor, staffGuard, type StaffEnv } from '#server/features/staff/staff-guard.ts';
import type { StaffService } from '#server/features/staff/staff-service.ts';
import type { WorkItemService } from './work-item-service.ts';
import type { WorkQueue } from './work-queue-service.ts';

const tags = ['Staff: work queue'];
const gated = {
  403: error('Two-factor authentication is not on yet'),
  404: error('Not a staff member (or not signed in), or no such item'),
};
const idParams = z.object({ id: z.string().min(1).max(200) });
const conflict = error('Another agent holds the item, or it is done already');

export function workQueueRoutes(deps: {
  auth: Auth;
  staff: StaffService;
  queue: WorkQueue;
  workItems: WorkItemService;
}) {
  const guard = staffGuard(deps);
  const list = createRoute({
    method: 'get',
    path: '/staff/queue',
    tags,
    summary: 'Open items by priority then due time (or done ones, newest first), filtered',
    middleware: [guard] as const,
    request: { query: workQueueQuerySchema },
    responses: {
      200: json(workQueuePageSchema, 'A page of the queue'),
      ...gated,
      400: error('Invalid filter or cursor'),
    },
  });
  const counts = createRoute({
    method: 'get',
    path: '/staff/queue/counts',
    tags,
    summary: 'Open and overdue items of each kind, and the items I hold',
    middleware: [guard] as const,
    responses: { 200: json(workQueueCountsSchema, 'The counts'), ...gated },
  });
  const detail = createRoute({
    method: 'get',
    path: '/staff/queue/{id}',
    tags,
    summary: 'One item with everything needed to do it',
    middleware: [guard] as const,
    request: { params: idParams },
    responses: { 200: json(workItemDetailSchema, 'The item'), ...gated },
  });
  const claim = createRoute({
    method: 'post',
    path: '/staff/queue/{id}/claim',
    tags,
    summary: 'Take the item; no two agents hold the same one',
    middleware: [guard] as const,
    request: { params: idParams },
    responses: { 200: json(workItemSchema, 'The item, held by me'), ...gated, 409: conflict },
  });
  const release = createRoute({
    method: 'post',
    path: '/staff/queue/{id}/release',
    tags,
    summary: 'Let the item go (its holder, or an admin)',
    middleware: [guard] as const,
    request: { params: idParams },
    responses: { 200: json(workItemSchema, 'The item, held by nobody'), ...gated, 409: conflict },
  });
  const finish = createRoute({
    method: 'post',
    path: '/staff/queue/{id}/finish',
    tags,
    summary: 'Do the item’s work (its kind’s action) and mark it done',
    middleware: [guard] as const,
    request: { params: idParams, body: body(finishWorkItemSchema) },
    responses: {
      200: json(workItemSchema, 'The item, done'),
      ...gated,
      400: error('Not an action of this kind of item'),
      409: conflict,
    },
  });
  const thumbnail = createRoute({
    method: 'get',
    path: '/staff/queue/{id}/thumbnail',
    tags,
    summary: 'The picture of the item’s finding',
    middleware: [guard] as const,
    request: { params: idParams },
    responses: {
      200: {
        description: 'The picture',
        content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...gated,
    },
  });
  const face = createRoute({
    method: 'get',
    path: '/staff/queue/{id}/face/{which}',
    tags,
    summary:
      'The item’s likeness finding’s evidence as a small JPEG: the face found on the page (found), or the creator’s enrolled face it resembles (enrolled)',
    middleware: [guard] as const,
    request: { params: workItemFaceParamsSchema },
    responses: {
      200: {
        description: 'The face',
        content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...gated,
      400: error('Neither found nor enrolled'),
    },
  });
  const csv = createRoute({
    method: 'get',
    path: '/staff/queue/{id}/delisting.csv',
    tags,
    summary: 'The delisting file of a delisting item, to upload to the search engine',
    middleware: [guard] as const,
    request: { params: idParams },
    responses: {
      200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
      ...gated,
    },
  });

  return new OpenAPIHono<StaffEnv>({ defaultHook: throwOnInvalid })
    .openapi(list, async (c) =>
      c.json(await deps.queue.list(c.get('staff').userId, c.req.valid('query')), 200),
    )
    .openapi(counts, async (c) => c.json(await deps.queue.counts(c.get('staff').userId), 200))
    .openapi(detail, async (c) => c.json(await deps.workItems.detail(c.req.valid('param').id), 200))
    .openapi(claim, async (c) =>
      c.json(await deps.queue.claim(staffActor(c), c.req.valid('param').id), 200),
    )
    .openapi(release, async (c) =>
      c.json(
        await deps.queue.release(staffActor(c), c.get('staff').role, c.req.valid('param').id),
        200,
      ),
    )
    .openapi(finish, async (c) =>
      c.json(
        await deps.workItems.finish(staffActor(c), c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(thumbnail, async (c) => {
      const jpeg = await deps.workItems.thumbnail(c.req.valid('param').id);
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-cache',
      });
    })
    .openapi(face, async (c) => {
      const { id, which } = c.req.valid('param');
      const jpeg = await deps.workItems.faceCrop(id, which);
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-cache',
      });
    })
    .openapi(csv, async (c) => {
      const text = await deps.workItems.delistingCsv(c.req.valid('param').id);
      return c.body(text, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="delisting-${c.req.valid('param').id}.csv"`,
        'cache-control': 'private, no-cache',
      });
    });
}
