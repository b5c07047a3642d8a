// Bulk delisting requests for search engines: the CSV Shark keeps and uploads for Google and Bing,
// and Google's TCRP text upload. Columns and their sources are in this folder's README.
import { z } from 'zod';
import { toCsv } from './csv.ts';
import { formatDate, oneLine } from './notice-text.ts';
import {
  lineSchema,
  parseOrThrow,
  NoticeInputError,
  urlSchema,
  dateSchema,
} from './parse-input.ts';

export type SearchEngine = 'google' | 'bing';
export type SearchType = 'web' | 'image' | 'video';

export interface DelistingRow {
  /** The search result to delist: the infringing page (or the media file for image search). */
  url: string;
  workTitle: string;
  /** Where the original can be seen; null falls back to `meta.defaultWorkUrl`. */
  workUrl: string | null;
  noticeId: string;
  /** Bing asks which index the result is in; defaults to `meta.searchType`, then web. */
  searchType?: SearchType;
}

export interface DelistingMeta {
  /** The creator's legal name: the owner the request is made for. */
  copyrightOwner: string;
  /** The brand, which sends the request as the owner's agent. */
  reportingOrganisation: string;
  /** The creator's public profile, for works with no URL of their own. */
  defaultWorkUrl?: string;
  searchType?: SearchType;
  /** Names the file; defaults to now. */
  createdAt?: Date;
}

export interface DelistingBatch {
  engine: SearchEngine;
  fileName: string;
  contentType: string;
  content: string;
  /** Rows written: the same URL for the same work is written once. */
  rowCount: number;
  duplicatesDropped: number;
}

/** A bulk file this big is split by the caller: portals cap uploads well below it. */
export const MAX_DELISTING_ROWS = 50_000;

export const GOOGLE_CSV_COLUMNS = [
  'Infringing URL',
  'Copyrighted work',
  'Authorized example of the work (URL)',
  'Copyright owner',
  'Reporting organization',
  'Notice ID',
] as const;

export const BING_CSV_COLUMNS = [
  'Infringing URL',
  'Search type',
  'Title of the copyrighted work',
  'URL of the original work',
  'Copyright owner',
  'Reporting organization',
  'Notice ID',
] as const;

const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  web: 'Web',
  image: 'Image',
  video: 'Video',
};

const searchTypeSchema = z.enum(['web', 'image', 'video']);

const metaSchema = z.object({
  copyrightOwner: lineSchema(200),
  reportingOrganisation: lineSchema(200),
  defaultWorkUrl: urlSchema.optional(),
  searchType: searchTypeSchema.optional(),
  createdAt: dateSchema.optional(),
});

const rowsSchema = z
  .array(
    z.object({
      url: urlSchema,
      workTitle: lineSchema(),
      workUrl: urlSchema.nullable(),
      noticeId: lineSchema(200),
      searchType: searchTypeSchema.optional(),
    }),
  )
  .min(1, 'a batch needs at least one URL')
  .max(
    MAX_DELISTING_ROWS,
    `a batch holds at most ${MAX_DELISTING_ROWS} rows: split the rest into another`,
  );

interface ResolvedRow {
  url: string;
  workTitle: string;
  workUrl: string;
  noticeId: string;
  searchType: SearchType;
}

function resolveRows(rawRows: readonly DelistingRow[], rawMeta: DelistingMeta) {
  const meta = parseOrThrow<DelistingMeta>(metaSchema, rawMeta);
  const rows = parseOrThrow<DelistingRow[]>(rowsSchema, rawRows);
  const problems: string[] = [];
  const seen = new Set<string>();
  const resolved: ResolvedRow[] = [];
  rows.forEach((row, index) => {
    const workUrl = row.workUrl ?? meta.defaultWorkUrl;
    if (workUrl === undefined) {
      problems.push(
        `${index}.workUrl: the work has no URL of its own: give one, or meta.defaultWorkUrl`,
      );
      return;
    }
    const key = JSON.stringify([row.url, row.workTitle, workUrl]);
    if (seen.has(key)) return;
    seen.add(key);
    resolved.push({
      url: row.url,
      workTitle: row.workTitle,
      workUrl,
      noticeId: row.noticeId,
      searchType: row.searchType ?? meta.searchType ?? 'web',
    });
  });
  if (problems.length > 0) throw new NoticeInputError(problems);
  return { meta, rows: resolved, duplicatesDropped: rows.length - resolved.length };
}

function fileName(engine: SearchEngine, meta: DelistingMeta, extension: string): string {
  const stamp = (meta.createdAt ?? new Date()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `delisting-${engine}-${stamp}.${extension}`;
}

/**
 * The CSV for one engine: a header row, then one row per URL and work. Throws NoticeInputError on
 * bad rows (a URL that is not http(s), an empty title, a work with no URL and no default).
 */
export function formatDelistingBatch(
  engine: SearchEngine,
  rawRows: readonly DelistingRow[],
  rawMeta: DelistingMeta,
): DelistingBatch {
  const { meta, rows, duplicatesDropped } = resolveRows(rawRows, rawMeta);
  const content =
    engine === 'google'
      ? toCsv(
          GOOGLE_CSV_COLUMNS,
          rows.map((row) => [
            row.url,
            row.workTitle,
            row.workUrl,
            meta.copyrightOwner,
            meta.reportingOrganisation,
            row.noticeId,
          ]),
        )
      : toCsv(
          BING_CSV_COLUMNS,
          rows.map((row) => [
            row.url,
            SEARCH_TYPE_LABELS[row.searchType],
            row.workTitle,
            row.workUrl,
            meta.copyrightOwner,
            meta.reportingOrganisation,
            row.noticeId,
          ]),
        );
  return {
    engine,
    fileName: fileName(engine, meta, 'csv'),
    contentType: 'text/csv; charset=utf-8; header=present',
    content,
    rowCount: rows.length,
    duplicatesDropped,
  };
}

/**
 * Google's TCRP text upload as we understand it: per work, `#` lines describing it and giving the URL
 * of an authorised copy, then its infringing URLs one per line; a blank line between works.
 */
export function formatGoogleTcrpText(
  rawRows: readonly DelistingRow[],
  rawMeta: DelistingMeta,
): DelistingBatch {
  const { meta, rows, duplicatesDropped } = resolveRows(rawRows, rawMeta);
  const byWork = new Map<string, { title: string; workUrl: string; urls: string[] }>();
  for (const row of rows) {
    const key = JSON.stringify([row.workTitle, row.workUrl]);
    const group = byWork.get(key) ?? { title: row.workTitle, workUrl: row.workUrl, urls: [] };
    group.urls.push(row.url);
    byWork.set(key, group);
  }
  const content = [...byWork.values()]
    .map((group) =>
      [
        `# ${oneLine(group.title)} (owner: ${meta.copyrightOwner}; listed ${formatDate(meta.createdAt ?? new Date())})`,
        `# ${group.workUrl}`,
        ...group.urls,
      ].join('\n'),
    )
    .join('\n\n');
  return {
    engine: 'google',
    fileName: fileName('google', meta, 'txt'),
    contentType: 'text/plain; charset=utf-8',
    content: `${content}\n`,
    rowCount: rows.length,
    duplicatesDropped,
  };
}
