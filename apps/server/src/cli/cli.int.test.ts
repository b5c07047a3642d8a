// The operator CLI on the server's database: each command once as operators run it (a separate process),
// the rest of the cases in-process through the same runCli.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { createSharkServer } from '#server/app/server.ts';
import { createLogger } from '#server/http/logger.ts';
import { itRefuses, jsonOfSuccess } from './testing/cli-test-cases.ts';
import { useCliTestEnv, withServerHoldingDatabase } from './testing/cli-test-env.ts';
import { sharkProcess } from './testing/run-shark.ts';
import { PDQ_IMAGES_DIR, PDQ_TESTDATA_DIR } from '@shark/engine/testdata.ts';

const bin = fileURLToPath(new URL('../../bin/shark.js', import.meta.url));

/** Most cases run in this process; a few run as operators run them, in a child process. */
const cli = useCliTestEnv('users');
const { shark } = cli;

beforeAll(async () => {
  // A real account, made the way the server makes one; then the server lets go of the database.
  const services = await createSharkServer(loadConfig({ ...cli.env, LOG_LEVEL: 'silent' }), {
    logger: createLogger('silent'),
  });
  await services.auth.api.signUpEmail({
    body: { name: 'Cli User', email: 'cli@example.com', password: 'cli password 1' },
  });
  await services.close();
});

describe('shark users', () => {
  it('grants and shows the same JSON as /api/user', async () => {
    const granted = await sharkProcess(
      cli.env,
      'users',
      'grant',
      'CLI@example.com',
      '--status',
      'subscribed',
      '--plan',
      'premium',
      '--features',
      'promoProtect,explicitlyShowUploadFiles',
      '--suggest-upgrade',
      'Try Premium',
      '--cancelled-but-active',
    );
    expect(granted.stderr).not.toMatch(/shark:/);
    expect(granted.code).toBe(0);
    const shown = await shark('users', 'show', 'cli@example.com');
    expect(shown.code).toBe(0);
    const user: unknown = JSON.parse(shown.stdout);
    expect(user).toEqual(JSON.parse(granted.stdout));
    expect(user).toMatchObject({
      email: 'cli@example.com',
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: [
        'promoProtect',
        'submitLeak',
        'impersonation',
        'searchEngineRemovals',
        'explicitlyShowUploadFiles',
      ],
      isCancelledButActive: true,
      shouldShowUpgrade: true,
      suggestUpgradeCustomMessage: 'Try Premium',
    });
  });

  it('keeps flags that are not given, and clears features and suggestion with empty values', async () => {
    await shark(
      'users',
      'grant',
      'cli@example.com',
      '--status',
      'subscribed',
      '--plan',
      'plus',
      '--features',
      'promoProtect',
      '--suggest-upgrade',
      'x',
    );
    const affiliate = await shark('users', 'grant', 'cli@example.com', '--affiliate-only');
    expect(JSON.parse(affiliate.stdout)).toMatchObject({
      isAffiliateOnly: true,
      frontendStatus: 'subscribed',
      effectiveSpecialFeatures: ['promoProtect', 'submitLeak', 'searchEngineRemovals'],
    });
    const cleared = await shark(
      'users',
      'grant',
      'cli@example.com',
      '--features',
      '',
      '--suggest-upgrade=',
      '--affiliate-only=false',
    );
    expect(JSON.parse(cleared.stdout)).toMatchObject({
      isAffiliateOnly: false,
      effectiveSpecialFeatures: ['submitLeak', 'searchEngineRemovals'],
      shouldShowUpgrade: false,
      suggestUpgradeCustomMessage: null,
    });
    const former = await shark('users', 'grant', 'cli@example.com', '--status', 'former');
    expect(JSON.parse(former.stdout)).toMatchObject({
      frontendStatus: 'former',
      effectiveSpecialFeatures: [],
      isCancelledButActive: false,
    });
  });

  itRefuses(shark, [
    [['users', 'show', 'nobody@example.com'], /No user with the e-mail address nobody@example.com/],
    [
      ['users', 'grant', 'nobody@example.com', '--status', 'free'],
      /No user with the e-mail address/,
    ],
    [['users', 'grant', 'cli@example.com', '--colour', 'blue'], /Unknown flag --colour/],
    [
      ['users', 'grant', 'cli@example.com', '--status', 'gold'],
      /--status must be one of free, subscribed, former; got "gold"/,
    ],
    [
      ['users', 'grant', 'cli@example.com', '--status', 'subscribed', '--plan', 'ultra'],
      /--plan must be one of standard, plus, premium/,
    ],
    [
      ['users', 'grant', 'cli@example.com', '--features', 'promoProtect,flying'],
      /--features must be one of .*got "flying"/,
    ],
    [
      ['users', 'grant', 'cli@example.com', '--affiliate-only=maybe'],
      /--affiliate-only takes true or false/,
    ],
    [['users', 'grant', 'cli@example.com', '--status'], /--status needs a value/],
    [['users', 'grant', 'cli@example.com'], /Nothing to change/],
    [['users', 'grant'], /needs an e-mail address/],
    [['users', 'delete', 'cli@example.com'], /Unknown command "users delete"/],
    [['payments'], /Unknown command "payments"/],
  ]);

  it('lists the commands with --help', async () => {
    const result = await shark('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('shark users grant <email>');
    expect(result.stdout).toContain('shark users show <email>');
  });
});

describe('shark users while a server holds the embedded database (always PGlite)', () => {
  it('hands the command to the running server through its admin socket', async () => {
    await withServerHoldingDatabase('users', {}, async ({ services, live }) => {
      await services.auth.api.signUpEmail({
        body: { name: 'Live', email: 'live@example.com', password: 'live password 1' },
      });
      const run = (...args: string[]) => sharkProcess(live, ...args);
      const granted = await run(
        'users',
        'grant',
        'live@example.com',
        '--status',
        'subscribed',
        '--plan',
        'standard',
      );
      expect(jsonOfSuccess(granted)).toMatchObject({
        frontendStatus: 'subscribed',
        effectiveSpecialFeatures: ['submitLeak'],
      });
      await expect(services.accounts.showByEmail('live@example.com')).resolves.toMatchObject({
        frontendStatus: 'subscribed',
      });

      const missing = await run('users', 'show', 'ghost@example.com');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/No user with the e-mail address ghost@example.com/);
    });
  });
});

describe('shark hash', () => {
  const vectors = PDQ_TESTDATA_DIR;

  it("prints '<hash>,<quality>,<file>' lines equal to Meta's reference output", async () => {
    const expected = readFileSync(join(vectors, 'expected.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(0, 3);
    const files = expected.map((line) => join(vectors, line.split(',')[2]!));
    const result = await sharkProcess(cli.env, 'hash', ...files);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(
      expected.map((line, i) => `${line.split(',').slice(0, 2).join(',')},${files[i]}`),
    );
  });

  it('reports an unreadable file on stderr, hashes the rest, and exits 1', async () => {
    const good = join(vectors, 'images/misc-images-wee.jpg');
    const result = await shark('hash', bin, good, join(vectors, 'no-such-file.jpg'));
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    expect(result.stdout).toContain(`,100,${good}`);
    expect(result.stderr).toContain(`shark: ${bin}: Not a readable image`);
    expect(result.stderr).toContain('no-such-file.jpg: Not a readable image');
  });

  it('needs at least one file', async () => {
    const result = await shark('hash');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('shark hash FILE...');
  });
});

describe('shark match', () => {
  const images = PDQ_IMAGES_DIR;
  let refs: string;
  let candidates: string;

  beforeAll(() => {
    refs = mkdtempSync(join(tmpdir(), 'shark-refs-'));
    candidates = mkdtempSync(join(tmpdir(), 'shark-candidates-'));
    copyFileSync(join(images, 'bridge-mods-aaa-orig.jpg'), join(refs, 'bridge.jpg'));
    copyFileSync(join(images, 'labelme-subset-q0746.jpg'), join(refs, 'street.jpg'));
    // Named without extensions or misleadingly: content decides.
    copyFileSync(join(images, 'bridge-mods-shrink-a-lot.jpg'), join(candidates, 'a-copy'));
    copyFileSync(join(images, 'labelme-subset-q2821.jpg'), join(candidates, 'b-other.png'));
    writeFileSync(join(candidates, 'c-notes.jpg'), 'this is text, not a picture');
  });
  afterAll(() => {
    rmSync(refs, { recursive: true, force: true });
    rmSync(candidates, { recursive: true, force: true });
  });

  it('prints one JSON object per candidate, with an error line for a bad file, and exits 0', async () => {
    const result = await sharkProcess(
      cli.env,
      'match',
      '--refs',
      refs,
      '--candidates',
      candidates,
      '--json',
    );
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      candidate: join(candidates, 'a-copy'),
      reference: join(refs, 'bridge.jpg'),
      distance: expect.any(Number),
    });
    expect(Object.keys(lines[0]!).sort()).toEqual([
      'candidate',
      'confidence',
      'distance',
      'reference',
    ]);
    expect(lines[0]!.confidence).toBeGreaterThan(0.5);
    expect(lines[1]).toMatchObject({
      candidate: join(candidates, 'b-other.png'),
      reference: null,
      distance: null,
    });
    expect(lines[1]!.confidence).toBeLessThanOrEqual(0.5);
    expect(lines[2]).toMatchObject({
      candidate: join(candidates, 'c-notes.jpg'),
      reference: null,
      distance: null,
      confidence: 0,
      error: expect.stringMatching(/not an image or a video/),
    });
  });

  it('prints a readable table without --json', async () => {
    const result = await shark('match', '--refs', refs, '--candidates', candidates);
    expect(result.code).toBe(0);
    const rows = result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows[0]).toEqual(['candidate', 'reference', 'distance', 'confidence']);
    expect(rows[1]?.slice(0, 2)).toEqual([join(candidates, 'a-copy'), join(refs, 'bridge.jpg')]);
    expect(rows[3]?.[1]).toMatch(/^error: /);
  });

  it('refuses missing or wrong directories with a usage message and exit 1', async () => {
    const missing = await shark('match', '--refs', refs);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--candidates DIR is required');
    const notDir = await shark(
      'match',
      '--refs',
      join(refs, 'bridge.jpg'),
      '--candidates',
      candidates,
    );
    expect(notDir.code).toBe(1);
    expect(notDir.stderr).toContain('is not a directory');
  });
});
