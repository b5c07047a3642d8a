// One file on the Uploaded Files screen: its thumbnail, name and size, where it stands, and what can be done.
import type { ReferenceFile } from '@shark/contracts/reference-files.ts';
import { Link } from '@tanstack/react-router';
import { FileQuestion, Film, ImageIcon, RotateCw, Trash2, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Progress } from '#app/components/ui/progress.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { cn } from '#app/lib/utils.ts';
import { formatBytes, formatDuration, formatPercent } from '../lib/format.ts';
import type { LocalUpload } from '../lib/upload-store.ts';

/** A file as the screen shows it: the server's row, this tab's upload of it, or both. */
export interface FileView {
  key: string;
  fileName: string;
  sizeBytes: number;
  file: ReferenceFile | null;
  upload: LocalUpload | null;
}

function Thumb({ file }: { file: ReferenceFile | null }) {
  const [hasFailed, setHasFailed] = useState(false);
  const Icon =
    file?.mediaType === 'video' ? Film : file?.mediaType === 'image' ? ImageIcon : FileQuestion;
  return (
    <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
      {file?.thumbnailUrl && !hasFailed ? (
        <img
          src={file.thumbnailUrl}
          alt={`Thumbnail of ${file.fileName}`}
          loading="lazy"
          className="size-full object-cover"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <Icon aria-hidden="true" className="size-6" />
      )}
    </span>
  );
}

function describeReady(file: ReferenceFile): string {
  const parts = [file.mediaType === 'video' ? 'Video' : 'Photo'];
  if (file.durationSeconds !== null) parts.push(formatDuration(file.durationSeconds));
  if (file.width && file.height) parts.push(`${file.width}×${file.height}`);
  return `${parts.join(' · ')} · fingerprinted, leaks of it can be matched`;
}

function UploadProgress({ view, upload }: { view: FileView; upload: LocalUpload }) {
  const isReconnecting = upload.state === 'reconnecting';
  return (
    <div className="flex flex-col gap-1.5">
      <Progress
        value={upload.bytesSent}
        max={Math.max(1, view.sizeBytes)}
        aria-label={`Uploading ${view.fileName}`}
        indicatorClassName={isReconnecting ? 'bg-warning' : undefined}
      />
      <p className="text-xs text-muted-foreground" data-testid="upload-status">
        {upload.state === 'starting'
          ? 'Starting…'
          : isReconnecting
            ? `Connection lost at ${formatPercent(upload.bytesSent, view.sizeBytes)}, reconnecting…`
            : `Uploading ${formatPercent(upload.bytesSent, view.sizeBytes)} · ${formatBytes(upload.bytesSent)} of ${formatBytes(view.sizeBytes)}`}
      </p>
    </div>
  );
}

function Status({ view }: { view: FileView }): ReactNode {
  const { file, upload } = view;
  if (upload?.state === 'failed' && upload.failure) {
    return (
      <p role="alert" className="text-sm text-destructive" data-testid="upload-status">
        {upload.failure.message}
        {upload.failure.isPlanLimit ? (
          <>
            {' '}
            <Link to="/plans" className="font-medium underline underline-offset-4">
              See plans
            </Link>
          </>
        ) : null}
      </p>
    );
  }
  if (upload && upload.state !== 'done') return <UploadProgress view={view} upload={upload} />;
  if (!file || (upload?.state === 'done' && file.status === 'uploading')) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="upload-status">
        Uploaded. Checking its status…
      </p>
    );
  }
  switch (file.status) {
    case 'uploading':
      return (
        <p className="text-xs text-muted-foreground" data-testid="upload-status">
          Upload stopped at {formatPercent(file.receivedBytes, file.sizeBytes)}. Add the same file
          again to continue where it stopped.
        </p>
      );
    case 'queued':
      return (
        <p
          className="flex items-center gap-2 text-xs text-muted-foreground"
          data-testid="upload-status"
        >
          <Badge variant="outline">Queued</Badge> Uploaded; waiting to be fingerprinted.
        </p>
      );
    case 'processing':
      return (
        <p
          className="flex items-center gap-2 text-xs text-muted-foreground"
          data-testid="upload-status"
        >
          <Badge variant="warning">Processing</Badge>
          <Spinner className="size-3" /> Fingerprinting…
        </p>
      );
    case 'ready':
      return (
        <p
          className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground"
          data-testid="upload-status"
        >
          <Badge variant="secondary">Ready</Badge> {describeReady(file)}
        </p>
      );
    case 'failed':
      return (
        <p
          className="flex flex-wrap items-center gap-2 text-xs text-destructive"
          data-testid="upload-status"
        >
          <Badge variant="destructive">Failed</Badge> {file.failureReason}
        </p>
      );
  }
}

export function FileRow({
  view,
  onRetry,
  onDismiss,
  onDelete,
}: {
  view: FileView;
  onRetry: (uploadKey: string) => void;
  onDismiss: (uploadKey: string) => void;
  onDelete: (view: FileView) => void;
}) {
  const { file, upload } = view;
  const canRetry = upload?.state === 'failed' && upload.failure?.canRetry === true;
  // Without a server row there is nothing to delete: a refused or not yet created upload is dismissed or stopped.
  const isLocalOnly = file === null;
  return (
    <li
      className={cn(
        'flex items-center gap-4 rounded-xl border bg-card p-3',
        upload?.state === 'failed' && 'border-destructive/40',
      )}
      aria-label={view.fileName}
    >
      <Thumb file={file} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex min-w-0 items-baseline gap-2">
          <span className="truncate font-medium" title={view.fileName}>
            {view.fileName}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">
            {formatBytes(view.sizeBytes)}
          </span>
        </p>
        <Status view={view} />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {canRetry && upload ? (
          <Button variant="outline" size="sm" onClick={() => onRetry(upload.key)}>
            <RotateCw aria-hidden="true" /> Retry
          </Button>
        ) : null}
        {isLocalOnly && upload ? (
          upload.state === 'failed' || upload.state === 'done' ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Dismiss ${view.fileName}`}
              onClick={() => onDismiss(upload.key)}
            >
              <X aria-hidden="true" />
            </Button>
          ) : null
        ) : (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${view.fileName}`}
            className="text-muted-foreground hover:text-destructive"
            onClick={() => onDelete(view)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        )}
      </div>
    </li>
  );
}
