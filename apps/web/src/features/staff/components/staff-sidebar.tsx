// The staff console's sidebar: the brand with a "Staff" mark, the console's pages for the member's
// role (with an optional count beside each), and who is signed in with the sign-out button.
import type { StaffMe } from '@shark/contracts/staff.ts';
import { Link, useLocation } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { useEffect, useId } from 'react';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuLabel,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
  SidebarRail,
  useSidebar,
} from '#app/components/ui/sidebar.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { staffNavFor, type StaffNavId } from '#app/features/staff/staff-nav.ts';

/** What waits in each part of the console (the work queue's kinds, open support requests…). */
export type StaffNavCounts = Partial<Record<StaffNavId, number>>;

/** A line under an entry: one part of it (a kind of work) with what waits there and what is late. */
export interface StaffNavPart {
  label: string;
  to: string;
  search: Record<string, string>;
  count: number;
  overdue: number;
}

export function StaffSidebar({
  staff,
  counts = {},
  parts = {},
  onSignOut,
  isSigningOut,
}: {
  staff: StaffMe;
  counts?: StaffNavCounts;
  /** Lines under an entry, e.g. the work queue's open items per kind. */
  parts?: Partial<Record<StaffNavId, StaffNavPart[]>>;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const labelId = useId();
  const { setOpenMobile } = useSidebar();
  const pathname = useLocation({ select: (location) => location.pathname });
  const entries = staffNavFor(staff.role);

  // On a phone the sidebar is a sheet over the page: leave it once a page was picked.
  useEffect(() => {
    setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  return (
    <Sidebar label="Staff navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip="Staff console">
              <Link to="/staff" activeOptions={{ exact: true }}>
                <BrandMark nameClassName="truncate group-data-[collapsible=icon]:sr-only" />
                <Badge variant="secondary" className="group-data-[collapsible=icon]:hidden">
                  Staff
                </Badge>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label="Staff console">
          <SidebarGroup>
            <SidebarGroupLabel id={labelId}>Console</SidebarGroupLabel>
            <SidebarMenu aria-labelledby={labelId}>
              {entries.map((entry) => {
                const count = counts[entry.id];
                return (
                  <SidebarMenuItem key={entry.id}>
                    <SidebarMenuButton asChild tooltip={entry.label}>
                      <Link to={entry.to}>
                        <entry.icon aria-hidden="true" />
                        <SidebarMenuLabel>{entry.label}</SidebarMenuLabel>
                        {count !== undefined && count > 0 ? (
                          <SidebarMenuBadge>
                            <Badge variant="secondary">
                              <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
                              <span className="sr-only">{`${count} waiting`}</span>
                            </Badge>
                          </SidebarMenuBadge>
                        ) : null}
                      </Link>
                    </SidebarMenuButton>
                    {parts[entry.id]?.length ? (
                      <SidebarMenuSub aria-label={`${entry.label} by kind`}>
                        {parts[entry.id]?.map((part) => (
                          <SidebarMenuSubItem key={part.label}>
                            <SidebarMenuSubButton asChild>
                              <Link to={part.to} search={part.search}>
                                <span>{part.label}</span>
                                <span className="ml-auto text-xs tabular-nums text-muted-foreground">
                                  {part.count}
                                  {part.overdue > 0 ? (
                                    <span className="text-destructive">{` · ${part.overdue} late`}</span>
                                  ) : null}
                                </span>
                              </Link>
                            </SidebarMenuSubButton>
                          </SidebarMenuSubItem>
                        ))}
                      </SidebarMenuSub>
                    ) : null}
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroup>
        </nav>
      </SidebarContent>

      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <div className="grid gap-0.5 px-2 py-1.5 text-sm group-data-[collapsible=icon]:hidden">
              <span className="truncate font-medium">{staff.name || staff.email}</span>
              <span className="truncate text-xs text-muted-foreground">
                {staff.email} · {staff.role === 'admin' ? 'Admin' : 'Agent'}
              </span>
            </div>
          </SidebarMenuItem>
          <SidebarMenuItem>
            <SidebarMenuButton
              type="button"
              tooltip="Sign out"
              disabled={isSigningOut}
              onClick={onSignOut}
            >
              {isSigningOut ? <Spinner /> : <LogOut aria-hidden="true" />}
              <SidebarMenuLabel>Sign out</SidebarMenuLabel>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
