// /api/likeness: her consent to likeness protection and her enrolled faces (Premium's deep fake
// protection). Sign-in and the perk are checked before any input is read; deleting a face or the whole
// enrolment needs only sign-in, so that she can always take her face back, even after leaving Premium.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import {
  LIKENESS_PHOTO_MAX_BYTES,
  detectFacesInReferenceSchema,
  detectedFacesSchema,
  enrolFaceSchema,
  enrolledFaceSchema,
  giveLikenessConsentSchema,
  likenessEnrolmentSchema,
} from '@shark/contracts/likeness.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  jsonBody as body,
  errorResponse as error,
  jsonResponse as json,
} from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { parseBody, throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { LikenessService } from './likeness-service.ts';

type LikenessEnv = { Variables: AppEnv['Variables'] & { userId: string } };

const PERK_MESSAGE =
  'Deep fake protection is part of the Premium plan. Choose Premium to have pictures of your face found.';

const signedIn = { 401: error('Not signed in') };
const guarded = {
  ...signedIn,
  403: error('The plan does not include deep fake protection (FORBIDDEN)'),
};
const tags = ['Likeness'];
const idParams = z.object({ id: z.string() });

const view = createRoute({
  method: 'get',
  path: '/likeness',
  tags,
  summary: 'Her consent, her enrolled faces, the consent text in force and the most faces',
  responses: { 200: json(likenessEnrolmentSchema, 'Her enrolment'), ...guarded },
});

const consent = createRoute({
  method: 'post',
  path: '/likeness/consent',
  tags,
  summary: 'Agree to the consent text of this version',
  request: { body: body(giveLikenessConsentSchema) },
  responses: {
    200: json(likenessEnrolmentSchema, 'Her enrolment, with her consent'),
    ...guarded,
    400: error('Not the version of the consent text in force'),
  },
});

const photoSchema = z.object({
  file: z.any().openapi({
    type: 'string',
    format: 'binary',
    description: `A JPEG, PNG or WebP photo of at most ${LIKENESS_PHOTO_MAX_BYTES} bytes`,
  }),
});

const detect = createRoute({
  method: 'post',
  path: '/likeness/faces/detect',
  tags,
  summary:
    'The faces in a photo (multipart field `file`) or in one of her picture reference files ({referenceFileId}), each to pick for enrolment for a while; the photo is not kept',
  middleware: [
    bodyLimit({
      maxSize: LIKENESS_PHOTO_MAX_BYTES + 64 * 1024,
      onError: (c) => {
        // The rest of the body is never read: the connection cannot carry another request.
        c.header('connection', 'close');
        throw tooLarge();
      },
    }),
  ] as const,
  request: {
    // Either kind of body: each is validated only when it is the kind sent.
    body: {
      required: false,
      content: {
        'multipart/form-data': { schema: photoSchema },
        'application/json': { schema: detectFacesInReferenceSchema },
      },
    },
  },
  responses: {
    200: json(detectedFacesSchema, 'The faces found, largest first'),
    ...guarded,
    400: error('No face found, not a readable picture, or not a finished picture reference file'),
    404: error('No such reference file of hers'),
    409: error('She has not agreed to the consent text in force'),
    413: error('The photo is too large'),
  },
});

const enrol = createRoute({
  method: 'post',
  path: '/likeness/faces',
  tags,
  summary: 'Enrol the face she picked among those found (its embedding and a small crop)',
  request: { body: body(enrolFaceSchema) },
  responses: {
    201: json(enrolledFaceSchema, 'The enrolled face'),
    ...guarded,
    400: error('Not a face found for her, or found too long ago'),
    409: error('No consent, the face is already enrolled, or she has enrolled the most faces'),
  },
});

const crop = createRoute({
  method: 'get',
  path: '/likeness/faces/{id}/crop',
  tags,
  summary: 'The small JPEG of one of her enrolled faces',
  request: { params: idParams },
  responses: {
    200: {
      description: 'The face',
      content: { 'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...guarded,
    404: error('No such enrolled face of hers'),
  },
});

const removeFace = createRoute({
  method: 'delete',
  path: '/likeness/faces/{id}',
  tags,
  summary: 'Remove one enrolled face: its embedding and crop',
  request: { params: idParams },
  responses: {
    204: { description: 'Removed' },
    ...signedIn,
    404: error('No such enrolled face of hers'),
  },
});

const removeAll = createRoute({
  method: 'delete',
  path: '/likeness',
  tags,
  summary: 'Delete her enrolment: her consent, every enrolled face and every crop',
  responses: { 204: { description: 'Deleted (or there was none)' }, ...signedIn },
});

export function likenessRoutes(deps: {
  auth: Auth;
  likeness: LikenessService;
  entitlements: Entitlements;
}) {
  const { likeness } = deps;
  const app = new OpenAPIHono<LikenessEnv>({ defaultHook: throwOnInvalid });
  const signedInUser = createMiddleware<LikenessEnv>(async (c, next) => {
    c.set('userId', (await requireSessionUser(deps.auth, c)).id);
    await next();
  });
  const entitled = createMiddleware<LikenessEnv>(async (c, next) => {
    const user = await requireSessionUser(deps.auth, c);
    if (!(await deps.entitlements.hasPerk(user.id, 'deepfakeProtection')))
      throw new AppError('FORBIDDEN', PERK_MESSAGE);
    c.set('userId', user.id);
    await next();
  });
  app.on(['GET'], '/likeness', entitled);
  app.on(['DELETE'], '/likeness', signedInUser);
  app.use('/likeness/consent', entitled);
  app.use('/likeness/faces', entitled);
  app.use('/likeness/faces/detect', entitled);
  app.use('/likeness/faces/:id/crop', entitled);
  app.on(['DELETE'], '/likeness/faces/:id', signedInUser);

  return app
    .openapi(view, async (c) => c.json(await likeness.view(c.get('userId')), 200))
    .openapi(consent, async (c) =>
      c.json(await likeness.consent(c.get('userId'), c.req.valid('json').version), 200),
    )
    .openapi(detect, async (c) => {
      const userId = userIdOf(c);
      const type = c.req.header('content-type') ?? '';
      if (type.startsWith('multipart/form-data')) {
        const form = await c.req.parseBody();
        const photo = form.file;
        if (!(photo instanceof File)) {
          throw new AppError('VALIDATION_FAILED', 'Choose a photo.', {
            fields: { file: 'Choose a photo.' },
          });
        }
        if (photo.size > LIKENESS_PHOTO_MAX_BYTES) throw tooLarge();
        const bytes = Buffer.from(await photo.arrayBuffer());
        return c.json(await likeness.detect(userId, { kind: 'upload', bytes }), 200);
      }
      const { referenceFileId } = parseBody(detectFacesInReferenceSchema, await c.req.text());
      return c.json(await likeness.detect(userId, { kind: 'reference', id: referenceFileId }), 200);
    })
    .openapi(enrol, async (c) =>
      c.json(await likeness.enrol(c.get('userId'), c.req.valid('json').token), 201),
    )
    .openapi(crop, async (c) => {
      const jpeg = await likeness.crop(c.get('userId'), c.req.valid('param').id);
      return c.body(new Uint8Array(jpeg), 200, {
        'content-type': 'image/jpeg',
        'cache-control': 'private, no-cache',
      });
    })
    .openapi(removeFace, async (c) => {
      await likeness.removeFace(c.get('userId'), c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(removeAll, async (c) => {
      await likeness.removeAll(c.get('userId'));
      return c.body(null, 204);
    });
}

/** The signed-in user (the route's body-limit middleware widens the handler's context type). */
const userIdOf = (c: { get: (key: 'userId') => string }): string => c.get('userId');

function tooLarge(): AppError {
  const message = `The photo is too large: at most ${LIKENESS_PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { fields: { file: message } });
}
