// The tus 1.0 endpoint under /api/uploads (not in the OpenAPI document: tus is its own protocol, see docs/decisions).
import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env.ts';
import { requireSessionUser } from '#server/http/session.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { UploadService } from './upload-service.ts';

export function uploadRoutes(deps: {
  auth: Auth;
  entitlements: Entitlements;
  uploads: UploadService;
}) {
  const app = new Hono<AppEnv>();
  // Hono routes HEAD as GET; the service reads the real method from the request.
  const methods = ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'];
  app.on(methods, ['/uploads', '/uploads/:id'], async (c) => {
    const user = await requireSessionUser(deps.auth, c);
    const entitled = await deps.entitlements.require(user.id, 'uploads');
    return deps.uploads.handle(c.req.raw, entitled, c.req.param('id'));
  });
  return app;
}
