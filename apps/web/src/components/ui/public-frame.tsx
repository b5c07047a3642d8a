import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';

/** The frame of small public pages reached from a link (badge checks, offers, e-mail settings). */
export function PublicFrame({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const legalLinks = [
    { href: brand.links.terms, label: 'Terms of Service' },
    { href: brand.links.privacy, label: 'Privacy Policy' },
    { href: brand.links.contact, label: 'Contact' },
  ].filter((link) => link.href !== '');

  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Link
            to="/"
            aria-label={`${brand.name} home`}
            className="inline-flex rounded-lg focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <BrandMark />
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:px-6">
        <div className="w-full max-w-xl">{children}</div>
      </main>
      <footer className="border-t bg-background">
        <div className="mx-auto flex max-w-3xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {brand.name}
          </p>
          {legalLinks.length > 0 ? (
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="hover:text-foreground hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </footer>
    </div>
  );
}
