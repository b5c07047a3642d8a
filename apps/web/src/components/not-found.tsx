import { Link, useRouterState } from '@tanstack/react-router';
import { LifeBuoy } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useDocumentTitle } from '#app/lib/use-document-title.ts';

export function NotFound() {
  const brand = useBrand();
  useDocumentTitle(`${brand.name} | Not Found`);
  const href = useRouterState({ select: (state) => state.location.href });
  return (
    <main className="grid min-h-svh place-items-center px-6">
      <div className="max-w-md text-center">
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Not Found</h1>
        <p className="mt-3 text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/">Go to the home page</Link>
          </Button>
          <Button asChild variant="outline">
            <Link
              to="/support/new"
              search={{
                subject: 'A page I expected is missing',
                context: `Page not found: ${href}`.slice(0, 1000),
              }}
            >
              <LifeBuoy aria-hidden="true" />
              Get help
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
