// Pages fetched and matched per second against the simulated web on loopback: Shark's crawler beside
// Crawlee's CheerioCrawler fetching the same pages under the same limits, in the same run.
//   BENCH_CRAWL_PAGES     bulk pages of the simulated web (default 200)
//   BENCH_CRAWL_PER_HOST  requests in flight per site (default 4)
//   BENCH_CRAWL_BLOCKS    blocks of runs per round (default 2)
// Two rounds, robots.txt honoured by both; in each, every block runs Shark, Crawlee, Crawlee, Shark over
// all the pages, and each side's figure is its pages over its total time, so a machine that gets busier
// or quieter during the run (it is shared) weighs on both alike:
//   1. pages only: fetch each page, read its title, text and media list;
//   2. pages and media, matched: the same, then fetch every picture the page embeds, fingerprint it (the
//      engine's worker pool, shared by both sides) and match it against the creator's references.
// Both sides read a page's media with the engine's extractor, so they fetch and match the same files.
// Per-host limits: Shark's limiter allows BENCH_CRAWL_PER_HOST requests per host:port. Crawlee has no
// per-host concurrency, so it gets maxConcurrency = sites × BENCH_CRAWL_PER_HOST (pinned: minConcurrency
// is the same, so its autoscaling does not slow it down) and the page list interleaves the sites, which
// gives the same per-site load. No minimum interval on either side: Crawlee's sameDomainDelaySecs counts
// every site on 127.0.0.1 as one domain, so an interval would not be the same limit.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { createCrawler } from '@shark/engine/fetch/crawler.ts';
import {
  extractPageMedia,
  extractPageMediaFrom,
  type MediaRef,
} from '@shark/engine/fetch/page-media.ts';
import { createSafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { FingerprintPool } from '@shark/engine/matching/fingerprint-pool.ts';
import { ImageMatcher } from '@shark/engine/matching/image-matcher.ts';
import { startSimulatedWeb } from '@shark/simulated-web/index.ts';
import { BULK_SITES, bulkPagePath } from '@shark/simulated-web/bulk.ts';

const pageCount = Number(process.env.BENCH_CRAWL_PAGES ?? 200);
const perHost = Number(process.env.BENCH_CRAWL_PER_HOST ?? 4);
const blocks = Number(process.env.BENCH_CRAWL_BLOCKS ?? 2);

// Crawlee keeps its request queue in ./storage unless told otherwise: a temporary directory, not persisted.
const crawleeDir = mkdtempSync(path.join(tmpdir(), 'shark-bench-crawlee-'));
process.env.CRAWLEE_STORAGE_DIR = crawleeDir;
process.env.CRAWLEE_PERSIST_STORAGE = 'false';
const storageExisted = existsSync(path.join(process.cwd(), 'storage'));
const { CheerioCrawler, Configuration, log } = await import('@crawlee/cheerio');
log.setLevel(log.LEVELS.WARNING);

interface RoundResult {
  pages: number;
  failedPages: number;
  media: number;
  failedMedia: number;
  /** "pageUrl reference" of each match. */
  matches: Set<string>;
  seconds: number;
}

const web = await startSimulatedWeb({ bulkPages: pageCount });
const pool = new FingerprintPool();
const matcher = new ImageMatcher();

try {
  for (const reference of web.creator.references)
    matcher.add(reference.name, await pool.referenceImage(reference.path));
  const originOf = new Map(web.sites.map((site) => [site.id, site.origin]));
  const pageUrls = Array.from(
    { length: pageCount },
    (_, i) => `${originOf.get(BULK_SITES[i % BULK_SITES.length]!)!}${bulkPagePath(i)}`,
  );
  const sites = new Set(pageUrls.map((url) => new URL(url).host)).size;
  const expected = new Set(
    web.expected.leaks
      .filter((leak) => leak.bulk)
      .map((leak) => `${leak.pageUrl} ${leak.reference}`),
  );

  async function matchPicture(body: Buffer, pageUrl: string, result: RoundResult): Promise<void> {
    try {
      const match = matcher.match(await pool.candidateImage(body));
      if (match.referenceId !== null) result.matches.add(`${pageUrl} ${match.referenceId}`);
    } catch {
      result.failedMedia++;
    }
  }

  async function runShark(withMedia: boolean): Promise<RoundResult> {
    const result: RoundResult = {
      pages: 0,
      failedPages: 0,
      media: 0,
      failedMedia: 0,
      matches: new Set(),
      seconds: 0,
    };
    const fetcher = createSafeFetcher({ allowlist: web.allowlist, timeoutMs: 60_000 });
    const crawler = createCrawler({
      fetcher,
      robots: { enabled: true, userAgent: 'SharkBot' },
      perHost: { concurrency: perHost, minIntervalMs: 0 },
    });
    const started = performance.now();
    let next = 0;
    // As many pages in hand as Crawlee's concurrency; the limiter keeps each host to its share.
    const worker = async () => {
      while (next < pageUrls.length) {
        const pageUrl = pageUrls[next++]!;
        const page = await crawler.fetchPage(pageUrl);
        if (!page.ok) {
          result.failedPages++;
          continue;
        }
        result.pages++;
        if (!withMedia) continue;
        await Promise.all(
          page.media
            .filter((media) => media.kind === 'image')
            .map(async (media) => {
              const fetched = await crawler.fetchMedia(media.url);
              if (!fetched.ok) {
                result.failedMedia++;
                return;
              }
              result.media++;
              await matchPicture(fetched.body, pageUrl, result);
            }),
        );
      }
    };
    await Promise.all(Array.from({ length: sites * perHost }, worker));
    result.seconds = (performance.now() - started) / 1000;
    await crawler.close();
    await fetcher.close();
    return result;
  }

  async function runCrawlee(withMedia: boolean): Promise<RoundResult> {
    const result: RoundResult = {
      pages: 0,
      failedPages: 0,
      media: 0,
      failedMedia: 0,
      matches: new Set(),
      seconds: 0,
    };
    const config = new Configuration({ persistStorage: false, purgeOnStart: true });
    const crawler = new CheerioCrawler(
      {
        minConcurrency: sites * perHost,
        maxConcurrency: sites * perHost,
        respectRobotsTxtFile: { userAgent: 'SharkBot' },
        additionalMimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
        requestHandlerTimeoutSecs: 120,
        async requestHandler({ request, $, body, contentType, addRequests }) {
          if (request.label === 'media') {
            result.media++;
            await matchPicture(
              Buffer.isBuffer(body) ? body : Buffer.from(body),
              (request.userData as { pageUrl: string }).pageUrl,
              result,
            );
            return;
          }
          if (!contentType.type.includes('html')) return;
          result.pages++;
          // The same reading as Shark's: title, text and the media list, with the engine's extractor.
          $('title').text();
          const media: MediaRef[] = extractPageMediaFrom(
            $ as unknown as Parameters<typeof extractPageMediaFrom>[0],
            request.loadedUrl ?? request.url,
          );
          $('script, style, noscript, template').remove();
          $('body').text();
          if (!withMedia) return;
          await addRequests(
            media
              .filter((m) => m.kind === 'image')
              .map((m) => ({ url: m.url, label: 'media', userData: { pageUrl: request.url } })),
            { forefront: true },
          );
        },
        failedRequestHandler({ request }) {
          if (request.label === 'media') result.failedMedia++;
          else result.failedPages++;
        },
      },
      config,
    );
    const started = performance.now();
    await crawler.run(pageUrls);
    result.seconds = (performance.now() - started) / 1000;
    return result;
  }

  const perSecond = (r: RoundResult) => r.pages / r.seconds;
  const combine = (runs: RoundResult[]): RoundResult => ({
    pages: runs.reduce((sum, r) => sum + r.pages, 0),
    failedPages: runs.reduce((sum, r) => sum + r.failedPages, 0),
    media: runs.reduce((sum, r) => sum + r.media, 0),
    failedMedia: runs.reduce((sum, r) => sum + r.failedMedia, 0),
    matches: new Set(runs.flatMap((r) => [...r.matches])),
    seconds: runs.reduce((sum, r) => sum + r.seconds, 0),
  });
  const found = (r: RoundResult) => [...r.matches].filter((m) => expected.has(m)).length;
  const report = (name: string, runs: RoundResult[], withMedia: boolean) => {
    const r = combine(runs);
    const wrong = r.matches.size - found(r);
    const fewest = Math.min(...runs.map(found));
    const media = withMedia
      ? `; ${r.media} pictures fetched and matched (${r.failedMedia} failed); copies found ${fewest === expected.size ? 'all' : `at least ${fewest} of`} ${expected.size} in every run, false matches ${wrong}`
      : '';
    console.log(
      `  ${name.padEnd(24)} ${perSecond(r).toFixed(1).padStart(7)} pages/s  (${runs.length} × ${pageCount} pages in ${r.seconds.toFixed(1)} s, ${r.failedPages} failed${media})`,
    );
  };

  // Not timed: the simulated web renders each picture on first request (in this process); after this
  // pass neither side pays for it.
  process.stdout.write(
    `\nWarming up: every page and picture once, with plain undici (not timed)… `,
  );
  const text = async (url: string) => {
    const response = await request(url);
    return response.body.text();
  };
  let warmed = 0;
  const warmWorker = async () => {
    while (warmed < pageUrls.length) {
      const pageUrl = pageUrls[warmed++]!;
      for (const media of extractPageMedia(await text(pageUrl), pageUrl))
        if (media.kind === 'image') await text(media.url);
    }
  };
  await Promise.all(Array.from({ length: sites * perHost }, warmWorker));
  console.log('done');

  console.log(
    `\nSimulated web: ${pageCount} bulk pages on ${sites} loopback sites; ${perHost} requests per site at once; ${pool.threads} fingerprint threads.`,
  );
  let failed = false;
  for (const withMedia of [false, true]) {
    console.log(
      withMedia
        ? '\nPages and their pictures, fetched and matched:'
        : '\nPages only (fetch, title, text, media list):',
    );
    const sharkRuns: RoundResult[] = [];
    const crawleeRuns: RoundResult[] = [];
    const order: string[] = [];
    for (let block = 0; block < blocks; block++) {
      for (const side of ['Shark', 'Crawlee', 'Crawlee', 'Shark'] as const) {
        const run = side === 'Shark' ? await runShark(withMedia) : await runCrawlee(withMedia);
        (side === 'Shark' ? sharkRuns : crawleeRuns).push(run);
        order.push(`${side} ${perSecond(run).toFixed(1)}`);
      }
    }
    const shark = combine(sharkRuns);
    const crawlee = combine(crawleeRuns);
    report('Shark crawler', sharkRuns, withMedia);
    report('Crawlee CheerioCrawler', crawleeRuns, withMedia);
    console.log(`  (each run in turn, pages/s: ${order.join(', ')})`);
    const ratio = perSecond(shark) / perSecond(crawlee);
    console.log(`  Shark / Crawlee          ${ratio.toFixed(2)}×  (target: at least 1×)`);
    if (shark.failedPages > 0 || shark.failedMedia > 0) failed = true;
    if (
      withMedia &&
      (sharkRuns.some((run) => found(run) < expected.size) || found(shark) < shark.matches.size)
    )
      failed = true;
  }
  console.log(
    `\nCrawlee's storage: in memory (${crawleeDir}, removed); ./storage ${existsSync(path.join(process.cwd(), 'storage')) && !storageExisted ? 'WAS CREATED' : 'untouched'}.`,
  );
  if (failed) process.exitCode = 1;
} finally {
  await pool.close();
  await web.close();
  rmSync(crawleeDir, { recursive: true, force: true });
}
