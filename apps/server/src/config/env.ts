// Configuration: parsed once at start-up; every bad variable is reported in one message.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a whole number above 0' })
    .int('must be a whole number above 0')
    .positive('must be a whole number above 0')
    .default(fallback);

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const envSchema = z
  .object({
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
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_SIZE: positiveInt(10),
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalString.pipe(
      z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
    ),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.url({ message: 'must be an absolute URL' }).default('https://accounts.google.com'),
    BRANDS_FILE: optionalString,
    PLANS_FILE: optionalString,
    TRUST_PROXY: booleanString.default(false),
    AUTH_RATE_WINDOW_SECONDS: positiveInt(900),
    AUTH_RATE_MAX_PER_EMAIL: positiveInt(10),
    AUTH_RATE_MAX_PER_IP: positiveInt(100),
    WEB_DIST_DIR: z.string().min(1).default(join(repoRoot, 'apps/web/dist')),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  });

/** Rules that tie variables together; checked on the raw input so they are reported with the rest. */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => (source[name] ?? '').trim() !== '';
  const problems: string[] = [];
  if (set('GOOGLE_CLIENT_ID') !== set('GOOGLE_CLIENT_SECRET')) {
    const missing = set('GOOGLE_CLIENT_ID') ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    problems.push(`${missing}: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together or not at all`);
  }
  if (set('DATABASE_URL') && !set('AUTH_SECRET')) {
    problems.push('AUTH_SECRET: is required with DATABASE_URL, so that every process signs sessions alike');
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { driver: 'postgres'; url: string; poolSize: number } | { driver: 'pglite'; dataDir: string | null };
  authSecret: string;
  smtpUrl: string | undefined;
  mailDir: string;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  brandsFile: string;
  plansFile: string;
  trustProxy: boolean;
  rateLimit: { windowSeconds: number; maxPerEmail: number; maxPerIp: number };
  webDistDir: string;
  logLevel: Env['LOG_LEVEL'];
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment; throws ConfigError naming every bad variable at once. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  purpose: 'server' | 'cli' = 'server',
): Config {
  // The CLI signs nothing, so it runs on the database settings alone.
  const input = purpose === 'cli' ? { ...source, AUTH_SECRET: source.AUTH_SECRET || 'cli-does-not-sign-sessions-000000000' } : source;
  const parsed = envSchema.safeParse(input);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`)),
    ...crossFieldProblems(input),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    database: env.DATABASE_URL
      ? { driver: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { driver: 'pglite', dataDir },
    authSecret: env.AUTH_SECRET ?? persistedSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailDir: join(dataDir, 'mail'),
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuer: env.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : null,
    brandsFile: resolve(env.BRANDS_FILE ?? join(repoRoot, 'config/brands.json')),
    plansFile: resolve(env.PLANS_FILE ?? join(repoRoot, 'config/plans.json')),
    trustProxy: env.TRUST_PROXY,
    rateLimit: {
      windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
      maxPerEmail: env.AUTH_RATE_MAX_PER_EMAIL,
      maxPerIp: env.AUTH_RATE_MAX_PER_IP,
    },
    webDistDir: resolve(env.WEB_DIST_DIR),
    logLevel: env.LOG_LEVEL,
  };
}

/** The embedded default needs no set-up: a random secret is created once and kept with the data. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
