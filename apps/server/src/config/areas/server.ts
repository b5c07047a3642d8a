// The server process: environment, address, public URL, proxies in front, web build, logging, job slots.
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { botUserAgent } from '@shark/engine/fetch/user-agent.ts';
import { optionalString, positiveInt, repoRoot } from './values.ts';

/**
 * TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For. The client is the
 * address the outermost trusted proxy saw: that many hops from the right. true/yes = 1; false/no/0 = none
 * (the socket's peer, and the header is ignored).
 */
const trustProxyHops = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const named: Record<string, number> = { true: 1, yes: 1, false: 0, no: 0 };
    const hops = named[value.toLowerCase()] ?? (/^\d{1,2}$/.test(value) ? Number(value) : NaN);
    if (Number.isNaN(hops))
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false or a number of proxy hops (0-99)',
      });
    return hops;
  })
  .default(0);

export const serverVariables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number from 0 to 65535' })
    .int('must be a port number from 0 to 65535')
    .min(0, 'must be a port number from 0 to 65535')
    .max(65535, 'must be a port number from 0 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  TRUST_PROXY: trustProxyHops,
  WEB_DIST_DIR: z.string().min(1).default(join(repoRoot, 'apps/web/dist')),
  WEB_PUBLIC_DIR: z.string().min(1).default(join(repoRoot, 'apps/web/public')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  WORKER_CONCURRENCY: positiveInt(2),
  SHARK_E2E_COMMANDS: z.enum(['0', '1'], { message: 'must be 0 or 1' }).default('0'),
});

export function serverConfig(env: z.infer<typeof serverVariables>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** Sent with every request the server makes on the web and to search APIs: the bot's name, version and PUBLIC_URL. */
    // A site's operator follows the link to learn who crawled; without PUBLIC_URL there is none to give.
    userAgent: botUserAgent({ infoUrl: env.PUBLIC_URL ? publicUrl : null }),
    dataDir: resolve(env.DATA_DIR),
    /** Proxy hops in front of the server whose X-Forwarded-For entries are trusted; 0 = the socket's peer. */
    trustProxy: env.TRUST_PROXY,
    webDistDir: resolve(env.WEB_DIST_DIR),
    /** Where the brands' logo files are looked for: the built web app, then its public folder (no build). */
    webAssetDirs: [resolve(env.WEB_DIST_DIR), resolve(env.WEB_PUBLIC_DIR)] as const,
    logLevel: env.LOG_LEVEL,
    /** Jobs one process runs at the same time, across every kind of job. */
    workerConcurrency: env.WORKER_CONCURRENCY,
    /** The end-to-end suite's seeding commands on the admin socket (only its own server sets it). */
    e2eCommands: env.SHARK_E2E_COMMANDS === '1',
  };
}
