import { Link } from '@tanstack/react-router';
import { BadgeCheck, FileSearch, Gavel } from 'lucide-react';
import type { ReactNode } from 'react';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';

const HIGHLIGHTS = [
  { icon: FileSearch, text: 'We search the web for leaked copies of your content.' },
  { icon: Gavel, text: 'We file takedowns and deindexing requests for you.' },
  { icon: BadgeCheck, text: 'You follow every removal in your takedown report.' },
];

/** The frame of every sign-in, sign-up, reset and verification screen. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const legalLinks = [
    { href: brand.links.terms, label: 'Terms of Service' },
    { href: brand.links.privacy, label: 'Privacy Policy' },
    { href: brand.links.contact, label: 'Contact' },
  ].filter((link) => link.href !== '');

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-linear-to-br from-(--brand-dark) via-(--brand-dark) to-(--brand-light) p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl"
        />
        <p className="text-sm font-medium tracking-wide text-white/80 uppercase">
          Content protection for creators
        </p>
        <div className="relative">
          <p className="text-3xl leading-tight font-semibold">
            Your content belongs to you. We make sure it stays that way.
          </p>
          <ul className="mt-8 grid gap-4">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-white/90">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-white/70">
          © {new Date().getFullYear()} {brand.name}
        </p>
      </aside>

      <div className="flex flex-col px-6 py-8 sm:px-10">
        <header>
          <Link
            to="/"
            className="inline-flex rounded-lg focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <BrandMark size="lg" />
          </Link>
        </header>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        {legalLinks.length > 0 ? (
          <footer>
            <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground">
              {legalLinks.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="hover:text-foreground hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </div>
    </div>
  );
}

export function AuthHeading({
  title,
  description,
  badge,
}: {
  title: string;
  description?: ReactNode;
  badge?: string | undefined;
}) {
  return (
    <div className="mb-8">
      {badge ? (
        <p className="mb-3 inline-flex rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
          {badge}
        </p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description ? <p className="mt-2 text-sm text-muted-foreground">{description}</p> : null}
    </div>
  );
}
