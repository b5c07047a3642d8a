// The collections beside the items: all items, items in no collection, and each collection with
// its count, as links that set the page's `collection` filter.
import type { CollectionList, ContentCollection } from '@shark/contracts/content.ts';
import { Link } from '@tanstack/react-router';
import { FolderPlus, MoreHorizontal, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useCollections } from '#app/features/content/api/get-collections.ts';
import { UNCOLLECTED, type ContentSearch } from '#app/features/content/content-search.ts';
import { plural } from '#app/features/content/lib/plural.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

export function CollectionsPanel({
  userId,
  search,
  onNew,
  onRename,
  onDelete,
}: {
  userId: string;
  search: ContentSearch;
  onNew: () => void;
  onRename: (collection: ContentCollection) => void;
  onDelete: (collection: ContentCollection) => void;
}) {
  const collections = useCollections(userId);
  return (
    <nav aria-labelledby="collections-heading" className="min-w-0">
      <div className="flex items-center justify-between gap-2">
        <h2 id="collections-heading" className="text-sm font-semibold tracking-tight">
          Collections
        </h2>
        <Button variant="ghost" size="sm" onClick={onNew}>
          <FolderPlus aria-hidden="true" />
          New collection
        </Button>
      </div>
      <CollectionLinks
        query={collections}
        search={search}
        onRename={onRename}
        onDelete={onDelete}
      />
    </nav>
  );
}

function CollectionLinks({
  query,
  search,
  onRename,
  onDelete,
}: {
  query: ReturnType<typeof useCollections>;
  search: ContentSearch;
  onRename: (collection: ContentCollection) => void;
  onDelete: (collection: ContentCollection) => void;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading collections" className="mt-3 grid gap-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="mt-3 grid gap-2">
        <Alert variant="error">
          {isApiClientError(query.error)
            ? query.error.message
            : 'Your collections could not be loaded.'}
        </Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  const list: CollectionList = query.data;
  return (
    <ul className="mt-3 grid gap-0.5">
      <li>
        <FilterLink
          label="All items"
          count={list.totalItemCount}
          isCurrent={search.collection === undefined}
          collection={undefined}
          search={search}
        />
      </li>
      <li>
        <FilterLink
          label="Not in a collection"
          count={list.uncollectedCount}
          isCurrent={search.collection === UNCOLLECTED}
          collection={UNCOLLECTED}
          search={search}
        />
      </li>
      {list.collections.length === 0 ? (
        <li className="px-2.5 py-2 text-xs text-muted-foreground">
          No collections yet. Group works by series, month or set.
        </li>
      ) : null}
      {list.collections.map((collection) => (
        <li key={collection.id} className="group flex items-center gap-1">
          <FilterLink
            label={collection.title}
            count={collection.itemCount}
            isCurrent={search.collection === collection.id}
            collection={collection.id}
            search={search}
            className="min-w-0 flex-1"
          />
          {/* Not modal: a modal menu that opens a dialog can leave the page unclickable after both close. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground"
                aria-label={`Actions for ${collection.title}`}
              >
                <MoreHorizontal aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onRename(collection)}>
                <Pencil aria-hidden="true" />
                Rename
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onDelete(collection)} className="text-destructive">
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </li>
      ))}
    </ul>
  );
}

function FilterLink({
  label,
  count,
  isCurrent,
  collection,
  search,
  className,
}: {
  label: string;
  count: number;
  isCurrent: boolean;
  collection: string | undefined;
  search: ContentSearch;
  className?: string;
}) {
  return (
    <Link
      to="/branches"
      search={{ ...search, collection }}
      aria-current={isCurrent ? 'page' : undefined}
      aria-label={`${label}, ${plural(count, 'item')}`}
      className={cn(
        'flex items-center justify-between gap-2 rounded-lg px-2.5 py-2 text-sm transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50',
        isCurrent && 'bg-muted font-semibold',
        className,
      )}
    >
      <span className="truncate">{label}</span>
      <span aria-hidden="true" className="shrink-0 text-xs text-muted-foreground tabular-nums">
        {count}
      </span>
    </Link>
  );
}
