import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shark-env-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('runs with no variables at all: port 3000, embedded database in ./data', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ driver: 'pglite', dataDir });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mailDir).toBe(join(dataDir, 'mail'));
    expect(config.google).toBeNull();
    expect(loadConfig({}).dataDir).toBe(join(process.cwd(), 'data'));
  });

  it('searches five result pages per query by default, and names PUBLIC_URL in the User-Agent only when set', () => {
    const dataDir = tempDir();
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.scans.maxSourcePages).toBe(5);
    expect(defaults.userAgent).toBe('SharkBot/0.1 (content protection)');
    const configured = loadConfig({
      DATA_DIR: dataDir,
      SCAN_MAX_SOURCE_PAGES: '8',
      PUBLIC_URL: 'https://shark.example.com/',
    });
    expect(configured.scans.maxSourcePages).toBe(8);
    expect(configured.userAgent).toBe(
      'SharkBot/0.1 (content protection; +https://shark.example.com)',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SCAN_MAX_SOURCE_PAGES: '0' })).toThrow(
      ConfigError,
    );
  });

  it('creates the embedded secret once and keeps it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(first);
  });

  it('switches to Postgres with DATABASE_URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/shark',
      AUTH_SECRET: 'x'.repeat(32),
      DATA_DIR: tempDir(),
    });
    expect(config.database).toEqual({
      driver: 'postgres',
      url: 'postgres://u@db:5432/shark',
      poolSize: 10,
    });
  });

  it('runs 2 jobs at a time unless WORKER_CONCURRENCY says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).workerConcurrency).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), WORKER_CONCURRENCY: '8' }).workerConcurrency).toBe(8);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WORKER_CONCURRENCY: '0' })).toThrow(
      /WORKER_CONCURRENCY: must be a whole number above 0/,
    );
  });

  it('reads TRUST_PROXY as a number of proxy hops; true is one, false none', () => {
    const hops = (value?: string) =>
      loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(hops()).toBe(0);
    expect([hops('true'), hops('yes'), hops('1')]).toEqual([1, 1, 1]);
    expect([hops('false'), hops('no'), hops('0')]).toEqual([0, 0, 0]);
    expect(hops('2')).toBe(2);
    expect(() => hops('-1')).toThrow(/TRUST_PROXY: must be true, false or a number of proxy hops/);
  });

  it('lists every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://localhost/db',
        SMTP_URL: 'http://mail',
        GOOGLE_CLIENT_ID: 'only-the-id',
        TRUST_PROXY: 'sometimes',
        AUTH_RATE_MAX_PER_EMAIL: '0',
        PUBLIC_URL: 'not a url',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'GOOGLE_CLIENT_SECRET',
      'TRUST_PROXY',
      'AUTH_RATE_MAX_PER_EMAIL',
      'PUBLIC_URL',
    ]) {
      expect(problems).toContain(`${name}:`);
    }
    expect((error as Error).message).toMatch(/^Invalid configuration:\n {2}- /);
  });

  it('requires AUTH_SECRET with Postgres, where several processes must agree', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/shark' })).toThrow(
      /AUTH_SECRET: is required with DATABASE_URL/,
    );
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: ' ',
      GOOGLE_CLIENT_SECRET: '',
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.google).toBeNull();
  });

  it('sends new support requests to SUPPORT_INBOX only when it is an address', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).support.inbox).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, SUPPORT_INBOX: ' ' }).support.inbox).toBeNull();
    expect(
      loadConfig({ DATA_DIR: dataDir, SUPPORT_INBOX: ' help@shark.example ' }).support.inbox,
    ).toBe('help@shark.example');
    expect(() => loadConfig({ DATA_DIR: dataDir, SUPPORT_INBOX: 'the team' })).toThrow(
      /SUPPORT_INBOX: must be an e-mail address/,
    );
  });
});
