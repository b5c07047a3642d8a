// Starts Shark: configuration, database and migrations, then the API and the web app on one port.
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { DataDirLockedError } from '@shark/db/client.ts';
import { createApp } from './http/app.ts';
import { createServices } from './services.ts';
import { startAdminSocket } from './features/admin/admin-socket.ts';

async function main() {
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

  const services = await createServices(config);
  const { logger } = services;
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('Shark is running', {
      url: config.publicUrl,
      port: info.port,
      database: config.database.driver === 'pglite' ? `embedded (${config.dataDir})` : 'postgres',
      mail: config.smtpUrl ? 'smtp' : `files in ${config.mailDir}`,
    });
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error(error.code === 'EADDRINUSE' ? `Port ${config.port} is already in use: set PORT to another port.` : error.message);
    void services.close().finally(() => process.exit(1));
  });

  // Embedded mode: the CLI reaches this process for operator commands (see features/admin).
  const adminSocket = config.database.driver === 'pglite' ? await startAdminSocket(config.dataDir, services.accounts) : null;

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

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Shark could not start: ${(error as Error).stack ?? String(error)}\n`);
  }
  process.exit(1);
});
