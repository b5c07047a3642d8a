// Cross-site request forgery: a state-changing API request must come from the app's own pages. The
// browser says where a request comes from (Origin, or Sec-Fetch-Site when it sends no Origin) and a page
// cannot forge either; a request with neither (a server, the CLI, curl) carries no browser's cookies.
import type { MiddlewareHandler } from 'hono';
import { AppError } from './app-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests that other sites make on purpose; each is authenticated by something other than a cookie. */
export const CROSS_SITE_ALLOWED: readonly RegExp[] = [
  // Stripe's webhook: signed by Stripe (Stripe-Signature).
  /^\/api\/billing\/webhook$/,
  // RFC 8058 one-click unsubscribe: mail clients post to the List-Unsubscribe address; the token decides.
  /^\/api\/email-settings\/subscription\/[^/]+\/one-click$/,
  // OAuth providers may post their answer (form_post); the auth library checks its state.
  /^\/api\/auth\/callback\//,
  /^\/api\/auth\/oauth2\/callback\//,
];

/** The app's origins: the public URL's and each brand's own app address. */
export function appOrigins(publicUrl: string, brandAppUrls: readonly string[]): Set<string> {
  return new Set([publicUrl, ...brandAppUrls].map((url) => new URL(url).origin));
}

export function sameOrigin(origins: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    if (
      !STATE_CHANGING.has(c.req.method) ||
      CROSS_SITE_ALLOWED.some((pattern) => pattern.test(c.req.path))
    ) {
      return next();
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      // The address the request was sent to counts too (a page reached through another host name or
      // port, such as a local proxy): a page elsewhere can make a browser send neither this Origin
      // nor this Host.
      if (!origins.has(origin) && origin !== new URL(c.req.url).origin)
        refuse(`from ${printable(origin)}`);
    } else {
      // A browser that sends no Origin still says whether the request crossed sites.
      const site = c.req.header('sec-fetch-site');
      if (site === 'cross-site' || site === 'same-site') refuse('from another site');
    }
    return next();
  };
}

function refuse(from: string): never {
  throw new AppError(
    'FORBIDDEN',
    `This request came ${from}, not from this app's pages, so it was refused. Make the change in the app itself.`,
  );
}

function printable(origin: string): string {
  return origin.slice(0, 100).replace(/[^\x20-\x7e]/g, '?');
}
