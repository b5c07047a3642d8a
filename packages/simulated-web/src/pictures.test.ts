// The planted pictures are what the expectations say: every copy matches its reference with the
// engine's matcher, no decoy matches anything, the same seed gives the same bytes, and the bulk mode
// is deterministic and cheap.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractResults } from '@shark/engine/discovery/site-catalog/extract.ts';
import { findSite, loadSiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { searchUrl } from '@shark/engine/discovery/site-catalog/templates.ts';
import {
  fingerprintCandidate,
  fingerprintReference,
} from '@shark/engine/matching/image-fingerprint.ts';
import { ImageMatcher } from '@shark/engine/matching/image-matcher.ts';
import { startSimulatedWeb, type SimulatedWeb } from './index.ts';
import { PictureStore, tagJpeg } from './pictures.ts';

const BULK = 60;
let web: SimulatedWeb;
const matcher = new ImageMatcher();

beforeAll(async () => {
  web = await startSimulatedWeb({ bulkPages: BULK, bulkCopyShare: 0.3 });
  for (const reference of web.creator.references)
    matcher.add(reference.name, await fingerprintReference(readFileSync(reference.path)));
});
afterAll(async () => {
  await web?.close();
});

const bytesOf = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const matchOf = async (url: string) =>
  matcher.match(await fingerprintCandidate(await bytesOf(url)));

describe('planted pictures against the engine matcher', () => {
  it('every planted copy (scenario and bulk) matches its reference', async () => {
    const bulkLeaks = web.expected.leaks.filter((leak) => leak.bulk);
    expect(bulkLeaks.length).toBeGreaterThan(5);
    for (const leak of web.expected.leaks) {
      const result = await matchOf(leak.mediaUrl);
      expect(result.referenceId, `${leak.mediaUrl} (${leak.edit})`).toBe(leak.reference);
    }
  });

  it('no decoy picture matches any reference', async () => {
    expect(web.expected.decoyMedia.length).toBeGreaterThanOrEqual(8);
    for (const url of web.expected.decoyMedia)
      expect((await matchOf(url)).referenceId, url).toBeNull();
  });

  it("impersonators' avatars match a reference exactly when they are said to use her picture", async () => {
    const catalog = loadSiteCatalog(web.catalogFile);
    for (const fake of web.expected.impersonators) {
      const html = await (await fetch(fake.profileUrl)).text();
      const identity = extractResults(
        findSite(catalog, fake.site)!,
        'profile',
        html,
        fake.profileUrl,
      ).identity!;
      const result = await matchOf(identity.avatarUrl!);
      expect(result.referenceId !== null, fake.username).toBe(
        fake.reasons.includes('uses-picture'),
      );
    }
  });

  it('bulk pictures that are not copies match nothing', async () => {
    const copies = new Set(
      web.expected.leaks.filter((leak) => leak.bulk).map((leak) => leak.mediaUrl),
    );
    const tube = web.sites.find((site) => site.id === 'sim-tube')!;
    let checked = 0;
    for (let index = 0; index < BULK && checked < 12; index += 6) {
      const html = await (await fetch(`${tube.origin}/b/${index}`)).text();
      for (const [, path] of html.matchAll(/src="(\/m\/b\d+-\d\.jpg)"/g)) {
        const url = `${tube.origin}${path!}`;
        if (copies.has(url)) continue;
        const result = await matchOf(url);
        // A page may carry two copies of one reference; only the first is listed as the page's leak.
        if (result.referenceId !== null)
          expect(web.expected.leaks).toContainEqual(
            expect.objectContaining({
              pageUrl: `${tube.origin}/b/${index}`,
              reference: result.referenceId,
            }),
          );
        else checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('determinism', () => {
  it('the same seed gives the same reference files, pages and copies; another seed other pictures', async () => {
    const again = await startSimulatedWeb({ bulkPages: BULK, bulkCopyShare: 0.3 });
    const other = await startSimulatedWeb({ seed: 2, bulkPages: BULK, bulkCopyShare: 0.3 });
    try {
      const hashesOf = (w: SimulatedWeb) =>
        w.creator.references.map((r) => sha256(readFileSync(r.path)));
      expect(hashesOf(again)).toEqual(hashesOf(web));
      expect(hashesOf(other).filter((hash) => hashesOf(web).includes(hash))).toEqual([]);

      const strip = (w: SimulatedWeb, url: string) =>
        url.replace(
          /127\.0\.0\.1:\d+/g,
          (host) => `<${w.sites.find((s) => s.host === host)?.id ?? host}>`,
        );
      expect(again.expected.leaks.map((leak) => strip(again, leak.pageUrl))).toEqual(
        web.expected.leaks.map((leak) => strip(web, leak.pageUrl)),
      );
      for (const [i, leak] of web.expected.leaks.entries()) {
        if (i % 3 !== 0) continue;
        expect(sha256(await bytesOf(again.expected.leaks[i]!.mediaUrl))).toBe(
          sha256(await bytesOf(leak.mediaUrl)),
        );
      }
      const page = (w: SimulatedWeb, index: number) => {
        const site = w.sites[index % 6]!;
        return fetch(`${site.origin}/b/${index}`)
          .then((r) => r.text())
          .then((html) => html.replaceAll(site.origin, ''));
      };
      for (const index of [0, 7, BULK - 1])
        expect(await page(again, index)).toBe(await page(web, index));
      expect(
        other.expected.leaks.filter((leak) => leak.bulk).map((leak) => strip(other, leak.pageUrl)),
      ).not.toEqual(
        web.expected.leaks.filter((leak) => leak.bulk).map((leak) => strip(web, leak.pageUrl)),
      );
    } finally {
      await again.close();
      await other.close();
    }
  });
});

describe('bulk mode', () => {
  it('lists every bulk page once on the paginated search results, spread over six sites', async () => {
    const catalog = loadSiteCatalog(web.catalogFile);
    const listed: string[] = [];
    for (const site of web.sites.filter((s) => s.id !== 'sim-pics')) {
      const entry = findSite(catalog, site.id)!;
      let next: string | null = searchUrl(entry, web.creator.displayName);
      let pages = 0;
      while (next) {
        const html = await (await fetch(next)).text();
        const extracted = extractResults(entry, 'search', html, next);
        listed.push(
          ...extracted.results.map((result) => result.url).filter((url) => /\/b\/\d+$/.test(url)),
        );
        next = extracted.nextPageUrl;
        pages += 1;
      }
      expect(pages, site.id).toBeGreaterThanOrEqual(1);
    }
    expect(listed).toHaveLength(BULK);
    expect(new Set(listed).size).toBe(BULK);
  });

  it('paginates with the page size', async () => {
    const small = await startSimulatedWeb({ bulkPages: 120, pageSize: 5 });
    try {
      const catalog = loadSiteCatalog(small.catalogFile);
      const entry = findSite(catalog, 'sim-board')!;
      let next: string | null = searchUrl(entry, small.creator.usernames[0]!);
      const sizes: number[] = [];
      while (next) {
        const extracted = extractResults(entry, 'search', await (await fetch(next)).text(), next);
        sizes.push(extracted.results.length);
        next = extracted.nextPageUrl;
      }
      // 2 planted board posts and 20 bulk pages, 5 a page.
      expect(sizes).toEqual([5, 5, 5, 5, 2]);
      // No site needs more result pages than the board here.
      expect(small.env().SCAN_MAX_SEARCH_PAGES).toBe('5');
    } finally {
      await small.close();
    }
  });

  it('serves distinct files for the same pooled picture', async () => {
    const store = new PictureStore(1);
    const picture = await store.bytes({ kind: 'unrelated', variant: 100 });
    const a = tagJpeg(picture, 'a');
    const b = tagJpeg(picture, 'b');
    expect(sha256(a)).not.toBe(sha256(b));
    const { default: sharp } = await import('sharp');
    const [pa, pb] = await Promise.all([sharp(a).raw().toBuffer(), sharp(b).raw().toBuffer()]);
    expect(pa.equals(pb)).toBe(true);
    expect(store.size).toBe(1);
  });

  it('answers 404 for bulk pages beyond the count or on another site', async () => {
    const tube = web.sites.find((site) => site.id === 'sim-tube')!;
    const forum = web.sites.find((site) => site.id === 'sim-forum')!;
    expect((await fetch(`${tube.origin}/b/${BULK}`)).status).toBe(404);
    expect((await fetch(`${forum.origin}/b/0`)).status).toBe(404);
    expect((await fetch(`${tube.origin}/b/0`)).status).toBe(200);
  });
});
