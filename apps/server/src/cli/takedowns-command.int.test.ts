// `shark takedowns show|respond|check` on the server's database (or, while a server holds the embedded
// database, through its admin socket): `show` and the admin socket as operators run them, a separate
// process; the other cases in-process through the same runCli.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import {
  insertCreator,
  insertTakedown,
  markNoticeSent,
} from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { createLogger } from '#server/http/logger.ts';
import { createSharkServer } from '#server/app/server.ts';
import { itListsHelp, itRefuses, jsonOfSuccess } from './testing/cli-test-cases.ts';
import { useCliTestEnv, withServerHoldingDatabase } from './testing/cli-test-env.ts';
import { sharkInProcess, sharkProcess } from './testing/run-shark.ts';

let confirmedId: string;
let sentId: string;
let otherSentId: string;
let goneId: string;
/** A site on 127.0.0.1 whose page was taken down: it answers 404. */
let site: Server;
let origin: string;

/** Cases run in this process through runCli; `show` and the admin-socket case run as a separate process. */
const shark = sharkInProcess;

beforeAll(async () => {
  site = createServer(
    (req, res) =>
      void res
        .writeHead(req.url === '/robots.txt' ? 200 : 404, { 'content-type': 'text/plain' })
        .end(''),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
const cli = useCliTestEnv('takedowns', () => ({
  LOG_LEVEL: 'silent',
  SHARK_FETCH_ALLOWLIST: new URL(origin).host,
}));

beforeAll(async () => {
  // The server's database with takedowns in it; then the server lets go of it.
  const services = await createSharkServer(
    loadConfig({
      ...cli.env,
      SCAN_SCHEDULE_CHECK_SECONDS: '86400',
      ENFORCEMENT_SWEEP_SECONDS: '86400',
    }),
    { logger: createLogger('silent'), workers: false },
  );
  const db = services.database.db;
  const userId = await insertCreator(db);
  const now = new Date();
  confirmedId = (await insertTakedown(db, { userId, confirmedAt: now })).id;
  sentId = (await markNoticeSent(
    db,
    (await insertTakedown(db, { userId, confirmedAt: now })).id,
    now,
  ))!.id;
  otherSentId = (await markNoticeSent(
    db,
    (await insertTakedown(db, { userId, confirmedAt: now })).id,
    now,
  ))!.id;
  goneId = (await markNoticeSent(
    db,
    (await insertTakedown(db, { userId, confirmedAt: now, pageUrl: `${origin}/watch/taken-down` }))
      .id,
    now,
  ))!.id;
  await services.close();
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

describe('shark takedowns', () => {
  it('shows a takedown with its status, events, recipients and notices', async () => {
    const result = await sharkProcess(cli.env, 'takedowns', 'show', sentId);
    const shown = jsonOfSuccess<Record<string, unknown>>(result);
    expect(shown).toMatchObject({ id: sentId, status: 'notice_sent', level: 0, notices: [] });
    expect((shown.events as { to: string }[]).map((e) => e.to)).toEqual([
      'confirmed',
      'notice_sent',
    ]);
    expect(
      (shown.recipients as { role: string; isCurrent: boolean }[]).map((r) => [
        r.role,
        r.isCurrent,
      ]),
    ).toEqual([
      ['site', true],
      ['host', false],
      ['registrar', false],
    ]);
  });

  it('records a rejection with its reason, and a removal', async () => {
    const rejected = await shark(
      cli.env,
      'takedowns',
      'respond',
      sentId,
      '--rejected',
      'They claim fair use',
    );
    const shown = jsonOfSuccess<{
      status: string;
      events: { from: string; to: string; detail: string }[];
    }>(rejected);
    expect(shown.status).toBe('rejected');
    expect(shown.events.at(-1)).toMatchObject({
      from: 'notice_sent',
      to: 'rejected',
      detail: 'ClipTube (site) rejected the notice: They claim fair use',
    });

    const removed = await shark(
      cli.env,
      'takedowns',
      'respond',
      otherSentId,
      '--removed',
      '--note',
      'ticket 77',
    );
    expect(removed.code).toBe(0);
    expect(JSON.parse(removed.stdout)).toMatchObject({
      status: 'removed',
      events: expect.arrayContaining([
        expect.objectContaining({ to: 'removed', detail: expect.stringContaining('ticket 77') }),
      ]),
    });
  });

  it('checks a URL now and records its removal', async () => {
    const result = await shark(cli.env, 'takedowns', 'check', goneId);
    const out = jsonOfSuccess<{
      check: unknown;
      takedown: { status: string; checkCount: number; events: { to: string; detail: string }[] };
    }>(result);
    expect(out.check).toEqual({ outcome: 'removed', reason: 'The page answers HTTP 404.' });
    expect(out.takedown).toMatchObject({ status: 'removed', checkCount: 1 });
    expect(out.takedown.events.at(-1)).toMatchObject({
      to: 'removed',
      detail: 'Check 1: The page answers HTTP 404.',
    });
    const again = await shark(cli.env, 'takedowns', 'check', goneId);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is removed: there is nothing to check/);
  });

  itRefuses(
    (...args) => shark(cli.env, ...args.map((a) => (a === 'CONFIRMED' ? confirmedId : a))),
    [
      [['takedowns', 'check', 'no-such-takedown'], /No takedown with the id "no-such-takedown"/],
      [['takedowns', 'show', 'no-such-takedown'], /No takedown with the id "no-such-takedown"/],
      [['takedowns', 'respond', 'no-such-takedown', '--removed'], /No takedown with the id/],
      [
        ['takedowns', 'respond', 'ID', '--rejected', 'x', '--removed'],
        /Give --rejected or --removed, not both/,
      ],
      [['takedowns', 'respond', 'ID'], /--rejected "<reason>" or --removed/],
      [['takedowns', 'respond', 'ID', '--rejected', ''], /--rejected needs the reason/],
      [['takedowns', 'respond', 'ID', '--removed=false'], /--removed takes no value/],
      [['takedowns', 'respond', 'ID', '--accepted'], /Unknown flag --accepted/],
      [['takedowns', 'respond', '--removed'], /needs a takedown id/],
      [['takedowns', 'show'], /needs a takedown id/],
      [['takedowns', 'delete', 'ID'], /Unknown command "takedowns delete"/],
      [
        ['takedowns', 'respond', 'CONFIRMED', '--rejected', 'No'],
        /is confirmed: a rejection is recorded only while a notice waits for its answer/,
      ],
    ],
  );

  itListsHelp(
    (...args) => shark(cli.env, ...args),
    'takedowns',
    'shark takedowns respond <id> --rejected "<reason>"',
    'shark takedowns show <id>',
  );
});

describe('shark takedowns while a server holds the embedded database (always PGlite)', () => {
  it('hands the command to the running server through its admin socket', async () => {
    await withServerHoldingDatabase(
      'takedowns',
      {
        vars: {
          SHARK_FETCH_ALLOWLIST: new URL(origin).host,
          SCAN_SCHEDULE_CHECK_SECONDS: '86400',
          ENFORCEMENT_SWEEP_SECONDS: '86400',
        },
        commands: (services) => ({ ...services.takedownLifecycle.adminCommands }),
      },
      async ({ services, live }) => {
        const db = services.database.db;
        const userId = await insertCreator(db);
        const row = (await markNoticeSent(
          db,
          (await insertTakedown(db, { userId })).id,
          new Date(),
        ))!;
        const rejected = await sharkProcess(
          live,
          'takedowns',
          'respond',
          row.id,
          '--rejected',
          'Not our content',
        );
        expect(jsonOfSuccess(rejected)).toMatchObject({ id: row.id, status: 'rejected' });
        expect(await services.takedownLifecycle.describe(row.id)).toMatchObject({
          status: 'rejected',
        });
        const gone = (await markNoticeSent(
          db,
          (await insertTakedown(db, { userId, pageUrl: `${origin}/watch/gone-live` })).id,
          new Date(),
        ))!;
        const checked = await sharkProcess(live, 'takedowns', 'check', gone.id);
        expect(checked.code).toBe(0);
        expect(JSON.parse(checked.stdout)).toMatchObject({
          check: { outcome: 'removed' },
          takedown: { status: 'removed' },
        });
        const missing = await sharkProcess(live, 'takedowns', 'show', 'ghost');
        expect(missing.code).toBe(1);
        expect(missing.stderr).toMatch(/No takedown with the id "ghost"/);
      },
    );
  });
});
