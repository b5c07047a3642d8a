import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link, useRouter } from '@tanstack/react-router';
import { LifeBuoy, TriangleAlert } from 'lucide-react';
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
  const message = error instanceof Error ? error.message || error.name : String(error);
  // What the help form starts with: the page that failed and the error, for the team to see.
  const helpContext = `Page: ${router.state.location.href}\nError: ${message}`.slice(0, 1000);

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
          <Button asChild variant="outline">
            <Link
              to="/support/new"
              search={{ subject: 'Something went wrong on a page', context: helpContext }}
            >
              <LifeBuoy aria-hidden="true" />
              Get help
            </Link>
          </Button>
        </div>
        <pre
          id={detailsId}
          hidden={!isShown}
          className="mt-6 overflow-auto rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-left text-xs whitespace-pre-wrap text-destructive"
        >
          {message}
        </pre>
      </div>
    </main>
  );
}
