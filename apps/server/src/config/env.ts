// Configuration: parsed once at start-up; every bad variable is reported in one message.
// Each area under areas/ declares its variables and turns them into its part of the configuration.
import { z } from 'zod';
import { accountsConfig, accountsVariables } from '#server/config/areas/accounts.ts';
import { affiliatesConfig, affiliatesVariables } from '#server/config/areas/affiliates.ts';
import { authConfig, authProblems, authVariables } from '#server/config/areas/auth.ts';
import { billingConfig, billingProblems, billingVariables } from '#server/config/areas/billing.ts';
import { brandsPlansConfig, brandsPlansVariables } from '#server/config/areas/brands-plans.ts';
import { databaseConfig, databaseVariables } from '#server/config/areas/database.ts';
import { enforcementConfig, enforcementVariables } from '#server/config/areas/enforcement.ts';
import { fetchConfig, fetchVariables } from '#server/config/areas/fetch.ts';
import { mailConfig, mailVariables } from '#server/config/areas/mail.ts';
import { notificationsConfig, notificationsVariables } from '#server/config/areas/notifications.ts';
import {
  promoRemovalsConfig,
  promoRemovalsVariables,
} from '#server/config/areas/promo-removals.ts';
import { scansConfig, scansVariables } from '#server/config/areas/scans.ts';
import { serverConfig, serverVariables } from '#server/config/areas/server.ts';
import { sourcesConfig, sourcesProblems, sourcesVariables } from '#server/config/areas/sources.ts';
import { staffConfig, staffVariables } from '#server/config/areas/staff.ts';
import { storageConfig, storageProblems, storageVariables } from '#server/config/areas/storage.ts';
import { supportConfig, supportVariables } from '#server/config/areas/support.ts';
import {
  takedownLifecycleConfig,
  takedownLifecycleVariables,
} from '#server/config/areas/takedown-lifecycle.ts';
import { uploadsConfig, uploadsVariables } from '#server/config/areas/uploads.ts';

export const envSchema = z.object({
  ...serverVariables.shape,
  ...databaseVariables.shape,
  ...authVariables.shape,
  ...mailVariables.shape,
  ...brandsPlansVariables.shape,
  ...fetchVariables.shape,
  ...accountsVariables.shape,
  ...storageVariables.shape,
  ...uploadsVariables.shape,
  ...scansVariables.shape,
  ...sourcesVariables.shape,
  ...enforcementVariables.shape,
  ...takedownLifecycleVariables.shape,
  ...billingVariables.shape,
  ...notificationsVariables.shape,
  ...affiliatesVariables.shape,
  ...promoRemovalsVariables.shape,
  ...staffVariables.shape,
  ...supportVariables.shape,
});

export type Env = z.infer<typeof envSchema>;

/** Rules that tie variables together; checked on the raw input so they are reported with the rest. */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const set = (name: string) => (source[name] ?? '').trim() !== '';
  return [
    ...authProblems(set),
    ...storageProblems(set),
    ...sourcesProblems(set),
    ...billingProblems(set),
  ];
}

function configFrom(env: Env) {
  const server = serverConfig(env);
  const { dataDir } = server;
  return {
    ...server,
    ...databaseConfig(env, dataDir),
    ...authConfig(env, dataDir),
    ...mailConfig(env, dataDir),
    ...brandsPlansConfig(env),
    ...fetchConfig(env),
    ...accountsConfig(env),
    ...storageConfig(env, dataDir),
    ...uploadsConfig(env),
    ...scansConfig(env),
    ...sourcesConfig(env),
    ...enforcementConfig(env),
    ...takedownLifecycleConfig(env),
    ...billingConfig(env),
    ...notificationsConfig(env),
    ...affiliatesConfig(env),
    ...promoRemovalsConfig(env),
    ...staffConfig(env),
    ...supportConfig(env),
  };
}

export type Config = ReturnType<typeof configFrom>;
export type { DatabaseConfig } from '#server/config/areas/database.ts';
/** Where uploaded files live: under DATA_DIR/files, or in an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig = Config['storage'];
export type ScanSourcesConfig = Config['scanSources'];
export type EnforcementConfig = Config['enforcement'];
export type BillingConfig = Config['billing'];
export type StripeSettings = NonNullable<BillingConfig['stripe']>;
export type AffiliateConfig = Config['affiliates'];

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
  const input =
    purpose === 'cli'
      ? { ...source, AUTH_SECRET: source.AUTH_SECRET || 'cli-does-not-sign-sessions-000000000' }
      : source;
  const parsed = envSchema.safeParse(input);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map(
          (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
        )),
    ...crossFieldProblems(input),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return configFrom(parsed.data);
}
