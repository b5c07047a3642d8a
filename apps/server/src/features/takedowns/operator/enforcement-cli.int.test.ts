// The operator's side of enforcement through the real CLI: a notice for a recipient that takes only a
// web form (Cloudflare) becomes a form task listed, shown field by field and marked done; the day's
// delisting files are listed, printed and marked submitted. On PGlite the CLI reaches the running
// server through its admin socket; on Postgres it opens the database itself.
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delistingRequest, formTask, takedownEvent } from '@shark/db/schema.ts';
import type { RdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { startAdminSocket } from '#server/features/admin/admin-socket.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { utcDay } from '#server/features/takedowns/notices/delisting-service.ts';
import {
  HOME_ADDRESS,
  LEGAL_NAME,
  rdapEnv,
  recordLeak,
  signAuthorization,
  startEnforcementServer,
  startTestRdap,
  takedownReaches,
  testCreator,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

const bin = fileURLToPath(new URL('../../../../bin/shark.js', import.meta.url));

let rdap: RdapStandIn;
let server: TestServer;
let socket: Server | null = null;

function shark(
  ...args: string[]
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: server.dataDir,
  };
  if (server.config.database.driver === 'postgres') env.DATABASE_URL = server.config.database.url;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  rdap = await startTestRdap();
  server = await startEnforcementServer(rdapEnv(rdap), { persistent: true });
  if (server.config.database.driver === 'pglite') {
    socket = await startAdminSocket(
      server.dataDir,
      server.services.accounts,
      server.services.enforcement.operator,
    );
  }
});
afterAll(async () => {
  socket?.close();
  await server?.close();
  await rdap?.close();
});

describe('shark forms', () => {
  let taskId: string;
  let takedownId: string;

  beforeAll(async () => {
    const creator = await testCreator(server);
    await signAuthorization(creator);
    takedownId = (await recordLeak(server, creator.userId, 'https://cdn-leaks.example/post/77'))
      .takedownId!;
    const [task] = await waitFor(
      async () => {
        const rows = await server.services.database.db
          .select()
          .from(formTask)
          .where(eq(formTask.userId, creator.userId));
        return rows.length > 0 && rows;
      },
      { what: 'the form task' },
    );
    taskId = task!.id;
  });

  it('lists the open tasks', async () => {
    const listed = await shark('forms', 'list');
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(taskId);
    expect(listed.stdout).toContain('Cloudflare, Inc.');
    expect(listed.stdout).toContain('https://abuse.cloudflare.com/');
    const json = await shark('forms', 'list', '--json');
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: taskId, urls: 1, recipient: 'Cloudflare, Inc.' }),
      ]),
    );
  });

  it('shows every field ready to paste, with the agent’s contact and not the creator’s address', async () => {
    const shown = await shark('forms', 'show', taskId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Form:      https://abuse.cloudflare.com/');
    expect(shown.stdout).toMatch(
      /--- Location of the infringing material \(URLs, one per line\) ---\nhttps:\/\/cdn-leaks\.example\/post\/77\n/,
    );
    expect(shown.stdout).toMatch(/--- Copyright owner you represent ---\nLuna Maria Vale\n/);
    expect(shown.stdout).toMatch(/--- E-mail address ---\ndmca@shark\.example\n/);
    expect(shown.stdout).toContain(
      `/s/ Jordan Reyes, on behalf of Shark, authorised agent of ${LEGAL_NAME}`,
    );
    expect(shown.stdout).not.toContain(HOME_ADDRESS.addressLine1);
  });

  it('marks a task done: its takedown counts as notified; done twice or unknown ids are refused', async () => {
    const done = await shark('forms', 'done', taskId, '--by', 'Ops Olga');
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`Form task ${taskId} marked submitted by Ops Olga`);
    const sent = await takedownReaches(server, takedownId, ['notice_sent']);
    expect(sent.responseDueAt!.getTime() - sent.noticeSentAt!.getTime()).toBe(72 * 3600_000);
    const events = await server.services.database.db
      .select()
      .from(takedownEvent)
      .where(eq(takedownEvent.takedownId, takedownId));
    expect(events.at(-1)?.detail).toMatch(
      /web form \(https:\/\/abuse\.cloudflare\.com\/\) by Ops Olga/,
    );
    expect((await shark('forms', 'list')).stdout).not.toContain(taskId);

    const again = await shark('forms', 'done', taskId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already submitted .* by Ops Olga/);
    const unknown = await shark('forms', 'show', 'frm_nothing');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No form task frm_nothing/);
    expect((await shark('forms', 'done', 'frm_nothing')).code).toBe(1);
    const usage = await shark('forms', 'done');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/needs a form task id/);
    expect((await shark('forms', 'sing')).stderr).toMatch(/Unknown command "forms sing"/);
  });
});

describe('shark delisting', () => {
  it('lists the day’s batches, prints a file and marks it submitted', async () => {
    const creator = await testCreator(server);
    await signAuthorization(creator);
    const { takedownId } = await recordLeak(
      server,
      creator.userId,
      'https://leaky-tube.example/watch/cli-1',
    );
    await takedownReaches(server, takedownId!, ['notice_sent']);
    const day = utcDay(new Date());
    await server.services.enforcement.delisting.batch(day);

    const listed = await shark('delisting', 'list');
    expect(listed.code).toBe(0);
    const googleLine = listed.stdout
      .split('\n')
      .find((line) => line.includes('google') && line.includes(day));
    expect(googleLine).toMatch(
      /^dlb_[0-9a-f]+ +google +\d{4}-\d{2}-\d{2} +\d+ URLs +not submitted +delisting\/google\//,
    );
    const batchId = googleLine!.split(/\s+/)[0]!;

    const csv = await shark('delisting', 'csv', batchId);
    expect(csv.code).toBe(0);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe(
      'Infringing URL,Copyrighted work,Authorized example of the work (URL),Copyright owner,Reporting organization,Notice ID',
    );
    expect(csv.stdout).toContain('https://leaky-tube.example/watch/cli-1,');

    const submitted = await shark('delisting', 'submitted', batchId);
    expect(submitted.code).toBe(0);
    expect(submitted.stdout).toContain(`Delisting batch ${batchId} (google, ${day}`);
    const [request] = await server.services.database.db
      .select()
      .from(delistingRequest)
      .where(eq(delistingRequest.takedownId, takedownId!))
      .orderBy(delistingRequest.engine);
    expect(request).toBeDefined();
    const statuses = (
      await server.services.database.db
        .select()
        .from(delistingRequest)
        .where(eq(delistingRequest.takedownId, takedownId!))
    )
      .map((r) => [r.engine, r.status])
      .sort();
    expect(statuses).toEqual([
      ['bing', 'batched'],
      ['google', 'submitted'],
    ]);
    expect((await shark('delisting', 'list')).stdout).toMatch(
      new RegExp(`${batchId} .* submitted \\d{4}-`),
    );

    const again = await shark('delisting', 'submitted', batchId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/was marked submitted on/);
    const unknown = await shark('delisting', 'csv', 'dlb_nothing');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No delisting batch dlb_nothing/);
  });
});
