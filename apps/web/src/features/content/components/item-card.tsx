// One item in the list: its thumbnails, title, type, date, collection, where it is sold, and actions.
import {
  CONTENT_TYPE_LABELS,
  type ContentItem,
  type ContentType,
} from '@shark/contracts/content.ts';
import { ExternalLink, Film, Images, ImageIcon, Link2, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { FileThumb } from '#app/features/content/components/file-thumb.tsx';
import { formatPublishedOn, shortUrl } from '#app/features/content/lib/display.ts';
import { plural } from '#app/features/content/lib/plural.ts';

const TYPE_ICONS: Record<ContentType, typeof ImageIcon> = {
  photo: ImageIcon,
  video: Film,
  set: Images,
};

export function ItemCard({
  item,
  collectionTitle,
  onEdit,
  onFiles,
  onDelete,
}: {
  item: ContentItem;
  /** Shown when the list spans collections. */
  collectionTitle: string | undefined;
  onEdit: () => void;
  onFiles: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const TypeIcon = TYPE_ICONS[item.type];
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={titleId} className="flex flex-col gap-4 sm:flex-row">
        <div className="flex shrink-0 gap-1.5" aria-hidden="true">
          {item.previewFiles.length > 0 ? (
            item.previewFiles
              .slice(0, 3)
              .map((file) => <FileThumb key={file.id} file={file} className="size-16" />)
          ) : (
            <span className="grid size-16 place-items-center rounded-lg border border-dashed bg-muted/50 text-muted-foreground">
              <TypeIcon className="size-6" />
            </span>
          )}
        </div>

        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold break-words">
            {item.title}
          </h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <Badge variant="secondary">
              <TypeIcon aria-hidden="true" />
              {CONTENT_TYPE_LABELS[item.type]}
            </Badge>
            <span>
              {item.publishedOn
                ? `Published ${formatPublishedOn(item.publishedOn)}`
                : 'Date not given'}
            </span>
            {collectionTitle ? <span>In {collectionTitle}</span> : null}
            <span>{plural(item.fileCount, 'reference file')}</span>
          </div>
          {item.description ? (
            <p className="mt-2 line-clamp-2 text-sm text-pretty text-muted-foreground">
              {item.description}
            </p>
          ) : null}
          {item.saleUrls.length > 0 ? (
            <div className="mt-3">
              <p className="sr-only">Where it is sold</p>
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {item.saleUrls.map((url) => (
                  <li key={url} className="min-w-0">
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex max-w-full items-center gap-1 text-primary underline-offset-4 hover:underline"
                    >
                      <span className="truncate">{shortUrl(url)}</span>
                      <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">No sale links yet.</p>
          )}
        </div>

        <div className="flex shrink-0 flex-wrap items-start gap-1 sm:flex-col sm:items-stretch">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onFiles}
            aria-label={`Reference files of ${item.title}`}
          >
            <Link2 aria-hidden="true" />
            Files
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10"
            onClick={onDelete}
            aria-label={`Delete ${item.title}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </article>
    </Card>
  );
}
