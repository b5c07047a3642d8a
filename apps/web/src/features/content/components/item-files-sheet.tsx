// The reference files of one item: those linked (with unlink), and a picker over the creator's
// uploaded files to link more.
import type { ContentFile, ContentItem } from '@shark/contracts/content.ts';
import { Link } from '@tanstack/react-router';
import { FileUp, Link2, RotateCcw, Search, Unlink } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Input } from '#app/components/ui/input.tsx';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#app/components/ui/sheet.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useFiles } from '#app/features/content/api/get-files.ts';
import { useItem } from '#app/features/content/api/get-item.ts';
import { useLinkFiles } from '#app/features/content/api/link-files.ts';
import { useUnlinkFile } from '#app/features/content/api/unlink-file.ts';
import { FileStatusBadge, FileThumb } from '#app/features/content/components/file-thumb.tsx';
import { useDebouncedValue } from '#app/features/content/lib/use-debounced-value.ts';
import { plural } from '#app/features/content/lib/plural.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

export type UploadAccess = {
  /** The user sees Uploaded Files (explicitlyShowUploadFiles) and may open it. */
  canUpload: boolean;
  contactUrl: string;
};

export function ItemFilesSheet({
  userId,
  item,
  uploadAccess,
  onClose,
}: {
  userId: string;
  /** Open while set. */
  item: ContentItem | undefined;
  uploadAccess: UploadAccess;
  onClose: () => void;
}) {
  return (
    <Sheet open={item !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-xl">
        {item ? (
          <ItemFiles key={item.id} userId={userId} item={item} uploadAccess={uploadAccess} />
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

const errorText = (error: unknown, fallback: string) =>
  isApiClientError(error) ? error.message : fallback;

function ItemFiles({
  userId,
  item,
  uploadAccess,
}: {
  userId: string;
  item: ContentItem;
  uploadAccess: UploadAccess;
}) {
  const detail = useItem(userId, item.id);
  const unlink = useUnlinkFile(userId, item.id);
  const linked = detail.data?.files;
  const linkedIds = useMemo(() => new Set(linked?.map((file) => file.id) ?? []), [linked]);

  return (
    <>
      <SheetHeader className="pr-12">
        <SheetTitle className="text-lg">Reference files of “{item.title}”</SheetTitle>
        <SheetDescription>
          The original photos and videos of this work. Leaks are matched against them, and a notice
          can name the work they belong to.
        </SheetDescription>
      </SheetHeader>
      <div className="grid gap-8 px-4 pb-6">
        <section aria-labelledby="linked-heading">
          <h3 id="linked-heading" className="text-sm font-semibold">
            Linked to this item
          </h3>
          {detail.isPending ? (
            <div role="status" aria-label="Loading linked files" className="mt-3 grid gap-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : detail.isError ? (
            <div className="mt-3 grid gap-2">
              <Alert variant="error">
                {errorText(detail.error, 'The linked files could not be loaded.')}
              </Alert>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => void detail.refetch()}
              >
                <RotateCcw aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : detail.data.files.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">
              No files linked yet. Choose them below.
            </p>
          ) : (
            <ul className="mt-3 grid gap-2">
              {detail.data.files.map((file) => (
                <li key={file.id} className="flex items-center gap-3 rounded-xl border p-2">
                  <FileThumb file={file} />
                  <FileName file={file} />
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Unlink ${file.name}`}
                    disabled={unlink.isPending && unlink.variables === file.id}
                    onClick={() =>
                      unlink.mutate(file.id, {
                        onSuccess: () => toast.success(`${file.name} unlinked`),
                        onError: (error) =>
                          toast.error(errorText(error, 'The file could not be unlinked.')),
                      })
                    }
                  >
                    <Unlink aria-hidden="true" />
                    Unlink
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <FilePicker
          userId={userId}
          itemId={item.id}
          linkedIds={linkedIds}
          uploadAccess={uploadAccess}
        />
      </div>
    </>
  );
}

function FileName({ file }: { file: ContentFile }) {
  return (
    <span className="grid min-w-0 flex-1 gap-1">
      <span className="truncate text-sm font-medium" title={file.name}>
        {file.name}
      </span>
      <span className="flex items-center gap-2">
        <FileStatusBadge status={file.status} />
        <span className="text-xs text-muted-foreground">
          {file.mediaType === 'video' ? 'Video' : file.mediaType === 'image' ? 'Photo' : ''}
        </span>
      </span>
    </span>
  );
}

function FilePicker({
  userId,
  itemId,
  linkedIds,
  uploadAccess,
}: {
  userId: string;
  itemId: string;
  linkedIds: Set<string>;
  uploadAccess: UploadAccess;
}) {
  const searchId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const files = useFiles(userId, q);
  const link = useLinkFiles(userId, itemId);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  // Files linked meanwhile are no longer choices.
  useEffect(() => {
    setSelected((current) => {
      const next = new Set([...current].filter((id) => !linkedIds.has(id)));
      return next.size === current.size ? current : next;
    });
  }, [linkedIds]);

  const all = files.data?.pages.flatMap((page) => page.files) ?? [];
  const choices = all.filter((file) => !linkedIds.has(file.id));
  const hasNoFilesAtAll = files.isSuccess && q === '' && all.length === 0;

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function linkSelected() {
    const ids = [...selected];
    link.mutate(ids, {
      onSuccess: () => {
        toast.success(`${plural(ids.length, 'file')} linked`);
        setSelected(new Set());
      },
      onError: (error) => toast.error(errorText(error, 'The files could not be linked.')),
    });
  }

  return (
    <section aria-labelledby="picker-heading">
      <h3 id="picker-heading" className="text-sm font-semibold">
        Your uploaded files
      </h3>
      {hasNoFilesAtAll ? (
        <NoUploadedFiles uploadAccess={uploadAccess} />
      ) : (
        <>
          <div className="relative mt-3">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <label htmlFor={searchId} className="sr-only">
              Search your files by name
            </label>
            <Input
              id={searchId}
              type="search"
              placeholder="Search by file name"
              className="pl-9"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          {files.isPending ? (
            <div role="status" aria-label="Loading your files" className="mt-3 grid gap-2">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : files.isError ? (
            <div className="mt-3 grid gap-2">
              <Alert variant="error">
                {errorText(files.error, 'Your files could not be loaded.')}
              </Alert>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => void files.refetch()}
              >
                <RotateCcw aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : choices.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">
              {q !== ''
                ? `No file name contains “${q}”.`
                : 'Every file you uploaded is linked to this item already.'}
            </p>
          ) : (
            <fieldset className="mt-3">
              <legend className="sr-only">Files to link</legend>
              <ul className="grid gap-2">
                {choices.map((file) => (
                  <li key={file.id}>
                    <label
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-xl border p-2 transition-colors hover:bg-muted has-focus-visible:ring-3 has-focus-visible:ring-ring/50',
                        selected.has(file.id) && 'border-primary bg-primary/5',
                      )}
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={selected.has(file.id)}
                        onChange={() => toggle(file.id)}
                        aria-label={file.name}
                      />
                      <FileThumb file={file} />
                      <FileName file={file} />
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
          {files.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-3"
              disabled={files.isFetchingNextPage}
              onClick={() => void files.fetchNextPage()}
            >
              {files.isFetchingNextPage ? <Spinner /> : null}
              Show more files
            </Button>
          ) : null}
          <div className="sticky bottom-0 mt-4 flex items-center justify-between gap-3 border-t bg-background py-3">
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {selected.size === 0 ? 'No file chosen' : `${plural(selected.size, 'file')} chosen`}
            </span>
            <Button disabled={selected.size === 0 || link.isPending} onClick={linkSelected}>
              {link.isPending ? <Spinner /> : <Link2 aria-hidden="true" />}
              Link to this item
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

function NoUploadedFiles({ uploadAccess }: { uploadAccess: UploadAccess }) {
  return (
    <div className="mt-3 grid justify-items-start gap-3 rounded-xl border border-dashed p-4 text-sm">
      <p className="font-medium">You have not uploaded any reference files yet.</p>
      {uploadAccess.canUpload ? (
        <>
          <p className="text-muted-foreground">
            Upload the original photos and videos of your work in Uploaded Files. Once they are
            there, you can link them to this item.
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/file-uploads">
              <FileUp aria-hidden="true" />
              Go to Uploaded Files
            </Link>
          </Button>
        </>
      ) : (
        <p className="text-muted-foreground">
          Uploading reference files is not switched on for your account, so there is nothing to link
          yet. Your items still name your work in notices. To add originals for matching,{' '}
          <a
            href={uploadAccess.contactUrl}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            contact us
          </a>
          .
        </p>
      )}
    </div>
  );
}
