// The console's first page: who is signed in with which role, and what each part of the console is for.
import type { StaffMe } from '@shark/contracts/staff.ts';
import { Link } from '@tanstack/react-router';
import { Badge } from '#app/components/ui/badge.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { staffNavFor, type StaffNavId } from '#app/features/staff/staff-nav.ts';

const PURPOSE: Record<StaffNavId, string> = {
  queue:
    'Web forms, findings, reports, takedown decisions and delisting files waiting for a person, Premium first: claim one and work it.',
  support: 'Creators’ questions and their conversations with us.',
  creators: 'Look a creator up, see her account, plan and history.',
  community: 'Publish and archive the community’s announcements and resources.',
  registry: 'Review the scams creators reported: publish with a note, or reject with the reason.',
  sites:
    'Leak sites and contacts that scans found outside the catalog: accept, dismiss or correct.',
  offers: 'Custom offers: create one with its link, or withdraw it.',
  payouts: 'Affiliates’ payout requests: mark paid with the reference, or reject with the reason.',
  audit: 'Every change made by staff: who, what, when, and the record before and after.',
  members: 'Give, change and take staff roles.',
};

export function StaffWelcome({ staff }: { staff: StaffMe }) {
  const firstName = staff.name.trim().split(/\s+/)[0] || staff.email;
  return (
    <PageFrame
      title={`Welcome, ${firstName}`}
      description={
        <>
          You are signed in to the staff console as {staff.email}, with the role{' '}
          <Badge variant="outline" className="align-middle">
            {staff.role === 'admin' ? 'Admin' : 'Agent'}
          </Badge>
          . Everything you change here is written to the audit log under your name.
        </>
      }
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {staffNavFor(staff.role).map((entry) => (
          <li key={entry.id}>
            <Link
              to={entry.to}
              className="flex h-full items-start gap-3 rounded-2xl border bg-card p-4 outline-none hover:bg-accent focus-visible:ring-3 focus-visible:ring-ring/50"
            >
              <entry.icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <span className="grid gap-1">
                <span className="font-medium">{entry.label}</span>
                <span className="text-sm text-muted-foreground">{PURPOSE[entry.id]}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
