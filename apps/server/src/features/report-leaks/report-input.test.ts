import { describe, expect, it } from 'vitest';
import { loadSiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { AppError } from '#server/http/app-error.ts';
import {
  identifyProfile,
  impersonationPlatforms,
  resolvePlatform,
  usernameFromTemplate,
} from './impersonation-platforms.ts';
import { decodeCsvBytes, judgeAddress, readCsvUrls } from './report-input.ts';

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('judgeAddress', () => {
  it('accepts http(s) pages, adding https when no scheme is typed, keyed as the whitelist keys them', () => {
    expect(judgeAddress('https://www.Example.com/Leak/?utm_source=x')).toEqual({
      ok: true,
      url: 'https://www.example.com/Leak/?utm_source=x',
      key: 'example.com/leak',
    });
    expect(judgeAddress('example.com/leak')).toEqual({
      ok: true,
      url: 'https://example.com/leak',
      key: 'example.com/leak',
    });
    expect(judgeAddress('http://127.0.0.1:4400/watch/1')).toMatchObject({
      ok: true,
      url: 'http://127.0.0.1:4400/watch/1',
    });
  });

  it('refuses what is no page of the web, with the reason', () => {
    expect(judgeAddress('')).toEqual({ ok: false, message: 'This line is empty.' });
    expect(judgeAddress('ftp://example.com/file')).toEqual({
      ok: false,
      message: 'Only web addresses (http:// or https://) can be checked.',
    });
    expect(judgeAddress('not a url at all')).toMatchObject({ ok: false });
    expect(judgeAddress('https://user:secret@example.com/x')).toEqual({
      ok: false,
      message: 'Remove the user name and password from the address.',
    });
    expect(judgeAddress('leak')).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a full web address'),
    });
    expect(judgeAddress(`https://example.com/${'a'.repeat(2100)}`)).toEqual({
      ok: false,
      message: 'This address is longer than 2048 characters.',
    });
  });
});

describe('readCsvUrls', () => {
  it('reads the first column, skipping a header row and blank rows, numbered by CSV line', () => {
    const csv =
      'URL,comment\r\nhttps://a.example/1,first\n\n"https://b.example/2?x=1,2",second\nc.example/3\n';
    expect(readCsvUrls(csv)).toEqual([
      { line: 2, input: 'https://a.example/1' },
      { line: 4, input: 'https://b.example/2?x=1,2' },
      { line: 5, input: 'c.example/3' },
    ]);
  });

  it('keeps the first row when it is an address', () => {
    expect(readCsvUrls('https://a.example/1\nhttps://b.example/2')).toHaveLength(2);
  });

  it('refuses more than 500 rows, a file without addresses, and an unclosed quote, on the file field', () => {
    const many = Array.from({ length: 501 }, (_, i) => `https://site.example/${i}`).join('\n');
    expect(errorOf(() => readCsvUrls(many)).extra.fields).toEqual({
      file: 'The CSV file has 501 addresses; report at most 500 at a time and send the rest next.',
    });
    expect(errorOf(() => readCsvUrls('url\n\n')).extra.fields?.file).toMatch(/no addresses/);
    expect(errorOf(() => readCsvUrls('"https://a.example/1\n')).extra.fields?.file).toMatch(
      /never closed/,
    );
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8 and UTF-16 text and refuses binary files', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('https://a.example/é\n'))).toBe(
      'https://a.example/é\n',
    );
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('https://a.example/1', 'utf16le'),
    ]);
    expect(decodeCsvBytes(utf16)).toBe('https://a.example/1');
    const png = errorOf(() =>
      decodeCsvBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00])),
    );
    expect(png.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('impersonation platforms', () => {
  const catalog = loadSiteCatalog();

  it('lists the catalog’s social networks with their report forms, then the other Accounts platforms once', () => {
    const platforms = impersonationPlatforms(catalog);
    const ids = platforms.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(platforms.find((p) => p.id === 'x')).toMatchObject({
      kind: 'social-network',
      name: 'X (Twitter)',
      reportUrl: expect.stringMatching(/^https:/),
    });
    expect(platforms.find((p) => p.id === 'onlyfans')).toMatchObject({
      kind: 'account',
      name: 'OnlyFans',
    });
    expect(ids).toEqual(
      expect.arrayContaining(['instagram', 'tiktok', 'bluesky', 'website', 'other']),
    );
    expect(resolvePlatform(catalog, 'pornhub')).toBeNull();
    expect(resolvePlatform(catalog, 'nowhere')).toBeNull();
  });

  it('reads the username from the profile template, in the path or in the query', () => {
    const site = (id: string) => catalog.sites.find((s) => s.id === id)!;
    expect(
      usernameFromTemplate(site('tiktok'), new URL('https://www.tiktok.com/@fake.luna?lang=en')),
    ).toBe('fake.luna');
    expect(
      usernameFromTemplate(site('instagram'), new URL('https://instagram.com/luna_fake/')),
    ).toBe('luna_fake');
    expect(
      usernameFromTemplate(
        site('reddit'),
        new URL('https://old.reddit.com/user/LunaFake/submitted/'),
      ),
    ).toBe('LunaFake');
    expect(
      usernameFromTemplate(site('bluesky'), new URL('https://bsky.app/search?q=x')),
    ).toBeNull();
  });

  it('checks the address is on the chosen platform; a typed username wins', () => {
    const x = resolvePlatform(catalog, 'x')!;
    expect(identifyProfile(catalog, x, new URL('https://x.com/luna_fake'), undefined)).toEqual({
      ok: true,
      username: 'luna_fake',
    });
    expect(
      identifyProfile(catalog, x, new URL('https://twitter.com/luna_fake'), '@LunaFake'),
    ).toEqual({ ok: true, username: 'LunaFake' });
    expect(
      identifyProfile(catalog, x, new URL('https://www.instagram.com/luna_fake/'), undefined),
    ).toMatchObject({ ok: false, field: 'url' });
    const onlyfans = resolvePlatform(catalog, 'onlyfans')!;
    expect(
      identifyProfile(catalog, onlyfans, new URL('https://onlyfans.com/lunafake'), undefined),
    ).toEqual({ ok: true, username: 'lunafake' });
    expect(
      identifyProfile(catalog, onlyfans, new URL('https://fansly.com/lunafake'), undefined),
    ).toMatchObject({ ok: false, field: 'url' });
    const website = resolvePlatform(catalog, 'website')!;
    expect(
      identifyProfile(
        catalog,
        website,
        new URL('https://luna-fox-official.example/about'),
        undefined,
      ),
    ).toMatchObject({ ok: true, username: expect.stringContaining('luna-fox-official.example') });
  });
});
