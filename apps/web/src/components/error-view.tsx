import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { captureException } from '#app/lib/analytics.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

/** The view for unexpected failures, including routes whose search options are invalid. */
export function ErrorView({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [isShown, setIsShown] = useState(false);
  const detailsId = useId();
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Error`);

  useEffect(() => {
    captureException(error, { source: 'error-view' });
  }, [error]);

  return (
    <main className="grid min-h-svh place-items-center px-6">
      <div className="w-full max-w-lg text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-destructive" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">Something went wrong!</h1>
        <p className="mt-2 text-muted-foreground">
          The page could not be shown. Try again, or go back to the home page.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button
            variant="outline"
            aria-expanded={isShown}
            aria-controls={detailsId}
            onClick={() => setIsShown((shown) => !shown)}
          >
            {isShown ? 'Hide Error' : 'Show Error'}
          </Button>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
        </div>
        <pre
          id={detailsId}
          hidden={!isShown}
          className="mt-6 overflow-auto rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-left text-xs whitespace-pre-wrap text-destructive"
        >
          {error instanceof Error ? error.message || error.name : String(error)}
        </pre>
      </div>
    </main>
  );
}
