// The whitelist (/whitelist): URLs, domains and URL patterns that are never taken down. What each
// kind covers is decided by the engine's matcher (packages/engine/src/whitelist/README.md).
import { z } from 'zod';
import { limitDetailsSchema } from './http.ts';

export const WHITELIST_KINDS = ['url', 'domain', 'pattern'] as const;
export const whitelistKindSchema = z.enum(WHITELIST_KINDS, {
  error: 'Choose URL, domain or pattern.',
});
export type WhitelistKind = z.infer<typeof whitelistKindSchema>;

export const WHITELIST_VALUE_MAX_LENGTH = 2048;
export const WHITELIST_NOTE_MAX_LENGTH = 500;
/** Lines of one paste, or rows of one CSV file; larger lists are split by the creator. */
export const WHITELIST_BULK_MAX_LINES = 5000;
/** Characters of one paste or CSV text (about 5000 long URLs). */
export const WHITELIST_BULK_MAX_CHARACTERS = 1_000_000;

export const whitelistEntrySchema = z.object({
  id: z.string(),
  kind: whitelistKindSchema,
  /** As the creator typed it. */
  input: z.string(),
  /** Canonical form: what is compared (duplicates have the same kind and value). */
  value: z.string(),
  /** The canonical form with Unicode host names, for people. */
  display: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

export const whitelistListSchema = z.object({ entries: z.array(whitelistEntrySchema) });
export type WhitelistList = z.infer<typeof whitelistListSchema>;

const noteSchema = z
  .string({ error: 'Write the note as text.' })
  .trim()
  .max(WHITELIST_NOTE_MAX_LENGTH, `Keep the note under ${WHITELIST_NOTE_MAX_LENGTH} characters.`);

/** POST /api/whitelist: one entry. The kind is inferred when not given. */
export const addWhitelistEntrySchema = z.object({
  value: z
    .string({ error: 'Enter a URL, a domain or a pattern.' })
    .trim()
    .min(1, 'Enter a URL, a domain or a pattern.')
    .max(WHITELIST_VALUE_MAX_LENGTH, `Use at most ${WHITELIST_VALUE_MAX_LENGTH} characters.`),
  kind: whitelistKindSchema.optional(),
  note: noteSchema.optional(),
});
export type AddWhitelistEntry = z.input<typeof addWhitelistEntrySchema>;

const bulkText = (empty: string) =>
  z
    .string({ error: empty })
    .max(
      WHITELIST_BULK_MAX_CHARACTERS,
      `Send at most ${WHITELIST_BULK_MAX_CHARACTERS.toLocaleString('en-US')} characters at a time.`,
    )
    .refine((text) => text.trim() !== '', empty);

/** POST /api/whitelist/bulk: one entry per line; blank lines and lines starting with # are skipped. */
export const addManyWhitelistSchema = z.object({
  text: bulkText('Paste at least one URL, domain or pattern, one per line.'),
  note: noteSchema.optional(),
});
export type AddManyWhitelist = z.input<typeof addManyWhitelistSchema>;

/** POST /api/whitelist/import: CSV text; columns value,note (a header row is optional). */
export const importWhitelistCsvSchema = z.object({
  csv: bulkText('The CSV file is empty.'),
});
export type ImportWhitelistCsv = z.input<typeof importWhitelistCsvSchema>;

/** Largest CSV file accepted by POST /api/whitelist/import/file. */
export const WHITELIST_CSV_MAX_BYTES = 2 * 1024 * 1024;

export const WHITELIST_LINE_STATUSES = ['added', 'duplicate', 'invalid', 'refused'] as const;
export const whitelistLineStatusSchema = z.enum(WHITELIST_LINE_STATUSES);
export type WhitelistLineStatus = z.infer<typeof whitelistLineStatusSchema>;

/** What happened to one line of a paste or one row of a CSV file. */
export const whitelistLineResultSchema = z.object({
  /** 1-based line (or CSV row) number in what was sent. */
  line: z.number().int().positive(),
  input: z.string(),
  status: whitelistLineStatusSchema,
  /** Why, in words: the invalid line's problem, what it duplicates, or the limit reached. */
  message: z.string(),
  /** The entry added, or the one it duplicates (when that is already on the whitelist). */
  entry: whitelistEntrySchema.nullable(),
});
export type WhitelistLineResult = z.infer<typeof whitelistLineResultSchema>;

/**
 * A paste or an import is a partial success: valid new lines are added up to the plan's limit, and
 * each other line says why it was not.
 */
export const whitelistBulkReportSchema = z.object({
  results: z.array(whitelistLineResultSchema),
  counts: z.object({
    added: z.number().int(),
    duplicate: z.number().int(),
    invalid: z.number().int(),
    refused: z.number().int(),
  }),
  /** Set when lines were refused because the plan's whitelistEntries limit was reached. */
  limit: limitDetailsSchema.nullable(),
  limitMessage: z.string().nullable(),
});
export type WhitelistBulkReport = z.infer<typeof whitelistBulkReportSchema>;

/** POST /api/whitelist/delete: several entries at once; all must be the creator's, or none is deleted. */
export const deleteWhitelistEntriesSchema = z.object({
  ids: z
    .array(z.string().min(1).max(100), { error: 'Choose the entries to delete.' })
    .min(1, 'Choose the entries to delete.')
    .max(WHITELIST_BULK_MAX_LINES, `Delete at most ${WHITELIST_BULK_MAX_LINES} entries at a time.`),
});
export type DeleteWhitelistEntries = z.input<typeof deleteWhitelistEntriesSchema>;

export const deleteWhitelistEntriesResultSchema = z.object({ deleted: z.number().int() });
export type DeleteWhitelistEntriesResult = z.infer<typeof deleteWhitelistEntriesResultSchema>;

/** POST /api/whitelist/check: is this address whitelisted, and why. */
export const checkWhitelistSchema = z.object({
  url: z
    .string({ error: 'Enter a URL to check.' })
    .trim()
    .min(1, 'Enter a URL to check.')
    .max(WHITELIST_VALUE_MAX_LENGTH, `Use at most ${WHITELIST_VALUE_MAX_LENGTH} characters.`),
});
export type CheckWhitelist = z.input<typeof checkWhitelistSchema>;

export const checkWhitelistResultSchema = z.object({
  /** The address as it was read (scheme added when missing, host in Unicode). */
  url: z.string(),
  isWhitelisted: z.boolean(),
  /** The entry that covers it, the most specific one when several do. */
  entry: whitelistEntrySchema.nullable(),
  /** Why it is covered ("the domain example.com covers its subdomain www.example.com"), or why not. */
  reason: z.string(),
});
export type CheckWhitelistResult = z.infer<typeof checkWhitelistResultSchema>;
