// In embedded mode only the server may open the database, so the CLI reaches a running server through a
// Unix socket in DATA_DIR (owner-only permissions) and the same account service does the work.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '#server/http/app-error.ts';
import { DEFAULT_BODY_LIMIT, limitedTo } from '#server/http/body-limits.ts';
import { parseBody } from '#server/http/validation.ts';
import type { AccountService } from '#server/features/user/account-service.ts';
import { FRONTEND_STATUSES, PLANS, SPECIAL_FEATURES } from '@shark/contracts/user.ts';

export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

const showSchema = z.object({ email: z.string().min(1) });
const grantSchema = z.object({
  email: z.string().min(1),
  changes: z.object({
    status: z.enum(FRONTEND_STATUSES).optional(),
    plan: z.enum(PLANS).optional(),
    features: z.array(z.enum(SPECIAL_FEATURES)).optional(),
    affiliateOnly: z.boolean().optional(),
    cancelledButActive: z.boolean().optional(),
    suggestUpgrade: z.string().optional(),
  }),
});

/** More commands by name (`forms/list`…), each taking the JSON body; features/enforcement gives its operator's. */
export type AdminCommands = Record<string, (body: unknown) => Promise<unknown>>;

export async function startAdminSocket(
  dataDir: string,
  accounts: AccountService,
  commands: AdminCommands = {},
): Promise<Server> {
  const app = new Hono();
  // Only the owner of DATA_DIR reaches this socket, but a command is still small JSON.
  app.use('*', limitedTo(DEFAULT_BODY_LIMIT));
  for (const [name, run] of Object.entries(commands)) {
    app.post(`/${name}`, async (c) => {
      const text = await c.req.text();
      let body: unknown;
      try {
        body = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        throw new AppError('BAD_REQUEST', 'The command body is not valid JSON.');
      }
      return c.json((await run(body)) ?? null);
    });
  }
  app.post('/users/show', async (c) =>
    c.json(await accounts.showByEmail(parseBody(showSchema, await c.req.text()).email)),
  );
  app.post('/users/grant', async (c) => {
    const { email, changes } = parseBody(grantSchema, await c.req.text());
    return c.json(await accounts.grant(email, changes));
  });
  app.onError((error, c) => {
    const known = error instanceof AppError ? error : new AppError('INTERNAL', error.message);
    return c.json(known.toBody(), known.status);
  });

  const path = adminSocketPath(dataDir);
  // A socket file left by a process that died; the data-directory lock already proved we are alone.
  if (existsSync(path)) rmSync(path, { force: true });
  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  return server;
}

/** The CLI's side: sends one command to the running server. */
export function callAdminSocket(dataDir: string, command: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        socketPath: adminSocketPath(dataDir),
        path: `/${command}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          if ((res.statusCode ?? 500) >= 400)
            reject(
              new AppError('BAD_REQUEST', parsed.message ?? 'The server refused the command.'),
            );
          else resolve(parsed);
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
