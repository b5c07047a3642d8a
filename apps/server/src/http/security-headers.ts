// The security headers of every answer: a strict Content-Security-Policy on the SPA, a Permissions-Policy
// that denies what the app never uses, no caching of API answers, and HSTS only over https.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** Powerful features the app never uses, denied to it and to anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The SPA's policy. Scripts only from this origin (the built bundle; no inline script, no eval).
 * Styles allow 'unsafe-inline': Radix UI and Sonner set style attributes and inject <style> elements
 * at run time, which neither a hash nor a nonce can cover; a style cannot run code.
 * Images: this origin (brand logos, thumbnails through the API), data: (inline SVG icons) and blob:
 * (previews of files picked for upload). connect-src adds the analytics host the build was made for.
 */
export function contentSecurityPolicy(options: {
  connectSources: readonly string[];
  isHttps: boolean;
}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src ${["'self'", ...options.connectSources].join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    // Sign-in with Google and Stripe Checkout leave by navigation (location.href), never by a form post.
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(options.isHttps ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Origins the built SPA sends to besides its own: index.html's <meta name="shark-connect-src">. */
export function connectSourcesOf(webDistDir: string): string[] {
  const indexFile = join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return [];
  const meta = /<meta\s+name="shark-connect-src"\s+content="([^"]*)"/.exec(
    readFileSync(indexFile, 'utf8'),
  );
  return (meta?.[1] ?? '')
    .split(/\s+/)
    .filter((source) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(source));
}

export function securityHeaders(options: {
  publicUrl: string;
  trustProxy: number;
  webDistDir: string;
}): MiddlewareHandler {
  const isPublicHttps = options.publicUrl.startsWith('https://');
  const base = secureHeaders({
    crossOriginEmbedderPolicy: false,
    // Set below, only when the request came over https.
    strictTransportSecurity: false,
  });
  const policies = new Map<boolean, string>();
  const connectSources = connectSourcesOf(options.webDistDir);
  const policy = (isHttps: boolean) => {
    let value = policies.get(isHttps);
    if (value === undefined) {
      value = contentSecurityPolicy({ connectSources, isHttps });
      policies.set(isHttps, value);
    }
    return value;
  };

  return async (c, next) => {
    await base(c, async () => {
      await next();
    });
    const isHttps = isPublicHttps || cameOverHttps(c, options.trustProxy);
    if (isHttps) c.res.headers.set('strict-transport-security', HSTS);
    c.res.headers.set('permissions-policy', PERMISSIONS_POLICY);
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) {
      // Signed-in answers are never kept by a cache (a shared computer, the back button after sign-out),
      // images and downloads included; an anonymous answer keeps the caching its route chose, if any.
      const chosen = c.res.headers.get('cache-control');
      const isSignedIn = c.req.header('cookie') !== undefined;
      if (chosen === null || (isSignedIn && !/\bno-store\b/i.test(chosen))) {
        c.res.headers.set('cache-control', 'no-store');
      }
    } else {
      c.res.headers.set('content-security-policy', policy(isHttps));
    }
  };
}

/** TLS on this socket, or X-Forwarded-Proto https from a proxy we trust. */
function cameOverHttps(c: Context, trustProxy: number): boolean {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (incoming && 'encrypted' in incoming.socket && incoming.socket.encrypted) return true;
  if (trustProxy <= 0) return false;
  // As X-Forwarded-For (http/client-ip.ts): the entry the outermost trusted proxy wrote, counted from
  // the right; a proxy that overwrites the header leaves one entry, its own.
  const entries = (c.req.header('x-forwarded-proto') ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase());
  return entries[Math.max(0, entries.length - trustProxy)] === 'https';
}
