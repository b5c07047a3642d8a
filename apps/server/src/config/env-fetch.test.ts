// The fetcher's and the accounts' settings: defaults, parsing, and every bad value reported at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_URL_TEMPLATES } from '@shark/engine/accounts/account-identity.ts';
import { darkWebScanningStatus } from './areas/fetch.ts';
import { ConfigError, loadConfig } from './env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shark-env-fetch-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('fetch and accounts settings', () => {
  it('has safe defaults: nothing allowlisted, 5 s to connect, 15 s in all, 5 MB, real profile URLs, 30 s between checks', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.fetch).toEqual({
      allowlist: [],
      connectTimeoutMs: 5000,
      timeoutMs: 15000,
      maxBytes: 5 * 1024 * 1024,
      tor: null,
    });
    expect(darkWebScanningStatus(config)).toBe('off: TOR_SOCKS_URL is unset');
    expect(config.accounts).toEqual({
      profileUrlTemplates: DEFAULT_PROFILE_URL_TEMPLATES,
      checkIntervalSeconds: 30,
    });
  });

  it('reads TOR_SOCKS_URL, and refuses a proxy that would resolve names locally', () => {
    const config = loadConfig({ DATA_DIR: dataDir, TOR_SOCKS_URL: 'socks5h://127.0.0.1:9050' });
    expect(config.fetch.tor).toEqual({ host: '127.0.0.1', port: 9050 });
    expect(darkWebScanningStatus(config)).toBe(
      'on for Premium: onion sites through Tor at 127.0.0.1:9050',
    );
    expect(problemsOf({ TOR_SOCKS_URL: 'socks5://127.0.0.1:9050' })).toEqual([
      'TOR_SOCKS_URL: must start with socks5h:// (names resolved by the proxy), not socks5://',
    ]);
  });

  it('reads the allowlist, limits and template overrides', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SHARK_FETCH_ALLOWLIST: '127.0.0.1:4300, stand-in.test ,[::1]:8080',
      SHARK_FETCH_CONNECT_TIMEOUT_MS: '1000',
      SHARK_FETCH_TIMEOUT_MS: '2000',
      SHARK_FETCH_MAX_BYTES: '65536',
      PROFILE_URL_TEMPLATES: '{"onlyfans":"http://127.0.0.1:4300/of/{username}"}',
      ACCOUNT_CHECK_INTERVAL_SECONDS: '5',
    });
    expect(config.fetch).toEqual({
      allowlist: [
        { host: '127.0.0.1', port: 4300 },
        { host: 'stand-in.test', port: null },
        { host: '::1', port: 8080 },
      ],
      connectTimeoutMs: 1000,
      timeoutMs: 2000,
      maxBytes: 65536,
      tor: null,
    });
    expect(config.accounts.profileUrlTemplates).toEqual({
      ...DEFAULT_PROFILE_URL_TEMPLATES,
      onlyfans: 'http://127.0.0.1:4300/of/{username}',
    });
    expect(config.accounts.checkIntervalSeconds).toBe(5);
  });

  it('lists every bad value', () => {
    const problems = problemsOf({
      SHARK_FETCH_ALLOWLIST: 'http://example.com/, 127.0.0.1:99999, ok.test',
      SHARK_FETCH_TIMEOUT_MS: '0',
      SHARK_FETCH_MAX_BYTES: 'lots',
      PROFILE_URL_TEMPLATES:
        '{"onlyfans":"https://onlyfans.com/","myspace":"https://myspace.com/{username}","x":"ftp://x/{username}"}',
      ACCOUNT_CHECK_INTERVAL_SECONDS: '-1',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'SHARK_FETCH_ALLOWLIST: "http://example.com/" must be a host or host:port, not a URL',
        'SHARK_FETCH_ALLOWLIST: "127.0.0.1:99999" is not a valid host or host:port',
        'SHARK_FETCH_TIMEOUT_MS: must be a whole number above 0',
        'SHARK_FETCH_MAX_BYTES: must be a whole number above 0',
        'PROFILE_URL_TEMPLATES: onlyfans must contain {username}',
        'PROFILE_URL_TEMPLATES: myspace is not a platform with usernames (onlyfans, fansly, instagram, tiktok, x, reddit, telegram, youtube)',
        'PROFILE_URL_TEMPLATES: x must be an http or https URL',
        'ACCOUNT_CHECK_INTERVAL_SECONDS: must be a whole number above 0',
      ]),
    );
    expect(problemsOf({ PROFILE_URL_TEMPLATES: 'not json' })).toEqual([
      'PROFILE_URL_TEMPLATES: must be a JSON object of platform to URL template',
    ]);
  });
});
