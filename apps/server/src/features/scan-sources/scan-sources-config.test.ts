// The discovery sources' variables (config/env.ts): defaults, parsing, and every bad value at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATALOG_FILE } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { ConfigError, loadConfig } from '#server/config/env.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shark-env-sources-'));
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

const everySource = (n: number) => ({
  'brave-web': n,
  'brave-images': n,
  'serpapi-google': n,
  'serpapi-lens': n,
  'yandex-images': n,
  tineye: n,
  'google-vision': n,
  ahmia: n,
});

describe('discovery source settings', () => {
  it('has every source off, no quota, 1 request per second and the engine’s catalog by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).scanSources).toEqual({
      brave: { endpoint: undefined, apiKey: undefined },
      serpApi: { endpoint: undefined, apiKey: undefined },
      yandex: { endpoint: undefined, apiKey: undefined, folderId: undefined },
      tineye: { endpoint: undefined, apiKey: undefined },
      googleVision: { endpoint: undefined, apiKey: undefined },
      ahmia: { endpoint: undefined },
      dailyQuotas: {},
      ratePerSecond: everySource(1),
      siteCatalogFile: fileURLToPath(DEFAULT_CATALOG_FILE),
    });
  });

  it('reads keys, endpoints, quotas, rates and the catalog file', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      BRAVE_API_KEY: ' brave-key ',
      BRAVE_API_URL: 'http://127.0.0.1:4301/brave',
      SERPAPI_API_KEY: 'serp-key',
      SERPAPI_URL: 'http://127.0.0.1:4302',
      YANDEX_API_KEY: 'yandex-key',
      YANDEX_FOLDER_ID: 'b1gfolder',
      YANDEX_API_URL: 'http://127.0.0.1:4303',
      TINEYE_API_KEY: 'tineye-key',
      TINEYE_API_URL: 'http://127.0.0.1:4304/rest',
      GOOGLE_VISION_API_KEY: 'vision-key',
      GOOGLE_VISION_API_URL: 'https://vision.example',
      SOURCE_DAILY_QUOTAS: 'brave-web=2000, tineye=150,google-vision=0',
      SOURCE_RATE_PER_SECOND: '5, tineye=0.5',
      SITE_CATALOG_FILE: 'config/catalog.json',
    });
    expect(config.scanSources).toEqual({
      brave: { endpoint: 'http://127.0.0.1:4301/brave', apiKey: 'brave-key' },
      serpApi: { endpoint: 'http://127.0.0.1:4302', apiKey: 'serp-key' },
      yandex: { endpoint: 'http://127.0.0.1:4303', apiKey: 'yandex-key', folderId: 'b1gfolder' },
      tineye: { endpoint: 'http://127.0.0.1:4304/rest', apiKey: 'tineye-key' },
      googleVision: { endpoint: 'https://vision.example', apiKey: 'vision-key' },
      ahmia: { endpoint: undefined },
      dailyQuotas: { 'brave-web': 2000, tineye: 150, 'google-vision': 0 },
      ratePerSecond: { ...everySource(5), tineye: 0.5 },
      siteCatalogFile: join(process.cwd(), 'config/catalog.json'),
    });
  });

  it('lists every bad value at once', () => {
    expect(
      problemsOf({
        BRAVE_API_URL: 'ftp://brave.example',
        TINEYE_API_URL: 'not a url',
        SOURCE_DAILY_QUOTAS: 'brave-web=lots,bing=10,tineye=1,tineye=2,100',
        SOURCE_RATE_PER_SECOND: 'tineye=0,brave-web=-1,fast',
        YANDEX_API_KEY: 'yandex-key',
      }),
    ).toEqual([
      'BRAVE_API_URL: must be an http(s) URL',
      'TINEYE_API_URL: must be an http(s) URL',
      'SOURCE_DAILY_QUOTAS: brave-web: "lots" is not a whole number of requests, 0 or more',
      'SOURCE_DAILY_QUOTAS: "bing=10" does not name a source (brave-web, brave-images, serpapi-google, serpapi-lens, yandex-images, tineye, google-vision, ahmia)',
      'SOURCE_DAILY_QUOTAS: tineye is given twice',
      'SOURCE_DAILY_QUOTAS: give each quota as source=number (brave-web=2000)',
      'SOURCE_RATE_PER_SECOND: tineye: "0" is not a number of requests per second above 0',
      'SOURCE_RATE_PER_SECOND: brave-web: "-1" is not a number of requests per second above 0',
      'SOURCE_RATE_PER_SECOND: "fast" is not a number of requests per second above 0',
      'YANDEX_FOLDER_ID: is required with YANDEX_API_KEY (the Yandex Cloud folder the searches are billed to)',
    ]);
  });
});
