// /api/marketing: Social Share (texts, and images as PNG downloads) and the welcome package (JSON, and
// its PDF). Signed-in only, like their pages; everything is the signed-in creator's own. The PNG and PDF
// download through plain links, which cannot send the provider header: they carry the brand as ?provider=.
import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  SHARE_IMAGE_FORMATS,
  shareImageQuerySchema,
  socialShareSchema,
  welcomePackageSchema,
} from '@shark/contracts/marketing.ts';
import type { BrandConfig, BrandRegistry } from '#server/config/brands.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { AppError } from '#server/http/app-error.ts';
import { errorResponse as error, jsonResponse as json } from '#server/http/openapi.ts';
import { requireSessionUser } from '#server/http/session.ts';
import { throwOnInvalid } from '#server/http/validation.ts';
import type { Auth } from '#server/features/auth/auth.ts';
import type { MarketingService } from './marketing-service.ts';

const tags = ['Marketing'];
const signedIn = { 401: error('Not signed in') };

const socialShare = createRoute({
  method: 'get',
  path: '/marketing/social-share',
  tags,
  summary:
    'Ready-to-post texts for each network (within its length limit) and the share images, with her DMCA badge',
  responses: { 200: json(socialShareSchema, 'The texts and the images'), ...signedIn },
});

const imageFiles = SHARE_IMAGE_FORMATS.map((format) => `${format}.png`) as [string, ...string[]];

const shareImage = createRoute({
  method: 'get',
  path: '/marketing/social-share/images/{file}',
  tags,
  summary:
    'A share image as PNG (square 1080×1080, landscape 1200×630, story 1080×1920), as a download',
  request: {
    params: z.object({ file: z.enum(imageFiles) }),
    query: shareImageQuerySchema,
  },
  responses: {
    200: {
      description: 'The PNG, with Content-Disposition: attachment',
      content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: error('Unknown format or provider'),
    ...signedIn,
  },
});

const welcomePackage = createRoute({
  method: 'get',
  path: '/marketing/welcome-package',
  tags,
  summary: 'Her welcome package: what her plan protects, her set-up, her badge and the first steps',
  responses: { 200: json(welcomePackageSchema, 'The welcome package'), ...signedIn },
});

const welcomePdf = createRoute({
  method: 'get',
  path: '/marketing/welcome-package.pdf',
  tags,
  summary: 'Her welcome package as a branded PDF, as a download',
  request: { query: shareImageQuerySchema },
  responses: {
    200: {
      description: 'The PDF, with Content-Disposition: attachment',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: error('Unknown provider'),
    ...signedIn,
  },
});

export function marketingRoutes(deps: {
  auth: Auth;
  marketing: MarketingService;
  brands: BrandRegistry;
}) {
  const { marketing } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: throwOnInvalid });

  /** The download links carry the brand as ?provider=; without it, the request's brand. */
  const brandOf = (provider: string | undefined, fallback: BrandConfig): BrandConfig => {
    if (provider === undefined) return fallback;
    const brand = deps.brands.get(provider);
    if (!brand)
      throw new AppError('UNKNOWN_PROVIDER', `Unknown provider "${provider.slice(0, 64)}".`);
    return brand;
  };

  return app
    .openapi(socialShare, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      return c.json(await marketing.socialShare(user.id, c.get('brand')), 200);
    })
    .openapi(shareImage, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      const format = c.req
        .valid('param')
        .file.slice(0, -'.png'.length) as (typeof SHARE_IMAGE_FORMATS)[number];
      const brand = brandOf(c.req.valid('query').provider, c.get('brand'));
      const { png, fileName } = await marketing.shareImage(user.id, brand, format);
      return c.body(new Uint8Array(png), 200, {
        'content-type': 'image/png',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-cache',
      });
    })
    .openapi(welcomePackage, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      return c.json(await marketing.welcomePackage(user, c.get('brand')), 200);
    })
    .openapi(welcomePdf, async (c) => {
      const user = await requireSessionUser(deps.auth, c);
      const brand = brandOf(c.req.valid('query').provider, c.get('brand'));
      const { pdf, fileName } = await marketing.welcomePdf(user, brand);
      return c.body(new Uint8Array(pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'private, no-cache',
      });
    });
}
