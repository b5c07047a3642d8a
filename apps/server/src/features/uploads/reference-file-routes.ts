// GET /api/reference-files, GET /api/reference-files/{id}/thumbnail, DELETE /api/reference-files/{id}.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import { apiErrorSchema } from '@shark/contracts/http.ts';
import {
  referenceFileIdSchema,
  referenceFileListSchema,
} from '@shark/contracts/reference-files.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { requireSessionUser } from '#server/http/session.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { UploadedFileService } from './uploaded-file-service.ts';
import { webStreamOf } from '#server/http/web-stream.ts';

const errorContent = { 'application/json': { schema: apiErrorSchema } };
const errors = {
  401: { description: 'Not signed in', content: errorContent },
  403: { description: 'No active subscription', content: errorContent },
  404: { description: 'No such file of this user', content: errorContent },
};
const idParams = z.object({ id: z.string() });

const listRoute = createRoute({
  method: 'get',
  path: '/reference-files',
  summary: "The creator's uploaded reference files, newest first, with their status",
  responses: {
    200: {
      description: 'The files',
      content: { 'application/json': { schema: referenceFileListSchema } },
    },
    401: errors[401],
    403: errors[403],
  },
});

const thumbnailRoute = createRoute({
  method: 'get',
  path: '/reference-files/{id}/thumbnail',
  summary: "A reference file's thumbnail image (owner only)",
  request: { params: idParams },
  responses: {
    200: {
      description: 'The image',
      content: { 'image/*': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    401: errors[401],
    404: errors[404],
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/reference-files/{id}',
  summary:
    'Deletes a reference file with its stored bytes, thumbnail and fingerprint (or stops its upload)',
  request: { params: idParams },
  responses: { 204: { description: 'Deleted' }, ...errors },
});

/** A malformed id cannot be anyone's file: the same answer as another user's. */
function fileIdOf(raw: string): string {
  const parsed = referenceFileIdSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'This file does not exist.');
  return parsed.data;
}

export function referenceFileRoutes(deps: {
  auth: Auth;
  entitlements: Entitlements;
  uploadedFiles: UploadedFileService;
}) {
  const signedInEntitled = async (c: Parameters<typeof requireSessionUser>[1]) => {
    const user = await requireSessionUser(deps.auth, c);
    await deps.entitlements.require(user.id, 'uploads');
    return user;
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(listRoute, async (c) => {
      const user = await signedInEntitled(c);
      return c.json(await deps.uploadedFiles.list(user.id), 200);
    })
    .openapi(thumbnailRoute, async (c) => {
      // Owner only, without the subscription check: Your Content shows thumbnails of the creator's own files too.
      const user = await requireSessionUser(deps.auth, c);
      const { body, contentType } = await deps.uploadedFiles.thumbnail(
        user.id,
        fileIdOf(c.req.param('id')),
      );
      return c.body(webStreamOf(body), 200, {
        'content-type': contentType,
        // The thumbnail of a file id never changes; only its owner may see it.
        'cache-control': 'private, max-age=86400',
      });
    })
    .openapi(deleteRoute, async (c) => {
      const user = await signedInEntitled(c);
      await deps.uploadedFiles.remove(user.id, fileIdOf(c.req.param('id')));
      return c.body(null, 204);
    });
}
