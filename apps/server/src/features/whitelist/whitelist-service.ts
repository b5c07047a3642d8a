// The rules of the whitelist: entries are read and made canonical by the engine, one entry per kind
// and canonical value per user, the plan's `whitelistEntries` limit counts every entry, and a paste or
// CSV import adds what it can and says line by line why the rest was not added.
import { randomUUID } from 'node:crypto';
import type { LimitDetails } from '@shark/contracts/http.ts';
import {
  WHITELIST_NOTE_MAX_LENGTH,
  type CheckWhitelistResult,
  type WhitelistBulkReport,
  type WhitelistEntry,
  type WhitelistKind,
  type WhitelistLineResult,
  type WhitelistList,
} from '@shark/contracts/whitelist.ts';
import { parseWebAddress } from '@shark/engine/whitelist/web-address.ts';
import {
  displayWhitelistValue,
  parseWhitelistEntry,
  type ParsedWhitelistEntry,
} from '@shark/engine/whitelist/whitelist-entry.ts';
import { whitelistMatch } from '@shark/engine/whitelist/whitelist-match.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type { BulkLine } from './whitelist-input.ts';
import type { NewWhitelistRow, WhitelistRepository, WhitelistRow } from './whitelist-repository.ts';

const NOT_FOUND = 'This whitelist entry does not exist.';
const KIND_NAMES: Record<WhitelistKind, string> = {
  url: 'the URL',
  domain: 'the domain',
  pattern: 'the pattern',
};

export function toApi(row: WhitelistRow): WhitelistEntry {
  return {
    id: row.id,
    kind: row.kind,
    input: row.input,
    value: row.value,
    display: displayWhitelistValue(row.kind, row.value),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** "the domain example.com" */
function described(entry: { kind: WhitelistKind; display: string }): string {
  return `${KIND_NAMES[entry.kind]} ${entry.display}`;
}

const keyOf = (entry: { kind: string; value: string }) => `${entry.kind}\u0000${entry.value}`;

export interface NewEntryInput {
  value: string;
  kind?: WhitelistKind | undefined;
  note?: string | undefined;
}

export function createWhitelistService(deps: {
  repo: WhitelistRepository;
  entitlements: Entitlements;
}) {
  const { repo, entitlements } = deps;

  return {
    async list(userId: string): Promise<WhitelistList> {
      return { entries: (await repo.list(userId)).map(toApi) };
    },

    /** Adds one entry: 400 when it cannot be read, 409 when it is already there, 403 past the limit. */
    async add(entitled: Entitled, input: NewEntryInput): Promise<WhitelistEntry> {
      const parsed = parseWhitelistEntry(input.value, input.kind);
      if (!parsed.ok)
        throw new AppError('VALIDATION_FAILED', parsed.message, {
          fields: { value: parsed.message },
        });
      const { entry } = parsed;
      const { userId } = entitled;
      const row = await repo.locked(userId, async (r) => {
        const existing = (await r.findByValues(userId, [entry.value])).find(
          (e) => e.kind === entry.kind,
        );
        if (existing) {
          const message = `Already on your whitelist as ${described(toApi(existing))}.`;
          throw new AppError('CONFLICT', message, { fields: { value: message } });
        }
        entitlements.assertWithin(entitled, 'whitelistEntries', await r.count(userId));
        const [inserted] = await r.insertMany([
          {
            id: randomUUID(),
            userId,
            kind: entry.kind,
            input: input.value.trim(),
            value: entry.value,
            note: input.note || null,
          },
        ]);
        if (!inserted) throw new Error('whitelist row missing after insert');
        return inserted;
      });
      return toApi(row);
    },

    /**
     * Adds the lines of a paste or CSV import: each valid new line until the plan's limit is reached;
     * duplicates, unreadable lines and lines past the limit are reported, not added.
     */
    async addMany(
      entitled: Entitled,
      lines: BulkLine[],
      commonNote?: string,
    ): Promise<WhitelistBulkReport> {
      const { userId } = entitled;
      const results = new Map<number, WhitelistLineResult>();
      const valid: { index: number; line: BulkLine; entry: ParsedWhitelistEntry }[] = [];
      lines.forEach((line, index) => {
        const invalid = (message: string) =>
          results.set(index, {
            line: line.line,
            input: line.input,
            status: 'invalid',
            message,
            entry: null,
          });
        if (line.problem) return invalid(line.problem);
        if (line.note && line.note.length > WHITELIST_NOTE_MAX_LENGTH) {
          return invalid(`Keep the note under ${WHITELIST_NOTE_MAX_LENGTH} characters.`);
        }
        const parsed = parseWhitelistEntry(line.input, line.kind);
        if (!parsed.ok) return invalid(parsed.message);
        valid.push({ index, line, entry: parsed.entry });
      });

      let limit: LimitDetails | null = null;
      let limitMessage: string | null = null;
      await repo.locked(userId, async (r) => {
        const existing = new Map(
          (
            await r.findByValues(
              userId,
              valid.map((v) => v.entry.value),
            )
          ).map((row) => [keyOf(row), row]),
        );
        const firstLineOf = new Map<string, number>();
        const candidates: typeof valid = [];
        for (const item of valid) {
          const { index } = item;
          const key = keyOf(item.entry);
          const already = existing.get(key);
          const earlier = firstLineOf.get(key);
          if (already) {
            const message = `Already on your whitelist as ${described(toApi(already))}.`;
            results.set(index, {
              line: item.line.line,
              input: item.line.input,
              status: 'duplicate',
              message,
              entry: toApi(already),
            });
          } else if (earlier !== undefined) {
            const message = `Same entry as line ${earlier} (${described(item.entry)}).`;
            results.set(index, {
              line: item.line.line,
              input: item.line.input,
              status: 'duplicate',
              message,
              entry: null,
            });
          } else {
            firstLineOf.set(key, item.line.line);
            candidates.push(item);
          }
        }

        const used = await r.count(userId);
        const allowed = entitled.limits.whitelistEntries;
        const room =
          allowed === null
            ? candidates.length
            : Math.max(0, Math.min(candidates.length, allowed - used));
        if (room < candidates.length) {
          try {
            entitlements.assertWithin(entitled, 'whitelistEntries', used, candidates.length);
          } catch (error) {
            if (!(error instanceof AppError) || error.code !== 'PLAN_LIMIT_REACHED') throw error;
            limitMessage = error.message;
            limit = error.extra.limit ?? null;
          }
        }

        // A millisecond apart, newest first: the list shows a paste in the order it was given.
        const start = Date.now();
        const rows: NewWhitelistRow[] = candidates.slice(0, room).map(({ line, entry }, i) => ({
          id: randomUUID(),
          userId,
          kind: entry.kind,
          input: line.input,
          value: entry.value,
          note: line.note ?? (commonNote || null),
          createdAt: new Date(start - i),
        }));
        const inserted = new Map((await r.insertMany(rows)).map((row) => [row.id, row]));
        candidates.forEach(({ index, line, entry }, i) => {
          const row = rows[i] ? inserted.get(rows[i].id) : undefined;
          if (row) {
            const message = `Added as ${described(entry)}.`;
            results.set(index, {
              line: line.line,
              input: line.input,
              status: 'added',
              message,
              entry: toApi(row),
            });
          } else if (i < room) {
            // Only possible if the row appeared after the lookup above; the lock makes that unlikely.
            const message = `Already on your whitelist as ${described(entry)}.`;
            results.set(index, {
              line: line.line,
              input: line.input,
              status: 'duplicate',
              message,
              entry: null,
            });
          } else {
            results.set(index, {
              line: line.line,
              input: line.input,
              status: 'refused',
              message: 'Not added: your plan’s whitelist limit is reached.',
              entry: null,
            });
          }
        });
      });

      const ordered = lines.map((_, index) => results.get(index)!);
      const counts = { added: 0, duplicate: 0, invalid: 0, refused: 0 };
      for (const result of ordered) counts[result.status]++;
      return { results: ordered, counts, limit, limitMessage };
    },

    async remove(userId: string, id: string): Promise<void> {
      if ((await repo.delete(userId, [id])) === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
    },

    /** Deletes all the entries or none: an id that is not the creator's makes the whole request 404. */
    async removeMany(userId: string, ids: string[]): Promise<number> {
      const unique = [...new Set(ids)];
      return repo.locked(userId, async (r) => {
        if ((await r.countOwned(userId, unique)) !== unique.length) {
          throw new AppError(
            'NOT_FOUND',
            'Some of these whitelist entries do not exist. Nothing was deleted.',
          );
        }
        return r.delete(userId, unique);
      });
    },

    async check(userId: string, url: string): Promise<CheckWhitelistResult> {
      const address = parseWebAddress(url);
      if (!address.ok) {
        const message =
          address.message === 'Enter a web address.' ? 'Enter a URL to check.' : address.message;
        throw new AppError('VALIDATION_FAILED', message, { fields: { url: message } });
      }
      const rows = await repo.list(userId);
      const found = whitelistMatch(url, rows);
      if (found)
        return {
          url: address.value.display,
          isWhitelisted: true,
          entry: toApi(found.entry),
          reason: capitalised(found.reason),
        };
      return {
        url: address.value.display,
        isWhitelisted: false,
        entry: null,
        reason:
          rows.length === 0
            ? 'Your whitelist is empty.'
            : 'No entry on your whitelist covers this address.',
      };
    },
  };
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export type WhitelistService = ReturnType<typeof createWhitelistService>;
