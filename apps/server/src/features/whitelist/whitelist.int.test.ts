// The whitelist API: add one, paste many, import a CSV, delete, check a URL; limits and isolation.
import { PROVIDER_HEADER, type ApiError } from '@shark/contracts/http.ts';
import type {
  CheckWhitelistResult,
  WhitelistBulkReport,
  WhitelistEntry,
  WhitelistList,
} from '@shark/contracts/whitelist.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function subscriber(plan: 'standard' | 'plus' | 'premium' = 'standard') {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan });
  return user.browser;
}

const entries = async (browser: TestClient) =>
  (await browser.get<WhitelistList>('/api/whitelist')).body.entries;

/** A multipart upload with the browser's cookies, as the SPA's file input sends it. */
async function upload(browser: TestClient, file: Blob | string, name = 'whitelist.csv') {
  const form = new FormData();
  if (typeof file === 'string') form.append('file', file);
  else form.append('file', file, name);
  const response = await fetch(new URL('/api/whitelist/import/file', server.url), {
    method: 'POST',
    headers: {
      [PROVIDER_HEADER]: 'shark',
      cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as WhitelistBulkReport & ApiError,
  };
}

function statuses(report: WhitelistBulkReport) {
  return report.results.map((r) => [r.line, r.status]);
}

describe('access', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/whitelist'],
    ['POST', '/api/whitelist', { value: 'example.com' }],
    ['POST', '/api/whitelist/bulk', { text: 'example.com' }],
    ['POST', '/api/whitelist/import', { csv: 'example.com' }],
    ['POST', '/api/whitelist/import/file', {}],
    ['POST', '/api/whitelist/check', { url: 'https://example.com/' }],
    ['POST', '/api/whitelist/delete', { ids: ['x'] }],
    ['DELETE', '/api/whitelist/x'],
  ];

  it('requires sign-in on every route, before reading the input', async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path, body] of calls) {
      const res = await anonymous.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('refuses creators without a subscription (403), and lets promoProtect in on the free limits', async () => {
    const free = await signedInUser(server);
    for (const [method, path, body] of calls) {
      const res = await free.browser.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    }
    const former = await signedInUser(server);
    await server.services.accounts.grant(former.email, { status: 'former' });
    expect((await former.browser.get('/api/whitelist')).status).toBe(403);

    const promo = await signedInUser(server);
    await server.services.accounts.grant(promo.email, { features: ['promoProtect'] });
    expect((await promo.browser.post('/api/whitelist', { value: 'example.com' })).status).toBe(201);
  });
});

describe('add one, list, delete', () => {
  it('adds URLs, domains and patterns in canonical form with their notes, newest first', async () => {
    const browser = await subscriber();
    const domain = await browser.post<WhitelistEntry>('/api/whitelist', {
      value: '  Bücher.Example ',
      note: '  our shop  ',
    });
    expect(domain.status).toBe(201);
    expect(domain.body).toMatchObject({
      kind: 'domain',
      input: 'Bücher.Example',
      value: 'xn--bcher-kva.example',
      display: 'bücher.example',
      note: 'our shop',
    });
    expect(domain.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.now() - Date.parse(domain.body.createdAt)).toBeLessThan(60_000);

    const url = await browser.post<WhitelistEntry>('/api/whitelist', {
      value: 'http://www.Example.com/Promo/?utm_source=ig',
    });
    expect(url.body).toMatchObject({ kind: 'url', value: 'example.com/promo', note: null });
    const pattern = await browser.post<WhitelistEntry>('/api/whitelist', {
      value: 'partner.net/u/*',
      note: '',
    });
    expect(pattern.body).toMatchObject({ kind: 'pattern', value: 'partner.net/u/*', note: null });
    // The kind can be chosen: a home page as a URL rather than the whole site.
    const home = await browser.post<WhitelistEntry>('/api/whitelist', {
      value: 'https://home.example/',
      kind: 'url',
    });
    expect(home.body).toMatchObject({ kind: 'url', value: 'home.example/' });

    expect((await entries(browser)).map((e) => e.id)).toEqual([
      home.body.id,
      pattern.body.id,
      url.body.id,
      domain.body.id,
    ]);
    expect((await browser.get('/api/usage')).body).toMatchObject({
      usage: { whitelistEntries: 4 },
    });
  });

  it('says what is wrong with an entry, next to the field', async () => {
    const browser = await subscriber();
    const cases: [unknown, Record<string, string>][] = [
      [{ value: '' }, { value: 'Enter a URL, a domain or a pattern.' }],
      [{}, { value: 'Enter a URL, a domain or a pattern.' }],
      [
        { value: 'https://example.com@evil.net/' },
        { value: expect.stringMatching(/^Remove the part before @/) },
      ],
      [{ value: 'localhost' }, { value: 'Enter a full domain such as example.com.' }],
      [{ value: '*.com' }, { value: expect.stringMatching(/^A pattern must name the site/) }],
      [
        { value: 'ftp://example.com/x' },
        { value: 'Only web addresses (http:// or https://) can be whitelisted.' },
      ],
      [
        { value: 'example.com/page', kind: 'domain' },
        { value: expect.stringMatching(/^A domain has no path/) },
      ],
      [{ value: 'example.com', kind: 'host' }, { kind: 'Choose URL, domain or pattern.' }],
      [
        { value: 'example.com', note: 'n'.repeat(501) },
        { note: 'Keep the note under 500 characters.' },
      ],
      [
        { value: `https://example.com/${'a'.repeat(2050)}` },
        { value: 'Use at most 2048 characters.' },
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await browser.post<ApiError>('/api/whitelist', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    }
    const notJson = await browser.request<ApiError>('POST', '/api/whitelist', '{not json');
    expect(notJson.status).toBe(400);
    expect(await entries(browser)).toEqual([]);
  });

  it('refuses a duplicate however it is written (409, naming the entry)', async () => {
    const browser = await subscriber();
    await browser.post('/api/whitelist', { value: 'https://example.com/page' });
    for (const value of [
      'http://www.example.com/page/',
      'EXAMPLE.com/page#top',
      'https://example.com/page?utm_campaign=x',
    ]) {
      const res = await browser.post<ApiError>('/api/whitelist', { value });
      expect(res.status, value).toBe(409);
      expect(res.body).toEqual({
        code: 'CONFLICT',
        message: 'Already on your whitelist as the URL example.com/page.',
        fields: { value: 'Already on your whitelist as the URL example.com/page.' },
      });
    }
    // The same text as another kind is another entry: the domain covers much more than the home page.
    expect(
      (await browser.post('/api/whitelist', { value: 'example.com/', kind: 'url' })).status,
    ).toBe(201);
    expect((await browser.post('/api/whitelist', { value: 'example.com' })).status).toBe(201);
    expect((await browser.post('/api/whitelist', { value: 'https://example.com' })).status).toBe(
      409,
    );
  });

  it('deletes one entry; a second delete, or another creator, gets 404', async () => {
    const browser = await subscriber();
    const other = await subscriber();
    const mine = (await browser.post<WhitelistEntry>('/api/whitelist', { value: 'example.com' }))
      .body;
    const kept = (await browser.post<WhitelistEntry>('/api/whitelist', { value: 'partner.net' }))
      .body;

    const theirs = await other.request<ApiError>('DELETE', `/api/whitelist/${mine.id}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({
      code: 'NOT_FOUND',
      message: 'This whitelist entry does not exist.',
    });
    expect(await entries(other)).toEqual([]);

    expect((await browser.request('DELETE', `/api/whitelist/${mine.id}`)).status).toBe(204);
    expect((await entries(browser)).map((e) => e.id)).toEqual([kept.id]);
    expect((await browser.request('DELETE', `/api/whitelist/${mine.id}`)).status).toBe(404);
    expect((await browser.request('DELETE', '/api/whitelist/not-an-id')).status).toBe(404);
  });

  it('deletes several at once, or none when one id is not the creator’s', async () => {
    const browser = await subscriber();
    const other = await subscriber();
    const report = (
      await browser.post<WhitelistBulkReport>('/api/whitelist/bulk', {
        text: 'a-site.com\nb-site.com\nc-site.com',
      })
    ).body;
    const [a, b, c] = report.results.map((r) => r.entry!.id);
    const foreign = (await other.post<WhitelistEntry>('/api/whitelist', { value: 'theirs.com' }))
      .body.id;

    const mixed = await browser.post<ApiError>('/api/whitelist/delete', { ids: [a, foreign] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.message).toBe(
      'Some of these whitelist entries do not exist. Nothing was deleted.',
    );
    expect(await entries(browser)).toHaveLength(3);
    expect(await entries(other)).toHaveLength(1);

    expect((await browser.post<ApiError>('/api/whitelist/delete', { ids: [] })).body).toMatchObject(
      {
        code: 'VALIDATION_FAILED',
        fields: { ids: 'Choose the entries to delete.' },
      },
    );
    const done = await browser.post('/api/whitelist/delete', { ids: [a, c, a] });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ deleted: 2 });
    expect((await entries(browser)).map((e) => e.id)).toEqual([b]);
  });
});

describe('paste many', () => {
  it('adds the valid new lines and reports every line: invalid, duplicate, repeated', async () => {
    const browser = await subscriber();
    await browser.post('/api/whitelist', { value: 'example.com' });
    const text = [
      'partner.net',
      '',
      '# affiliates',
      'https://affiliate.example/join?ref=me',
      'not a url',
      'www.example.com/',
      'EXAMPLE.COM',
      'https://Partner.net/',
      '*.promo.org/spring/*',
      'localhost',
    ].join('\n');
    const res = await browser.post<WhitelistBulkReport>('/api/whitelist/bulk', {
      text,
      note: 'from my link page',
    });
    expect(res.status).toBe(200);
    const report = res.body;
    expect(statuses(report)).toEqual([
      [1, 'added'],
      [4, 'added'],
      [5, 'invalid'],
      [6, 'added'],
      [7, 'duplicate'],
      [8, 'duplicate'],
      [9, 'added'],
      [10, 'invalid'],
    ]);
    expect(report.counts).toEqual({ added: 4, duplicate: 2, invalid: 2, refused: 0 });
    expect(report.limit).toBeNull();
    expect(report.results[0]).toMatchObject({
      input: 'partner.net',
      message: 'Added as the domain partner.net.',
      entry: { kind: 'domain', value: 'partner.net', note: 'from my link page' },
    });
    expect(report.results[2]!.message).toBe(
      'An address cannot contain spaces. Put one address on each line.',
    );
    // www.example.com is its own domain entry (it does not cover shop.example.com), so it is new.
    expect(report.results[3]!.entry).toMatchObject({ kind: 'domain', value: 'www.example.com' });
    expect(report.results[4]).toMatchObject({
      status: 'duplicate',
      message: 'Already on your whitelist as the domain example.com.',
      entry: { value: 'example.com', note: null },
    });
    expect(report.results[5]).toMatchObject({
      message: 'Same entry as line 1 (the domain partner.net).',
      entry: null,
    });
    expect(report.results[7]!.message).toBe('Enter a full domain such as example.com.');

    // The paste shows at the top of the list, in the order it was given.
    expect((await entries(browser)).map((e) => e.input)).toEqual([
      'partner.net',
      'https://affiliate.example/join?ref=me',
      'www.example.com/',
      '*.promo.org/spring/*',
      'example.com',
    ]);
  });

  it('refuses an empty paste and one of more than 5000 lines', async () => {
    const browser = await subscriber();
    for (const text of ['', '  \n \n']) {
      expect((await browser.post<ApiError>('/api/whitelist/bulk', { text })).body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { text: 'Paste at least one URL, domain or pattern, one per line.' },
      });
    }
    const tooMany = Array.from({ length: 5001 }, (_, i) => `site${i}.com`).join('\n');
    const res = await browser.post<ApiError>('/api/whitelist/bulk', { text: tooMany });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      text: 'Send at most 5000 lines at a time; split the list and send the rest next.',
    });
    expect(await entries(browser)).toEqual([]);
  });
});

describe("the plan's limit", () => {
  it('adds up to the limit, refuses the rest line by line, and names the plan that lifts it', async () => {
    const promo = await signedInUser(server);
    await server.services.accounts.grant(promo.email, { features: ['promoProtect'] });
    const { browser } = promo;
    const allowed = server.services.catalog.tiers.free.limits.whitelistEntries!;
    expect(allowed).toBe(25);

    await browser.post('/api/whitelist', { value: 'first-site.com' });
    const lines = Array.from({ length: allowed + 2 }, (_, i) => `site-${i + 1}.com`);
    const report = (
      await browser.post<WhitelistBulkReport>('/api/whitelist/bulk', {
        text: ['first-site.com', ...lines].join('\n'),
      })
    ).body;
    expect(report.counts).toEqual({ added: allowed - 1, duplicate: 1, invalid: 0, refused: 3 });
    expect(report.results.slice(-3).map((r) => [r.input, r.status, r.message])).toEqual([
      ['site-25.com', 'refused', 'Not added: your plan’s whitelist limit is reached.'],
      ['site-26.com', 'refused', 'Not added: your plan’s whitelist limit is reached.'],
      ['site-27.com', 'refused', 'Not added: your plan’s whitelist limit is reached.'],
    ]);
    expect(report.limitMessage).toBe(
      'Without a subscription you get 25 whitelist entries, and you use 1 whitelist entry. Standard includes 200 whitelist entries.',
    );
    expect(report.limit).toEqual({
      name: 'whitelistEntries',
      allowed: 25,
      used: 1,
      tier: 'free',
      upgradeTier: 'standard',
    });
    expect(await entries(browser)).toHaveLength(allowed);

    const single = await browser.post<ApiError>('/api/whitelist', { value: 'one-more.com' });
    expect(single.status).toBe(403);
    expect(single.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'whitelistEntries', allowed: 25, used: 25 },
    });
    // At the limit, a duplicate is still a duplicate; new lines are refused.
    const again = (
      await browser.post<WhitelistBulkReport>('/api/whitelist/bulk', {
        text: 'site-1.com\nnew-site.com',
      })
    ).body;
    expect(statuses(again)).toEqual([
      [1, 'duplicate'],
      [2, 'refused'],
    ]);

    // Deleting makes room again.
    const [newest] = await entries(browser);
    await browser.request('DELETE', `/api/whitelist/${newest!.id}`);
    expect((await browser.post('/api/whitelist', { value: 'one-more.com' })).status).toBe(201);
  });

  it('holds when pastes arrive at the same time', async () => {
    const promo = await signedInUser(server);
    await server.services.accounts.grant(promo.email, { features: ['promoProtect'] });
    const paste = (prefix: string) =>
      promo.browser.post<WhitelistBulkReport>('/api/whitelist/bulk', {
        text: Array.from({ length: 20 }, (_, i) => `${prefix}${i}.com`).join('\n'),
      });
    const [a, b] = await Promise.all([paste('left'), paste('right')]);
    expect(a.body.counts.added + b.body.counts.added).toBe(25);
    expect(a.body.counts.refused + b.body.counts.refused).toBe(15);
    expect(await entries(promo.browser)).toHaveLength(25);
  });
});

describe('CSV import', () => {
  it('reads value,note rows with a header, quoted cells and an optional kind column', async () => {
    const browser = await subscriber();
    const csv = [
      'Value,Note,Kind',
      'example.com,"Our site, all of it",',
      '"https://partner.net/promo","Partner ""spring"" page",url',
      'https://home.example/,home page only,url',
      'not valid,broken,',
      'other.org,,website',
      'EXAMPLE.com,again,',
    ].join('\r\n');
    const res = await browser.post<WhitelistBulkReport>('/api/whitelist/import', { csv });
    expect(res.status).toBe(200);
    expect(statuses(res.body)).toEqual([
      [2, 'added'],
      [3, 'added'],
      [4, 'added'],
      [5, 'invalid'],
      [6, 'invalid'],
      [7, 'duplicate'],
    ]);
    expect(
      res.body.results.slice(0, 3).map((r) => [r.entry!.kind, r.entry!.value, r.entry!.note]),
    ).toEqual([
      ['domain', 'example.com', 'Our site, all of it'],
      ['url', 'partner.net/promo', 'Partner "spring" page'],
      ['url', 'home.example/', 'home page only'],
    ]);
    expect(res.body.results[4]!.message).toBe('The kind "website" is not url, domain or pattern.');
    expect(res.body.results[5]!.message).toBe('Same entry as line 2 (the domain example.com).');
  });

  it('reads a file without a header: first column the entry, second the note', async () => {
    const browser = await subscriber();
    const file = new Blob(['\uFEFFexample.com;main site\n*.partner.net/promo/*;partner\n'], {
      type: 'text/csv',
    });
    const res = await upload(browser, file);
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ added: 2, duplicate: 0, invalid: 0, refused: 0 });
    expect((await entries(browser)).map((e) => [e.kind, e.value, e.note])).toEqual([
      ['domain', 'example.com', 'main site'],
      ['pattern', '*.partner.net/promo/*', 'partner'],
    ]);
  });

  it('reads a file saved in Windows-1252 by an older spreadsheet program', async () => {
    const browser = await subscriber();
    // "café.example,Café" with é as the single byte 0xE9.
    const bytes = Uint8Array.from(
      [...'caf']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xe9],
          [...'.example,Caf'].map((c) => c.charCodeAt(0)),
          [0xe9],
        ),
    );
    const res = await upload(browser, new Blob([bytes]));
    expect(res.status).toBe(200);
    expect(res.body.results[0]!.entry).toMatchObject({ display: 'café.example', note: 'Café' });
  });

  it('refuses files that are not CSV text, too large, empty or missing', async () => {
    const browser = await subscriber();
    const png = new Blob([
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
    ]);
    const binary = await upload(browser, png, 'list.csv');
    expect(binary.status).toBe(415);
    expect(binary.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      fields: {
        file: 'This file is not a CSV text file. Export the list as CSV (UTF-8) and try again.',
      },
    });
    const large = await upload(browser, new Blob(['example.com\n'.repeat(200_000)]));
    expect(large.status).toBe(413);
    expect(large.body.code).toBe('PAYLOAD_TOO_LARGE');
    const empty = await upload(browser, new Blob(['\n \n']));
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { file: 'The CSV file is empty.' },
    });
    const notMultipart = await browser.post<ApiError>('/api/whitelist/import/file', {
      file: 'example.com',
    });
    expect(notMultipart.status).toBe(415);
    // A text field named file is not a file.
    const withoutFile = await upload(browser, 'example.com');
    expect(withoutFile.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { file: 'Choose a CSV file to import.' },
    });
    const unclosed = await browser.post<ApiError>('/api/whitelist/import', {
      csv: 'a.com,"oops\n',
    });
    expect(unclosed.body).toMatchObject({
      fields: { csv: 'The CSV file has a quote on line 1 that is never closed.' },
    });
    expect(await entries(browser)).toEqual([]);
  });
});

describe('check a URL', () => {
  it('says whether and why an address is whitelisted, using only this creator’s entries', async () => {
    const browser = await subscriber();
    const other = await subscriber();
    await other.post('/api/whitelist', { value: 'leaks.example' });

    const empty = await browser.post<CheckWhitelistResult>('/api/whitelist/check', {
      url: 'https://example.com/',
    });
    expect(empty.body).toEqual({
      url: 'https://example.com/',
      isWhitelisted: false,
      entry: null,
      reason: 'Your whitelist is empty.',
    });

    await browser.post('/api/whitelist', { value: 'example.com' });
    const page = (
      await browser.post<WhitelistEntry>('/api/whitelist', { value: 'https://partner.net/promo' })
    ).body;
    await browser.post('/api/whitelist', { value: '*.bücher.example/katalog/*' });

    const subdomain = await browser.post<CheckWhitelistResult>('/api/whitelist/check', {
      url: '  www.example.com/anything ',
    });
    expect(subdomain.status).toBe(200);
    expect(subdomain.body).toMatchObject({
      url: 'https://www.example.com/anything',
      isWhitelisted: true,
      entry: { kind: 'domain', value: 'example.com' },
      reason: 'The domain example.com covers its subdomain www.example.com.',
    });
    const url = await browser.post<CheckWhitelistResult>('/api/whitelist/check', {
      url: 'http://partner.net/promo/?utm_source=x',
    });
    expect(url.body).toMatchObject({
      isWhitelisted: true,
      entry: { id: page.id },
      reason:
        'The URL partner.net/promo matches, ignoring http versus https, the trailing slash and the tracking parameter utm_source.',
    });
    const idn = await browser.post<CheckWhitelistResult>('/api/whitelist/check', {
      url: 'https://shop.xn--bcher-kva.example/katalog/1',
    });
    expect(idn.body).toMatchObject({
      url: 'https://shop.bücher.example/katalog/1',
      isWhitelisted: true,
      reason: 'The pattern *.bücher.example/katalog/* matches this address.',
    });

    for (const notCovered of [
      'https://example.com.evil.net/',
      'https://example.com@evil.net/',
      'https://partner.net/promo?id=2',
      'https://leaks.example/',
    ]) {
      const res = await browser.post<CheckWhitelistResult>('/api/whitelist/check', {
        url: notCovered,
      });
      expect(res.body, notCovered).toMatchObject({
        isWhitelisted: false,
        entry: null,
        reason: 'No entry on your whitelist covers this address.',
      });
    }
  });

  it('says when the address cannot be read', async () => {
    const browser = await subscriber();
    const cases: [string, string][] = [
      ['', 'Enter a URL to check.'],
      ['   ', 'Enter a URL to check.'],
      ['http://', 'This is not a valid web address.'],
      ['ftp://example.com/file', 'Only web addresses (http:// or https://) can be checked.'],
    ];
    for (const [url, message] of cases) {
      const res = await browser.post<ApiError>('/api/whitelist/check', { url });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { url: message } });
    }
  });
});

describe('OpenAPI document', () => {
  it('describes every whitelist route from its contract', async () => {
    const doc = await new TestClient(server.url).get<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>('/api/openapi.json');
    expect(doc.status).toBe(200);
    const { paths } = doc.body;
    expect(Object.keys(paths['/whitelist']!).sort()).toEqual(['get', 'post']);
    for (const path of [
      '/whitelist/bulk',
      '/whitelist/import',
      '/whitelist/delete',
      '/whitelist/check',
    ]) {
      expect(Object.keys(paths[path]?.post?.requestBody?.content ?? {}), path).toEqual([
        'application/json',
      ]);
    }
    expect(Object.keys(paths['/whitelist/import/file']!.post!.requestBody!.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(Object.keys(paths['/whitelist/{id}']!)).toEqual(['delete']);
  });
});
