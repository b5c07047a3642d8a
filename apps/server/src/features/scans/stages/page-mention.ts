// What the fetch stage records for a page that names the creator: a mention finding when the page
// reads like a leak, a name sighting when it only shares her name, nothing for a later page of a
// thread or listing (its first page carries the finding). The engine's classifyMention decides.
import {
  classifyMention,
  pageSignalsOf,
  type MentionContext,
} from '@shark/engine/matching/mention-context.ts';
import { mentionsCreator } from '@shark/engine/matching/text-match.ts';
import type { RecordFindingInput } from '#server/features/scans/scan-ports.ts';
import type { CreatorSetup } from './creator-setup.ts';

/** Below this a page's naming of her is too weak to show at all. */
const MENTION_MIN_SCORE = 0.5;
/** A mention never reaches the auto-confirm threshold: a page naming the creator is not proof of a copy. */
const MENTION_CONFIDENCE_CAP = 0.6;

/** Where pages that only share her name are kept (features/name-sightings). */
export interface SightingsPort {
  record(input: {
    userId: string;
    scanId: string | null;
    pageUrl: string;
    pageTitle: string | null;
  }): Promise<boolean>;
}

export interface NamedPage {
  finalUrl: string;
  title: string | null;
  text: string | null;
  html: string | null;
}

export type PageMentionOutcome =
  | { recorded: 'none'; context: MentionContext | null }
  | { recorded: 'mention'; context: MentionContext; findingId: string }
  | { recorded: 'sighting'; context: MentionContext };

export interface PageMentionDeps {
  recordFinding: (input: RecordFindingInput) => Promise<{ id: string }>;
  sightings?: SightingsPort | undefined;
}

/**
 * Records what a page naming the creator is worth. `mentionFinding` completes the finding (thumbnail,
 * site, source) only when one is recorded, so a page that is no leak costs no picture download.
 */
export async function recordPageMention(
  deps: PageMentionDeps,
  page: NamedPage,
  context: { userId: string; scanId: string; creator: CreatorSetup },
  mentionFinding: (confidence: number) => Promise<RecordFindingInput>,
): Promise<PageMentionOutcome> {
  const { creator } = context;
  const found = mentionsCreator(`${page.title ?? ''}\n${page.text ?? ''}`, {
    usernames: creator.usernames,
    terms: creator.terms,
  });
  if (!found.matched || found.score < MENTION_MIN_SCORE) return { recorded: 'none', context: null };
  const classified = classifyMention(
    {
      url: page.finalUrl,
      title: page.title,
      text: page.text,
      signals: page.html === null ? null : pageSignalsOf(page.html, page.finalUrl),
    },
    { usernames: creator.usernames, terms: creator.terms, names: creator.names },
  );
  switch (classified.kind) {
    case 'possible-leak': {
      const confidence = Math.min(MENTION_CONFIDENCE_CAP, found.score * MENTION_CONFIDENCE_CAP);
      const recorded = await deps.recordFinding(await mentionFinding(confidence));
      return { recorded: 'mention', context: classified, findingId: recorded.id };
    }
    case 'name-only': {
      const isKept =
        deps.sightings !== undefined &&
        (await deps.sightings.record({
          userId: context.userId,
          scanId: context.scanId,
          pageUrl: page.finalUrl,
          pageTitle: page.title,
        }));
      return isKept
        ? { recorded: 'sighting', context: classified }
        : { recorded: 'none', context: classified };
    }
    case 'continuation':
      return { recorded: 'none', context: classified };
  }
}
