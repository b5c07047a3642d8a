// Words for likeness findings (a picture with a face like the creator's), shared by her findings and
// the staff console's review of them: what the picture is, in her voice or in Shark's team's.
import type { LikenessNature } from '@shark/contracts/findings.ts';

export type NatureLabels = Record<LikenessNature, { label: string; effect: string }>;

/** What a likeness finding is, as she says when confirming it: the choice's label and what follows. */
export const LIKENESS_NATURE_LABELS: NatureLabels = {
  own_content: {
    label: 'My own content',
    effect: 'A photo or video of mine that leaked: taken down as a copyright case (DMCA).',
  },
  forgery: {
    label: 'A forgery of my likeness',
    effect:
      'A fake made of my face (a “deep fake”): taken down under the TAKE IT DOWN Act, or the EU Digital Services Act where the host is in the EU. The site has 48 hours under the TAKE IT DOWN Act.',
  },
  intimate_without_consent: {
    label: 'Intimate content shared without my consent',
    effect:
      'A real intimate picture of me shared without my consent: taken down under the TAKE IT DOWN Act, or the EU Digital Services Act where the host is in the EU.',
  },
};

/** The same choices as Shark's team makes them for a creator who asked it to review the finding. */
export const STAFF_LIKENESS_NATURE_LABELS: NatureLabels = {
  own_content: {
    label: 'Her own content',
    effect: 'A photo or video of hers that leaked: taken down as a copyright case (DMCA).',
  },
  forgery: {
    label: 'A forgery of her likeness',
    effect:
      'A fake made of her face: taken down under the TAKE IT DOWN Act (48 hours), or DSA Article 16 where the host is in the EU.',
  },
  intimate_without_consent: {
    label: 'Intimate content shared without her consent',
    effect:
      'A real intimate picture of her shared without her consent: taken down under the TAKE IT DOWN Act, or DSA Article 16 where the host is in the EU.',
  },
};

/** Cosine similarity as a percentage, never rounded up to a closer match than it is. */
export function formatSimilarity(similarity: number): string {
  // The epsilon keeps 0.29 at 29% (0.29 * 100 is 28.999… in floating point).
  return `${Math.floor(Math.max(0, Math.min(1, similarity)) * 100 + 1e-9)}%`;
}
