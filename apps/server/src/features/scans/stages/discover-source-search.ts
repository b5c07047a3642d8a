// The scan.discover work for a search API: one text query (one result page) or one reference picture
// sent to a reverse image search; each result becomes a fetch task, and a text query's next page a
// discover task of its own.
import { z } from 'zod';
import type { SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import {
  DiscoverySourceError,
  type DiscoverySource,
  type ImageInput,
} from '@shark/engine/discovery/sources/source.ts';
import type { NewTask, ScanRepository, ScanRow } from '#server/features/scans/scan-repository.ts';
import type { ReadReference, SourcesPort } from '#server/features/scans/scan-ports.ts';
import { FREE_SCAN_LIMITS, type ScanSettings } from '#server/features/scans/scan-settings.ts';
import {
  RetryableScanError,
  type StageContext,
  type StageOutcome,
} from '#server/features/scans/scan-task-runner.ts';
import { fetchPageTask } from './fetch-page-stage.ts';

export const textSourceInput = z.object({
  type: z.literal('text-source'),
  sourceId: z.string(),
  query: z.string(),
  page: z.number().int().min(0),
});
export const imageSourceInput = z.object({
  type: z.literal('image-source'),
  sourceId: z.string(),
  referenceFileId: z.string(),
});
export type SourceSearchInput = z.infer<typeof textSourceInput> | z.infer<typeof imageSourceInput>;

/** The discover task that asks a text source one query's result page. */
export function textSourceTask(sourceId: string, query: string, page: number): NewTask {
  return {
    stage: 'discover',
    key: `source:${sourceId}:${query.toLowerCase()}:${page}`,
    input: { type: 'text-source', sourceId, query, page } satisfies z.infer<typeof textSourceInput>,
  };
}

/** Lower case, quotes dropped, spaces collapsed: "Jane  Doe" and “jane doe” are the same search. */
function normalizedWords(text: string): string {
  return text
    .replace(/["\u201c\u201d]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The creator's names as quoted phrases for web search ("Luna Fox" finds the two words together, which
 * Brave and Google both honour), leaving out a name that one of `queries` already searches word for
 * word. A name written together with no space ("lunafox") is another search, and stays.
 */
export function namePhrases(names: string[], queries: string[]): string[] {
  const searched = new Set(queries.map((query) => normalizedWords(query).toLowerCase()));
  const phrases = new Map<string, string>();
  for (const name of names) {
    const words = normalizedWords(name);
    const key = words.toLowerCase();
    if (key.length < 2 || searched.has(key) || phrases.has(key)) continue;
    phrases.set(key, `"${words}"`);
  }
  return [...phrases.values()];
}

/** The discover task that sends one reference picture to a reverse image search. */
export function imageSourceTask(sourceId: string, referenceFileId: string): NewTask {
  return {
    stage: 'discover',
    key: `source:${sourceId}:ref:${referenceFileId}`,
    input: { type: 'image-source', sourceId, referenceFileId } satisfies z.infer<
      typeof imageSourceInput
    >,
  };
}

export interface SourceSearchDeps {
  repo: Pick<ScanRepository, 'spendQueries' | 'recordQuery'>;
  sources: Pick<SourcesPort, 'enabled' | 'reserve'>;
  readReference: ReadReference;
  catalog: () => SiteCatalog;
  settings: Pick<ScanSettings, 'maxSourcePages' | 'maxMediaPerPage'>;
}

export function createSourceSearch(deps: SourceSearchDeps) {
  const { repo, sources, settings } = deps;

  function maxSourcePages(scanRow: ScanRow): number {
    return scanRow.trigger === 'onboarding'
      ? FREE_SCAN_LIMITS.maxSourcePages
      : settings.maxSourcePages;
  }

  return async function searchSource(
    input: SourceSearchInput,
    { scan: scanRow, enqueue }: StageContext,
  ): Promise<StageOutcome> {
    const source: DiscoverySource | undefined = sources
      .enabled()
      .find((s) => s.id === input.sourceId);
    if (!source) return { status: 'skipped', error: `${input.sourceId} is off.` };
    let image: ImageInput | null = null;
    if (input.type === 'image-source') {
      const stored = await deps.readReference(scanRow.userId, input.referenceFileId);
      if (!stored) return { status: 'skipped', error: 'The reference file was deleted.' };
      image = { bytes: stored.bytes, ...(stored.mimeType ? { mimeType: stored.mimeType } : {}) };
      if (source.kind !== 'image' || !source.accepts(image))
        return {
          status: 'skipped',
          error: `${source.name} needs a public address of the picture.`,
        };
    }
    if (!(await repo.spendQueries(scanRow.id, 1)))
      return { status: 'skipped', error: 'The scan’s query budget is spent.' };
    if (!(await sources.reserve(source.id, 1)))
      return { status: 'skipped', error: `${source.name}: today’s quota is used up.` };
    const query = input.type === 'text-source' ? input.query : `reference:${input.referenceFileId}`;
    const page = input.type === 'text-source' ? input.page : 0;
    try {
      const response =
        source.kind === 'text'
          ? await source.search(query, { page })
          : await source.search(image!, { page });
      await repo.recordQuery({
        scanId: scanRow.id,
        source: source.id,
        query,
        page,
        queriesUsed: response.queriesUsed,
        resultCount: response.results.length,
      });
      const catalog = deps.catalog();
      const tasks = response.results
        .map((r) =>
          fetchPageTask(
            {
              url: r.url,
              source: source.id,
              title: r.title ?? null,
              mediaHints: [r.mediaUrl, r.thumbnailUrl].filter((u): u is string => Boolean(u)),
            },
            { catalog, maxMediaPerPage: settings.maxMediaPerPage },
          ),
        )
        .filter((t): t is NewTask => t !== null);
      if (input.type === 'text-source' && response.hasMore && page + 1 < maxSourcePages(scanRow))
        tasks.push(textSourceTask(source.id, input.query, page + 1));
      await enqueue(tasks);
      return { status: 'done', result: { results: response.results.length } };
    } catch (error) {
      if (error instanceof DiscoverySourceError) {
        await repo.recordQuery({
          scanId: scanRow.id,
          source: source.id,
          query,
          page,
          queriesUsed: error.status === null ? 0 : 1,
          resultCount: 0,
          error: error.message,
        });
        if (error.isRetryable) throw new RetryableScanError(error.message);
        return {
          status:
            error.code === 'invalid-input' || error.code === 'disabled' ? 'skipped' : 'failed',
          error: error.message,
        };
      }
      throw error;
    }
  };
}
