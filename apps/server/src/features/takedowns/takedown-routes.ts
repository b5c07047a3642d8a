// /api/takedowns/{id}: one takedown of the creator — its history, recipients, notices and delisting —
// and the PDF copy of each notice. They open from the Takedown Report, so they need what the report
// needs (status subscribed: 403 otherwise) — except a takedown of one of her Free Removals, which a
// promoProtect user may open; another account's takedown is a 404.
import { createMiddleware } from 'hono/factory';
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { takedownDetailSchema } from '@shark/contracts/enforcement.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { TakedownService } from './takedown-service.ts';
import { webStreamOf } from '#server/http/web-stream.ts';

const tags = ['Enforcement'];
const id = z.string().min(1).max(200);

const detail = createRoute({
  method: 'get',
  path: '/takedowns/{id}',
  tags,
  summary:
    'One takedown: status, every event with its time, recipients by level, notices and their delivery, delisting per engine',
  request: { params: z.object({ id }) },
  responses: {
    200: json(takedownDetailSchema, 'The takedown'),
    401: error('Not signed in'),
    403: error('The takedown report needs an active subscription (FORBIDDEN)'),
    404: error('No such takedown of this creator'),
  },
});

const pdf = createRoute({
  method: 'get',
  path: '/takedowns/{id}/notices/{file}',
  tags,
  summary: 'The PDF copy of one of the takedown’s notices (the file is <noticeId>.pdf)',
  request: {
    params: z.object({
      id,
      file: z.string().regex(/^[A-Za-z0-9_-]{1,200}\.pdf$/, 'must be <noticeId>.pdf'),
    }),
  },
  responses: {
    200: {
      description: 'The PDF',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: error('Not signed in'),
    403: error('The takedown report needs an active subscription (FORBIDDEN)'),
    404: error('No such notice of this takedown'),
  },
});

export function takedownRoutes(deps: {
  auth: Auth;
  entitlements: Pick<Entitlements, 'requireTakedown'>;
  takedowns: TakedownService;
  /** Whether the takedown is one of her Free Removals (features/promo-removals). */
  isFreeRemovalTakedown: (userId: string, takedownId: string) => Promise<boolean>;
}) {
  const { takedowns } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: throwOnInvalid });
  // Sign-in, then the report's rule, before the id is looked up: a free account learns nothing of ids.
  app.use(
    '/takedowns/*',
    createMiddleware<AppEnv>(async (c, next) => {
      const user = await requireSessionUser(deps.auth, c);
      const takedownId = /\/takedowns\/([^/]+)/.exec(c.req.path)?.[1];
      await deps.entitlements.requireTakedown(user.id, async () =>
        takedownId === undefined ? false : deps.isFreeRemovalTakedown(user.id, takedownId),
      );
      await next();
    }),
  );
  return app
    .openapi(detail, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      return c.json(await takedowns.detail(user.id, c.req.valid('param').id), 200);
    })
    .openapi(pdf, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      const { id: takedownId, file } = c.req.valid('param');
      const { body, fileName } = await takedowns.noticePdf(
        user.id,
        takedownId,
        file.slice(0, -'.pdf'.length),
      );
      return c.body(webStreamOf(body), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${fileName}"`,
        'cache-control': 'private, no-cache',
      });
    });
}
