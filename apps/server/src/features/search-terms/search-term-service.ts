// The rules of search terms: one row per distinct text per user (active, suggested or dismissed),
// active terms count against the plan's `searchTerms` limit, and a suggestion the creator declined
// (dismissed, or accepted then deleted or reworded) is remembered so it is not suggested again.
import { randomUUID } from 'node:crypto';
import {
  searchTermTextSchema,
  type AcceptSuggestionsResult,
  type DiscoverySource,
  type RefreshSuggestionsResult,
  type SearchTerm,
  type SearchTermList,
} from '@shark/contracts/search-terms.ts';
import { normalizeSearchTerm } from '@shark/engine/search-terms/normalize.ts';
import { suggestSearchTerms, type UsernameSource } from '@shark/engine/search-terms/suggest.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import type {
  SearchTermQueries,
  SearchTermRepository,
  SearchTermRow,
  SearchTermWithAccount,
} from './search-term-repository.ts';

export interface NewTermInput {
  term: string;
  sources: DiscoverySource[];
}

export interface TermChanges {
  term?: string | undefined;
  sources?: DiscoverySource[] | undefined;
}

const NOT_FOUND = 'This search term does not exist.';

function toApi(row: SearchTermWithAccount): SearchTerm {
  if (row.status === 'dismissed') throw new Error('a dismissed term is never shown');
  return {
    id: row.id,
    term: row.term,
    status: row.status,
    origin: row.origin,
    sources: row.sources as DiscoverySource[],
    suggestedFrom: row.account
      ? {
          accountId: row.account.id,
          platform: row.account.platform,
          username: row.account.username,
        }
      : null,
    // Filled once scanning records what each term found.
    lastResults: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function duplicateError(existing: SearchTermRow): AppError {
  const message =
    existing.status === 'suggested'
      ? `“${existing.term}” is already among your suggestions: accept it there.`
      : `You already search for “${existing.term}”.`;
  return new AppError('CONFLICT', message, { fields: { term: message } });
}

/**
 * The engine's suggestions for these usernames that a creator could also have typed: a username
 * made only of common words ("free", "onlyfans") gives phrases the add form would refuse, so they
 * are not suggested either.
 */
export function suggestionsFor<T extends UsernameSource>(usernames: readonly T[]) {
  return suggestSearchTerms(usernames).filter((s) => {
    const parsed = searchTermTextSchema.safeParse(s.term);
    return parsed.success && normalizeSearchTerm(parsed.data) === s.term;
  });
}

export function createSearchTermService(deps: {
  repo: SearchTermRepository;
  entitlements: Entitlements;
}) {
  const { repo, entitlements } = deps;

  async function shown(userId: string, id: string): Promise<SearchTerm> {
    const row = await repo.findWithAccount(userId, id);
    if (!row || row.status === 'dismissed') throw new AppError('NOT_FOUND', NOT_FOUND);
    return toApi(row);
  }

  /** A visible (active or suggested) term of this user; dismissed ones are hidden, so not found. */
  async function visible(r: SearchTermQueries, userId: string, id: string): Promise<SearchTermRow> {
    const row = await r.findById(userId, id);
    if (!row || row.status === 'dismissed') throw new AppError('NOT_FOUND', NOT_FOUND);
    return row;
  }

  return {
    async list(userId: string): Promise<SearchTermList> {
      const [rows, dismissedCount] = await Promise.all([
        repo.listVisible(userId),
        repo.countByStatus(userId, 'dismissed'),
      ]);
      return {
        active: rows.filter((r) => r.status === 'active').map(toApi),
        suggested: rows.filter((r) => r.status === 'suggested').map(toApi),
        dismissedCount,
      };
    },

    /**
     * Adds a term the creator typed. Typing a suggested or dismissed text makes it active (the
     * creator asked for it); typing an active one is a conflict.
     */
    async add(entitled: Entitled, input: NewTermInput): Promise<SearchTerm> {
      const { userId } = entitled;
      const normalizedTerm = normalizeSearchTerm(input.term);
      const id = await repo.locked(userId, async (r) => {
        const existing = await r.findByNormalized(userId, normalizedTerm);
        if (existing?.status === 'active') throw duplicateError(existing);
        entitlements.assertWithin(entitled, 'searchTerms', await r.countByStatus(userId, 'active'));
        if (existing) {
          await r.update(userId, existing.id, {
            term: input.term,
            status: 'active',
            origin: 'creator',
            sources: input.sources,
          });
          return existing.id;
        }
        const newId = randomUUID();
        await r.insert({
          id: newId,
          userId,
          term: input.term,
          normalizedTerm,
          status: 'active',
          origin: 'creator',
          suggestedFromAccountId: null,
          sources: input.sources,
        });
        return newId;
      });
      return shown(userId, id);
    },

    /** Changes an active term's text or sources. A reworded suggestion stays declined under its old text. */
    async update(userId: string, id: string, changes: TermChanges): Promise<SearchTerm> {
      await repo.locked(userId, async (r) => {
        const row = await visible(r, userId, id);
        if (row.status !== 'active') {
          throw new AppError('CONFLICT', 'Accept this suggestion before changing it.');
        }
        const update: Parameters<SearchTermQueries['update']>[2] = {};
        if (changes.sources !== undefined) update.sources = changes.sources;
        if (changes.term !== undefined) {
          const normalizedTerm = normalizeSearchTerm(changes.term);
          if (normalizedTerm !== row.normalizedTerm) {
            const other = await r.findByNormalized(userId, normalizedTerm);
            if (other && other.status !== 'dismissed') throw duplicateError(other);
            // A declined text the creator now types on purpose is theirs.
            if (other) await r.delete(userId, other.id);
            update.origin = 'creator';
          }
          update.term = changes.term;
          update.normalizedTerm = normalizedTerm;
        }
        await r.update(userId, id, update);
        // The suggestion's own text is remembered as declined once the row no longer holds it.
        if (
          row.origin === 'suggestion' &&
          update.normalizedTerm !== undefined &&
          update.normalizedTerm !== row.normalizedTerm
        ) {
          await r.insert({
            id: randomUUID(),
            userId,
            term: row.term,
            normalizedTerm: row.normalizedTerm,
            status: 'dismissed',
            origin: 'suggestion',
            suggestedFromAccountId: row.suggestedFromAccountId,
            sources: [],
          });
        }
      });
      return shown(userId, id);
    },

    /** Deletes a term. A term that came from a suggestion is kept as dismissed, so it is not suggested again. */
    async remove(userId: string, id: string): Promise<void> {
      await repo.locked(userId, async (r) => {
        const row = await visible(r, userId, id);
        if (row.origin === 'suggestion') await r.update(userId, id, { status: 'dismissed' });
        else await r.delete(userId, id);
      });
    },

    /** Makes a suggestion (or a dismissed one, to undo a dismissal) active, within the plan's limit. */
    async accept(entitled: Entitled, id: string): Promise<SearchTerm> {
      const { userId } = entitled;
      await repo.locked(userId, async (r) => {
        const row = await r.findById(userId, id);
        if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
        if (row.status === 'active') return;
        entitlements.assertWithin(entitled, 'searchTerms', await r.countByStatus(userId, 'active'));
        await r.update(userId, id, { status: 'active' });
      });
      return shown(userId, id);
    },

    /**
     * Accepts suggestions in the order given until the plan's limit is reached; the rest stay
     * suggested. Fails with the limit's error only when none could be accepted.
     */
    async acceptMany(entitled: Entitled, ids: string[]): Promise<AcceptSuggestionsResult> {
      const { userId } = entitled;
      const unique = [...new Set(ids)];
      const outcome = await repo.locked(userId, async (r) => {
        const rows = new Map((await r.findByIds(userId, unique)).map((row) => [row.id, row]));
        if (rows.size !== unique.length)
          throw new AppError('NOT_FOUND', 'One of these suggestions does not exist.');
        let used = await r.countByStatus(userId, 'active');
        const accepted: string[] = [];
        const notAccepted: string[] = [];
        let limitMessage: string | null = null;
        for (const id of unique) {
          const row = rows.get(id)!;
          if (row.status === 'active') {
            accepted.push(id);
            continue;
          }
          try {
            entitlements.assertWithin(entitled, 'searchTerms', used);
          } catch (error) {
            if (accepted.length === 0) throw error;
            limitMessage ??= error instanceof AppError ? error.message : null;
            notAccepted.push(id);
            continue;
          }
          await r.update(userId, id, { status: 'active' });
          used++;
          accepted.push(id);
        }
        return { accepted, notAccepted, limitMessage };
      });
      const accepted = await Promise.all(outcome.accepted.map((id) => shown(userId, id)));
      return { accepted, notAccepted: outcome.notAccepted, limitMessage: outcome.limitMessage };
    },

    /** Declines a suggestion; it stays hidden and is not suggested again. */
    async dismiss(userId: string, id: string): Promise<void> {
      await repo.locked(userId, async (r) => {
        const row = await visible(r, userId, id);
        if (row.status === 'active')
          throw new AppError('CONFLICT', 'This term is in use: delete it instead.');
        await r.update(userId, id, { status: 'dismissed' });
      });
    },

    /**
     * Makes suggestions from the creator's current usernames: new texts become suggestions, texts the
     * creator has in any status are left alone, and waiting suggestions no username gives any more
     * are withdrawn.
     */
    async refreshSuggestions(userId: string): Promise<RefreshSuggestionsResult> {
      const usernames = await repo.listUsernames(userId);
      const suggestions = suggestionsFor(usernames);
      const added = await repo.locked(userId, async (r) => {
        const wanted = new Set(suggestions.map((s) => s.term));
        const stale = (await r.listPendingSuggestions(userId)).filter(
          (s) => !wanted.has(s.normalizedTerm),
        );
        await r.deleteMany(
          userId,
          stale.map((s) => s.id),
        );
        // One millisecond apart, so they list in the generator's order (most useful first).
        const base = Date.now();
        return r.insertMissing(
          suggestions.map((s, index) => ({
            id: randomUUID(),
            userId,
            term: s.term,
            normalizedTerm: s.term,
            status: 'suggested' as const,
            origin: 'suggestion' as const,
            suggestedFromAccountId: s.source.id,
            sources: [],
            createdAt: new Date(base + index),
          })),
        );
      });
      return { added, usernameCount: usernames.length, list: await this.list(userId) };
    },
  };
}

export type SearchTermService = ReturnType<typeof createSearchTermService>;
