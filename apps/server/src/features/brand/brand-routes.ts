// GET /api/brand: the public brand configuration the SPA themes itself with.
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { brandSchema } from '@shark/contracts/system.ts';
import { apiErrorSchema } from '@shark/contracts/http.ts';
import { publicBrand } from '#server/config/brands.ts';
import type { AppEnv } from '#server/http/app-env.ts';

const route = createRoute({
  method: 'get',
  path: '/brand',
  summary: "The calling brand's name, theme, logo and links",
  responses: {
    200: { description: 'The brand', content: { 'application/json': { schema: brandSchema } } },
    400: {
      description: 'Provider header missing or unknown',
      content: { 'application/json': { schema: apiErrorSchema } },
    },
  },
});

export function brandRoutes(options: { googleSignIn: boolean }) {
  return new OpenAPIHono<AppEnv>().openapi(route, (c) =>
    c.json(publicBrand(c.get('brand'), options.googleSignIn), 200),
  );
}
