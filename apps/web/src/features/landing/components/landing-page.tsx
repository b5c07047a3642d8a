import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  FileSearch,
  FileText,
  Gavel,
  ScanSearch,
  SearchX,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { hasLoggedInCookie } from '#app/lib/session-cookie.ts';

const FEATURES = [
  {
    icon: FileSearch,
    title: 'We find the leaks',
    text: 'The web is searched for leaked or infringing copies of your content, so you do not have to.',
  },
  {
    icon: Gavel,
    title: 'We take them down',
    text: 'Takedowns are filed against the copies we find, without you writing a single notice.',
  },
  {
    icon: SearchX,
    title: 'We deindex what stays up',
    text: 'Search engines are asked to drop the links, so fans looking for you find you, not the leaks.',
  },
  {
    icon: FileText,
    title: 'You see every removal',
    text: 'Your dashboard and takedown report show what was found, what was filed and what is gone.',
  },
];

const TIERS = [
  { name: 'Standard', text: 'For new or small creators with minor leaks.' },
  { name: 'Plus', text: 'For growing creators with more leaks.' },
  {
    name: 'Premium',
    text: 'For established creators with frequent leaks: priority removals, deep fake and impersonation protection, dark web scanning and priority support.',
  },
];

const STEPS = [
  {
    icon: ScanSearch,
    title: 'Run a free scan',
    text: 'See what is already out there before you pay.',
  },
  {
    icon: ShieldCheck,
    title: 'Activate protection',
    text: 'Tell us your usernames and the content to watch.',
  },
  {
    icon: BadgeCheck,
    title: 'Follow the removals',
    text: 'Report new leaks any time and watch them disappear.',
  },
];

export function LandingPage() {
  const brand = useBrand();
  const isSignedIn = hasLoggedInCookie();

  return (
    <div className="min-h-svh bg-background">
      <header className="sticky top-0 z-10 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
          <Link to="/" aria-label={`${brand.name} home`}>
            <BrandMark />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            {isSignedIn ? (
              <Button asChild>
                <Link to="/dashboard">Go to dashboard</Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="ghost">
                  <Link to="/sign-in">Sign in</Link>
                </Button>
                <Button asChild>
                  <Link to="/sign-up">Sign up</Link>
                </Button>
              </>
            )}
          </nav>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[32rem] max-w-4xl rounded-full bg-(--brand-light)/15 blur-3xl"
          />
          <div className="relative mx-auto max-w-4xl px-6 pt-20 pb-24 text-center sm:pt-28">
            <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground shadow-xs">
              <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
              Content protection for creators
            </p>
            <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
              Leaked content, found and taken down.
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
              {brand.name} searches the web for copies of your work, files takedowns and deindexing
              requests on your behalf, and reports every result in one dashboard.
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-3">
              {isSignedIn ? (
                <Button asChild size="lg">
                  <Link to="/dashboard">
                    Go to dashboard
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <>
                  <Button asChild size="lg">
                    <Link to="/sign-up">
                      Sign up
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                  <Button asChild size="lg" variant="outline">
                    <Link to="/sign-in">Sign in</Link>
                  </Button>
                </>
              )}
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              Start with a free scan. No payment needed to see your leaks.
            </p>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t bg-muted/60 py-20">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
              What {brand.name} does for you
            </h2>
            <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-2xl border bg-card p-6 shadow-xs">
                  <span className="grid size-10 place-items-center rounded-lg bg-accent text-accent-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="steps-heading" className="py-20">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight">
              How it works
            </h2>
            <ol className="mt-12 grid gap-8 md:grid-cols-3">
              {STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="flex gap-4">
                  <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="flex items-center gap-2 font-semibold">
                      <Icon aria-hidden="true" className="size-4 text-primary" />
                      {title}
                    </h3>
                    <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="tiers-heading" className="border-t bg-muted/60 py-20">
          <div className="mx-auto max-w-6xl px-6">
            <h2 id="tiers-heading" className="text-center text-3xl font-bold tracking-tight">
              A plan for every stage
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
              Each subscription covers one creator, with as many of that creator&apos;s accounts as
              needed.
            </p>
            <ul className="mt-12 grid gap-6 md:grid-cols-3">
              {TIERS.map((tier) => (
                <li key={tier.name} className="rounded-2xl border bg-card p-6 shadow-xs">
                  <h3 className="text-lg font-semibold">{tier.name}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{tier.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="py-20">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-3xl bg-(--brand-dark) px-6 py-14 text-center text-white">
            <Users aria-hidden="true" className="size-8" />
            <h2 className="text-3xl font-bold tracking-tight">Refer creators, earn for life</h2>
            <p className="max-w-xl text-white/90">
              Affiliates earn a lifelong percentage for each customer they refer.
            </p>
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="bg-white text-(--brand-dark) hover:bg-white/90"
            >
              <Link to="/sign-up" search={{ isAffiliateOnly: true }}>
                Join the affiliate programme
              </Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-6 py-8 text-sm text-muted-foreground sm:flex-row">
          <p>
            © {new Date().getFullYear()} {brand.name}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {[
              { href: brand.links.terms, label: 'Terms of Service' },
              { href: brand.links.privacy, label: 'Privacy Policy' },
              { href: brand.links.contact, label: 'Contact' },
            ]
              .filter((link) => link.href !== '')
              .map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="hover:text-foreground hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      </footer>
    </div>
  );
}
