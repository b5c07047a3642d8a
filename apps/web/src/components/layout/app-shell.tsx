// The frame of every protected page: the sidebar (given by the caller), a slim top bar with the
// sidebar toggle, and the page itself.
import type { ReactNode } from 'react';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { Separator } from '#app/components/ui/separator.tsx';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '#app/components/ui/sidebar.tsx';

const MAIN_ID = 'main-content';

export function AppShell({ sidebar, children }: { sidebar: ReactNode; children: ReactNode }) {
  return (
    <SidebarProvider>
      <a
        href={`#${MAIN_ID}`}
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-3 focus:ring-ring/50"
      >
        Skip to content
      </a>
      {sidebar}
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-4">
          <SidebarTrigger />
          <Separator orientation="vertical" className="mx-1 h-5!" />
          <BrandMark className="text-sm md:hidden" />
        </header>
        <main id={MAIN_ID} tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}
