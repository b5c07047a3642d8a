// A reference file at a glance: its thumbnail once fingerprinted (an icon before, or if the image
// fails), and its status in words.
import type { ContentFile } from '@shark/contracts/content.ts';
import { FileQuestion, Film, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { cn } from '#app/lib/utils.ts';

const STATUS: Record<
  ContentFile['status'],
  { label: string; variant: 'secondary' | 'warning' | 'destructive' | 'outline' }
> = {
  uploading: { label: 'Uploading', variant: 'outline' },
  queued: { label: 'Queued', variant: 'outline' },
  processing: { label: 'Fingerprinting', variant: 'warning' },
  ready: { label: 'Ready', variant: 'secondary' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export function FileStatusBadge({ status }: { status: ContentFile['status'] }) {
  const { label, variant } = STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

export function FileThumb({ file, className }: { file: ContentFile; className?: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  const Icon =
    file.mediaType === 'video' ? Film : file.mediaType === 'image' ? ImageIcon : FileQuestion;
  return (
    <span
      className={cn(
        'grid size-14 shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted text-muted-foreground',
        className,
      )}
    >
      {file.thumbnailUrl && !hasFailed ? (
        <img
          src={file.thumbnailUrl}
          alt=""
          loading="lazy"
          className="size-full object-cover"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <Icon aria-hidden="true" className="size-5" />
      )}
    </span>
  );
}
