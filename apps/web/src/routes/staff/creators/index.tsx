import { creatorSearchTextSchema } from '@shark/contracts/staff-creators-values.ts';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { CreatorSearchPage } from '#app/features/staff-creators/components/creator-search-page.tsx';
import { usePageTitle } from '#app/lib/use-document-title.ts';

// The staff console's creator lookup; the search text lives in the address so a search can be shared.
const searchSchema = z.object({ q: z.catch(z.optional(creatorSearchTextSchema), undefined) });

export const Route = createFileRoute('/staff/creators/')({
  validateSearch: searchSchema,
  component: Creators,
});

function Creators() {
  const { q } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Creators');
  return (
    <CreatorSearchPage
      key={q ?? ''}
      q={q ?? ''}
      onSearch={(text) => void navigate({ search: { q: text === '' ? undefined : text } })}
    />
  );
}
