// /api/findings: the creator's findings (list, review, asking Shark to review) and their thumbnails. The list and the review
// need the protection set-up; a thumbnail only its owner, blurred for a creator who cannot see
// findings yet (the free scan's examples before payment). Sign-in is checked before any input is read.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import {
  askFindingReviewResultSchema,
  faceCropParamsSchema,
  findingPageSchema,
  findingQuerySchema,
  findingThumbnailQuerySchema,
  reviewFindingResultSchema,
  reviewFindingSchema,
} from '@shark/contracts/findings.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { FindingService } from './finding-service.ts';

type FindingsEnv = {
  Variables: AppEnv['Variables'] & {
    entitled: Entitled;
    userId: string;
    mayBeShownClearly: boolean;
  };
};

const guarded = {
  401: error('Not signed in'),
  403: error('Not entitled to the protection set-up (FORBIDDEN)'),
};
const tags = ['Findings'];
const idParams = z.object({ id: z.string() });

const list = createRoute({
  method: 'get',
  path: '/findings',
  tags,
  summary: 'The creator’s findings, newest first, a page at a time, with counts by status',
  request: { query: findingQuerySchema },
  responses: {
    200: json(findingPageSchema, 'A page of findings'),
    ...guarded,
    400: error('Invalid filter or cursor'),
  },
});

const review = createRoute({
  method: 'post',
  path: '/findings/{id}/review',
  tags,
  summary: 'Confirm a finding (mine), reject it (not mine), or whitelist its page',
  request: { params: idParams, body: body(reviewFindingSchema) },
  responses: {
    200: json(reviewFindingResultSchema, 'The finding as it is now'),
    ...guarded,
    400: error(
      'Invalid action, a likeness finding confirmed without its nature (or a nature given where none is taken), or a page address that cannot be whitelisted',
    ),
    404: error('No such finding of this creator'),
    409: error(
      'The finding is whitelisted: remove its whitelist entry before confirming or rejecting it',
    ),
  },
});

const askReview = createRoute({
  method: 'post',
  path: '/findings/{id}/ask-review',
  tags,
  summary: 'Ask Shark’s team to review a finding waiting for the creator’s review',
  request: { params: idParams },
  responses: {
    200: json(askFindingReviewResultSchema, 'The finding, with when Shark was asked'),
    ...guarded,
    404: error('No such finding of this creator'),
    409: error('The finding is not waiting for a review'),
  },
});

const thumbnail = createRoute({
  method: 'get',
  path: '/findings/{id}/thumbnail',
  tags,
  summary:
    'A small JPEG of the found media (owner only); blurred with blur=1, and always for a creator without a subscription',
  request: { params: idParams, query: findingThumbnailQuerySchema },
  responses: {
    200: {
      description: 'The picture',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: error('Not signed in'),
    404: error('No such finding of this creator, or it has no picture'),
  },
});

const faceCrop = createRoute({
  method: 'get',
  path: '/findings/{id}/face/{which}',
  tags,
  summary:
    'A likeness finding’s evidence as a small JPEG: the face found on the page (found), or the creator’s enrolled face it resembles (enrolled)',
  request: { params: faceCropParamsSchema },
  responses: {
    200: {
      description: 'The face',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...guarded,
    400: error('Neither found nor enrolled'),
    404: error('No such likeness finding of this creator, or that face is not kept'),
  },
});

export function findingRoutes(deps: {
  auth: Auth;
  findings: FindingService;
  entitlements: Entitlements;
}) {
  const { findings } = deps;
  const app = new OpenAPIHono<FindingsEnv>({ defaultHook: throwOnInvalid });
  const entitled = createMiddleware<FindingsEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    c.set('entitled', await deps.entitlements.require(user.id, 'setup'));
    await next();
  });
  const owner = createMiddleware<FindingsEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    c.set('userId', user.id);
    // Whoever may see the findings list sees its pictures; the free scan shows only that something was found.
    let mayBeShownClearly = true;
    try {
      await deps.entitlements.require(user.id, 'setup');
    } catch (thrown) {
      if (!(thrown instanceof AppError) || thrown.code !== 'FORBIDDEN') throw thrown;
      mayBeShownClearly = false;
    }
    c.set('mayBeShownClearly', mayBeShownClearly);
    await next();
  });
  app.use('/findings', entitled);
  app.use('/findings/:id/review', entitled);
  app.use('/findings/:id/ask-review', entitled);
  app.use('/findings/:id/thumbnail', owner);
  app.use('/findings/:id/face/*', entitled);

  return app
    .openapi(list, async (c) =>
      c.json(await findings.list(c.get('entitled').userId, c.req.valid('query')), 200),
    )
    .openapi(review, async (c) => {
      const { action, likenessNature } = c.req.valid('json');
      return c.json(
        await findings.review(c.get('entitled'), c.req.valid('param').id, action, {
          likenessNature,
        }),
        200,
      );
    })
    .openapi(askReview, async (c) =>
      c.json(await findings.askStaffReview(c.get('entitled').userId, c.req.valid('param').id), 200),
    )
    .openapi(thumbnail, async (c) => {
      const isBlurred = c.req.valid('query').blur === '1' || !c.get('mayBeShownClearly');
      const jpeg = await findings.thumbnail(c.get('userId'), c.req.valid('param').id, {
        blur: isBlurred,
      });
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        // Owner only; the same address turns clear once the creator subscribes, so it is checked each time.
        'cache-control': 'private, no-cache',
      });
    })
    .openapi(faceCrop, async (c) => {
      const { id, which } = c.req.valid('param');
      const jpeg = await findings.faceCrop(c.get('entitled').userId, id, which);
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-cache',
      });
    });
}
