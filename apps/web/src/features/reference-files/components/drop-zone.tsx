// Where files are dropped or picked, many at once.
import { UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { cn } from '#app/lib/utils.ts';
import { formatBytes } from '../lib/format.ts';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export function DropZone({
  onFiles,
  maxUploadBytes,
}: {
  onFiles: (files: File[]) => void;
  maxUploadBytes: number | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const hintId = useId();

  function take(list: FileList | null) {
    const files = list ? Array.from(list) : [];
    if (files.length > 0) onFiles(files);
  }

  return (
    <section
      aria-label="Add files"
      data-testid="drop-zone"
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setIsOver(true);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setIsOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setIsOver(false);
        take(event.dataTransfer.files);
      }}
      className={cn(
        'flex flex-col items-center rounded-2xl border-2 border-dashed bg-card px-6 py-10 text-center transition-colors',
        isOver ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        <UploadCloud aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold">Drag photos and videos here</p>
      <p className="mt-1 text-sm text-muted-foreground">or</p>
      <Button
        type="button"
        className="mt-3"
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
      >
        Choose files
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/*,video/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Files to upload"
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <p id={hintId} className="mt-4 max-w-md text-xs text-pretty text-muted-foreground">
        {maxUploadBytes ? `Up to ${formatBytes(maxUploadBytes)} per file. ` : ''}
        Photos and videos in any common format; each file is checked by its content. If your
        connection drops, the upload continues from where it stopped.
      </p>
    </section>
  );
}
