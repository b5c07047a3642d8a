// Starts Shark: configuration, database and migrations, then the API and the web app on one port and
// the job workers. `--role=api` serves HTTP only and `--role=worker` runs jobs only, so that many
// processes share the work on one PostgreSQL (npm run start:api / start:worker).
import { darkWebScanningStatus } from './config/areas/fetch.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { usePrivateTmpdir } from './config/private-tmpdir.ts';

// The rest loads once the role and configuration are known good, so a mistake is reported at once.
const loadRuntime = async () => ({
  ...(await import('@hono/node-server')),
  ...(await import('./http/app.ts')),
  ...(await import('./app/server.ts')),
  ...(await import('./features/admin/admin-socket.ts')),
  ...(await import('./features/offers/offer-commands.ts')),
  ...(await import('./features/affiliates/affiliate-commands.ts')),
  ...(await import('./features/community/community-commands.ts')),
  ...(await import('./features/risk-registry/risk-registry-commands.ts')),
  ...(await import('./features/staff/staff-commands.ts')),
});

type Role = 'all' | 'api' | 'worker';

function roleFrom(argv: string[]): Role {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  const role = flag ? flag.slice('--role='.length) : 'all';
  if (role === 'all' || role === 'api' || role === 'worker') return role;
  process.stderr.write(
    `Unknown role "${role}": use --role=api, --role=worker or no role (both in one process).\n`,
  );
  process.exit(1);
}

async function main() {
  const role = roleFrom(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee the Configuration section of README.md.\n`);
      process.exit(1);
    }
    throw error;
  }
  usePrivateTmpdir();
  if (role !== 'all' && config.database.driver !== 'postgres') {
    process.stderr.write(
      `The ${role} role shares the work with other processes through PostgreSQL: set DATABASE_URL. ` +
        'On the embedded database one process does everything: npm start.\n',
    );
    process.exit(1);
  }

  const {
    serve,
    createApp,
    createSharkServer,
    startAdminSocket,
    offerCommands,
    affiliateCommands,
    communityCommands,
    registryCommands,
    staffCommands,
  } = await loadRuntime();
  const services = await createSharkServer(config, { workers: role !== 'api' });
  const { logger } = services;
  if (role === 'worker') {
    logger.info('Shark worker is running', {
      concurrency: config.workerConcurrency,
      darkWebScanning: darkWebScanningStatus(config),
    });
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info('stopping', { signal });
      void services.close().finally(() => process.exit(0));
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
    return;
  }
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('Shark is running', {
      url: config.publicUrl,
      port: info.port,
      database: config.database.driver === 'pglite' ? `embedded (${config.dataDir})` : 'postgres',
      jobs: role === 'api' ? 'sent to workers' : `run here, ${config.workerConcurrency} at a time`,
      mail: config.smtpUrl ? 'smtp' : `files in ${config.mailDir}`,
      darkWebScanning: darkWebScanningStatus(config),
    });
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error(
      error.code === 'EADDRINUSE'
        ? `Port ${config.port} is already in use: set PORT to another port.`
        : error.message,
    );
    void services.close().finally(() => process.exit(1));
  });

  // Embedded mode: the CLI reaches this process for operator commands (see features/admin).
  const adminSocket =
    config.database.driver === 'pglite'
      ? await startAdminSocket(config.dataDir, services.accounts, {
          ...services.enforcement.operator,
          ...services.takedownLifecycle.adminCommands,
          ...offerCommands(services.offers),
          ...affiliateCommands(services.affiliates),
          ...communityCommands(services.community),
          ...registryCommands(services.riskRegistry),
          ...staffCommands(services.staff),
          // The end-to-end suite's seeding commands, only on the server it starts.
          ...(config.e2eCommands
            ? (await import('./testing/e2e-admin-commands.ts')).e2eAdminCommands(services)
            : {}),
        })
      : null;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    server.close();
    adminSocket?.close();
    void services.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch(async (error: unknown) => {
  const { DataDirLockedError } = await import('@shark/db/client.ts');
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Shark could not start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
