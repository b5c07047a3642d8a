// Your Content (/branches): collections beside a filtered list of items, with the item form, the
// reference-file picker and the delete confirmations as overlays.
import {
  type CollectionList,
  type ContentCollection,
  type ContentItem,
  type ContentItemDetail,
} from '@shark/contracts/content.ts';
import { Link, useNavigate } from '@tanstack/react-router';
import { FolderOpen, FolderPlus, Plus, RotateCcw, ScanFace, SearchX } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useCollections } from '#app/features/content/api/get-collections.ts';
import { useItems } from '#app/features/content/api/get-items.ts';
import { CollectionDialog } from '#app/features/content/components/collection-dialog.tsx';
import { CollectionsPanel } from '#app/features/content/components/collections-panel.tsx';
import { DeleteCollectionDialog } from '#app/features/content/components/delete-collection-dialog.tsx';
import { DeleteItemDialog } from '#app/features/content/components/delete-item-dialog.tsx';
import { FilterBar } from '#app/features/content/components/content-filter-bar.tsx';
import { ItemCard } from '#app/features/content/components/item-card.tsx';
import {
  ItemFilesSheet,
  type UploadAccess,
} from '#app/features/content/components/item-files-sheet.tsx';
import {
  ItemFormSheet,
  type ItemFormTarget,
} from '#app/features/content/components/item-form-sheet.tsx';
import {
  itemFiltersOf,
  UNCOLLECTED,
  type ContentSearch,
} from '#app/features/content/content-search.ts';
import { plural } from '#app/features/content/lib/plural.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function ContentPage({
  userId,
  search,
  uploadAccess,
}: {
  userId: string;
  search: ContentSearch;
  uploadAccess: UploadAccess;
}) {
  const navigate = useNavigate({ from: '/branches' });
  const collections = useCollections(userId);
  const [formTarget, setFormTarget] = useState<ItemFormTarget>();
  const [filesItem, setFilesItem] = useState<ContentItem>();
  const [deletingItem, setDeletingItem] = useState<ContentItem>();
  const [collectionDialog, setCollectionDialog] = useState<
    { mode: 'create' } | { mode: 'rename'; collection: ContentCollection }
  >();
  const [deletingCollection, setDeletingCollection] = useState<ContentCollection>();

  const selectedCollection =
    search.collection && search.collection !== UNCOLLECTED
      ? collections.data?.collections.find((c) => c.id === search.collection)
      : undefined;

  const newItem = () =>
    setFormTarget({
      mode: 'create',
      collectionId: selectedCollection?.id ?? '',
    });

  function afterCreate(item: ContentItemDetail) {
    toast.success(`“${item.title}” created`, {
      description: 'Link its reference files so leaks of it can be matched.',
      action: { label: 'Link files', onClick: () => setFilesItem(item) },
    });
  }

  return (
    <PageFrame
      title="Your Content"
      description="Your works as a takedown notice names them: what each one is, when it was published and where you sell it, with the original files leaks are matched against."
      actions={
        <>
          {/* Her face is protected like her works (Premium): its enrolment lives on its own page. */}
          <Button asChild variant="outline">
            <Link to="/likeness">
              <ScanFace aria-hidden="true" />
              Your face
            </Link>
          </Button>
          <Button onClick={newItem}>
            <Plus aria-hidden="true" />
            New item
          </Button>
        </>
      }
    >
      <div className="grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <CollectionsPanel
          userId={userId}
          search={search}
          onNew={() => setCollectionDialog({ mode: 'create' })}
          onRename={(collection) => setCollectionDialog({ mode: 'rename', collection })}
          onDelete={setDeletingCollection}
        />
        <section aria-labelledby="items-heading" className="min-w-0">
          <ItemsHeading search={search} collections={collections.data} />
          <FilterBar search={search} />
          <ItemResults
            userId={userId}
            search={search}
            collections={collections.data}
            onNewItem={newItem}
            onNewCollection={() => setCollectionDialog({ mode: 'create' })}
            onEdit={(item) => setFormTarget({ mode: 'edit', item })}
            onFiles={setFilesItem}
            onDelete={setDeletingItem}
          />
        </section>
      </div>

      <ItemFormSheet
        userId={userId}
        target={formTarget}
        collections={collections.data}
        onClose={() => setFormTarget(undefined)}
        onCreated={afterCreate}
      />
      <ItemFilesSheet
        userId={userId}
        item={filesItem}
        uploadAccess={uploadAccess}
        onClose={() => setFilesItem(undefined)}
      />
      <DeleteItemDialog
        userId={userId}
        item={deletingItem}
        onClose={() => setDeletingItem(undefined)}
      />
      <CollectionDialog
        userId={userId}
        collection={collectionDialog?.mode === 'rename' ? collectionDialog.collection : undefined}
        open={collectionDialog !== undefined}
        onOpenChange={(open) => (open ? undefined : setCollectionDialog(undefined))}
        onCreated={(created) =>
          void navigate({ search: (prev) => ({ ...prev, collection: created.id }) })
        }
      />
      <DeleteCollectionDialog
        userId={userId}
        collection={deletingCollection}
        onOpenChange={(open) => (open ? undefined : setDeletingCollection(undefined))}
        onDeleted={(deleted) => {
          if (search.collection === deleted.id) {
            void navigate({ search: (prev) => ({ ...prev, collection: undefined }) });
          }
        }}
      />
    </PageFrame>
  );
}

function ItemsHeading({
  search,
  collections,
}: {
  search: ContentSearch;
  collections: CollectionList | undefined;
}) {
  let title = 'All items';
  if (search.collection === UNCOLLECTED) title = 'Not in a collection';
  else if (search.collection) {
    title = collections?.collections.find((c) => c.id === search.collection)?.title ?? 'Collection';
  }
  return (
    <h2 id="items-heading" className="text-xl font-semibold tracking-tight break-words">
      {title}
    </h2>
  );
}

function ItemResults({
  userId,
  search,
  collections,
  onNewItem,
  onNewCollection,
  onEdit,
  onFiles,
  onDelete,
}: {
  userId: string;
  search: ContentSearch;
  collections: CollectionList | undefined;
  onNewItem: () => void;
  onNewCollection: () => void;
  onEdit: (item: ContentItem) => void;
  onFiles: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
}) {
  const filters = itemFiltersOf(search);
  const items = useItems(userId, filters);
  const isFiltered = filters.type !== undefined || filters.q !== undefined;

  if (items.isPending) {
    return (
      <div role="status" aria-label="Loading items" className="mt-6 grid gap-3">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-28 rounded-2xl" />
      </div>
    );
  }

  if (items.isError) {
    const isMissingCollection =
      isApiClientError(items.error) && items.error.status === 404 && filters.collection;
    if (isMissingCollection) {
      return (
        <EmptyState
          icon={SearchX}
          title="This collection does not exist"
          className="mt-6"
          action={
            <Button asChild variant="outline">
              <Link to="/branches" search={{}}>
                Show all items
              </Link>
            </Button>
          }
        >
          It may have been deleted. Your items are still listed under All items.
        </EmptyState>
      );
    }
    return (
      <div className="mt-6 grid justify-items-start gap-3">
        <Alert variant="error">
          Your items could not be loaded.{' '}
          {isApiClientError(items.error) ? items.error.message : 'Try again in a moment.'}
        </Alert>
        <Button variant="outline" onClick={() => void items.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }

  const pages = items.data.pages;
  const total = pages[0]?.total ?? 0;
  const list = pages.flatMap((page) => page.items);
  const titleOf = new Map(collections?.collections.map((c) => [c.id, c.title]));

  if (list.length === 0) {
    if (isFiltered) {
      return (
        <EmptyState
          icon={SearchX}
          title="No items match"
          className="mt-6"
          action={
            <Button asChild variant="outline">
              <Link to="/branches" search={{ collection: search.collection }}>
                Clear filters
              </Link>
            </Button>
          }
        >
          {search.q
            ? `No item here has “${search.q}” in its title or description.`
            : 'No item here is of this type.'}{' '}
          Try other words or another type.
        </EmptyState>
      );
    }
    if (filters.collection) {
      return (
        <EmptyState
          icon={FolderOpen}
          title={
            filters.collection === UNCOLLECTED
              ? 'Every item is in a collection'
              : 'This collection is empty'
          }
          className="mt-6"
          action={
            <Button onClick={onNewItem}>
              <Plus aria-hidden="true" />
              New item
            </Button>
          }
        >
          {filters.collection === UNCOLLECTED
            ? 'Items you create without a collection, or keep when deleting their collection, are listed here.'
            : 'Add an item here, or move one in by editing it and choosing this collection.'}
        </EmptyState>
      );
    }
    return (
      <EmptyState
        icon={FolderOpen}
        title="Describe your first work"
        className="mt-6"
        action={
          <>
            <Button onClick={onNewItem}>
              <Plus aria-hidden="true" />
              New item
            </Button>
            <Button variant="outline" onClick={onNewCollection}>
              <FolderPlus aria-hidden="true" />
              New collection
            </Button>
          </>
        }
      >
        Add each photo, video or set you sell, with its date and the pages where it is sold. A
        takedown notice names the work this way, and linked reference files let us match leaks of
        it.
      </EmptyState>
    );
  }

  return (
    <>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {list.length < total
          ? `Showing ${list.length} of ${plural(total, 'item')}`
          : plural(total, 'item')}
      </p>
      <ul className="mt-3 grid gap-3">
        {list.map((item) => (
          <li key={item.id}>
            <ItemCard
              item={item}
              collectionTitle={
                filters.collection === undefined && item.collectionId
                  ? titleOf.get(item.collectionId)
                  : undefined
              }
              onEdit={() => onEdit(item)}
              onFiles={() => onFiles(item)}
              onDelete={() => onDelete(item)}
            />
          </li>
        ))}
      </ul>
      {items.hasNextPage ? (
        <Button
          variant="outline"
          className="mt-4"
          disabled={items.isFetchingNextPage}
          onClick={() => void items.fetchNextPage()}
        >
          {items.isFetchingNextPage ? <Spinner /> : null}
          Show more items
        </Button>
      ) : null}
    </>
  );
}
