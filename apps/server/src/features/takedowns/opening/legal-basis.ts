// The law a takedown's notices invoke. Copyright (DMCA) for leaks and for a likeness finding that is
// her own content; for a forgery of her likeness or intimate content shared without her consent, the
// US TAKE IT DOWN Act, or Article 16 of the EU Digital Services Act when the host is in the EU.
import type { LikenessNature } from '@shark/contracts/findings.ts';
import { isEuMemberState } from '@shark/engine/recipients/eu-member-states.ts';
import type { TakedownRow } from './takedown-transition-repository.ts';

export type LegalBasis = TakedownRow['legalBasis'];

/** Hours a recipient has to remove a depiction under the TAKE IT DOWN Act (its § 3(a)(3)). */
export const TAKE_IT_DOWN_HOURS = 48;

/**
 * The basis a takedown opens with: copyright, unless the finding is a likeness the creator said is not
 * her own content (then TAKE IT DOWN until the host's country is known, see `basisForHost`).
 */
export function openingBasis(finding: {
  kind: string;
  likenessNature: LikenessNature | null;
}): LegalBasis {
  if (finding.kind !== 'likeness') return 'dmca';
  return finding.likenessNature === 'forgery' ||
    finding.likenessNature === 'intimate_without_consent'
    ? 'take_it_down'
    : 'dmca';
}

/**
 * Once the recipients are known: a depiction (not a copyright case) hosted in the EU is notified under
 * DSA Article 16; anywhere else, or when no registry says where the host is, under TAKE IT DOWN.
 * Copyright stays copyright.
 */
export function basisForHost(opening: LegalBasis, hostCountry: string | null): LegalBasis {
  if (opening === 'dmca') return 'dmca';
  return isEuMemberState(hostCountry) ? 'dsa_article_16' : 'take_it_down';
}

/**
 * When the recipient's window to act ends: the statute's 48 hours from the notice under TAKE IT
 * DOWN, the configured window otherwise.
 */
export function responseDueAt(basis: LegalBasis, sentAt: Date, standardDue: Date): Date {
  if (basis !== 'take_it_down') return standardDue;
  return new Date(sentAt.getTime() + TAKE_IT_DOWN_HOURS * 60 * 60 * 1000);
}
