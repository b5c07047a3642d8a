// The creator app's sidebar: brand, status entry, the variant's groups, call to action and user menu.
import type { User } from '@shark/contracts/user.ts';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ChevronRight, Lock } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { toast } from 'sonner';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '#app/components/ui/collapsible.tsx';
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
import { SidebarCallToAction } from '#app/features/navigation/components/sidebar-call-to-action.tsx';
import { UserMenu } from '#app/features/navigation/components/user-menu.tsx';
import { NAV_ICONS, STATUS_ICONS } from '#app/features/navigation/nav-icons.ts';
import {
  buildNavModel,
  type LockedToast,
  type NavCollapsible,
  type NavItemId,
  type NavGroup,
  type NavLink,
  type SidebarVariant,
  type StatusEntry,
} from '#app/features/navigation/nav-model.ts';
import { track } from '#app/lib/analytics.ts';
import { useBrand } from '#app/lib/queries/get-brand.ts';
import { useUnreadNotifications } from '#app/lib/queries/get-unread-notifications.ts';
import { useUser } from '#app/lib/queries/get-user.ts';

const STATUS_BADGE_VARIANT = {
  former: 'destructive',
  cancelled: 'warning',
  upgrade: 'default',
} as const;

type AppSidebarProps = {
  user: User;
  variant: SidebarVariant;
  onSignOut: () => void;
  isSigningOut: boolean;
};

export function AppSidebar({ user, variant, onSignOut, isSigningOut }: AppSidebarProps) {
  const model = useMemo(() => buildNavModel(user, variant), [user, variant]);
  const brand = useBrand();
  const navigate = useNavigate();
  const { isMobile, setOpenMobile } = useSidebar();
  const pathname = useLocation({ select: (location) => location.pathname });

  // On a phone the sidebar is a sheet over the page: leave it once a page was picked.
  useEffect(() => {
    setOpenMobile(false);
  }, [pathname, setOpenMobile]);

  const showLockedToast = (text: LockedToast, item: NavItemId) => {
    track('locked_item_clicked', { item, variant });
    // One id, so clicking several locked items replaces the toast instead of stacking copies.
    toast(text.title, {
      id: 'locked-feature',
      description: text.description,
      icon: <Lock aria-hidden="true" className="size-4" />,
      action: {
        label: text.action,
        onClick: () => void navigate({ to: text.to }),
      },
    });
  };

  return (
    <Sidebar label="Navigation">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton
              asChild
              size="lg"
              tooltip={brand.name}
              className="data-[status=active]:bg-transparent data-[status=active]:text-sidebar-foreground hover:data-[status=active]:bg-sidebar-accent"
            >
              <Link to={user.isAffiliateOnly ? '/refer' : '/dashboard'}>
                <BrandMark nameClassName="truncate group-data-[collapsible=icon]:sr-only" />
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>

      <SidebarContent>
        <nav aria-label="Main" className="flex flex-col">
          {model.status ? <StatusEntryView entry={model.status} /> : null}
          {model.groups.map((group) => (
            <NavGroupView
              key={group.id}
              group={group}
              onLocked={(item) => showLockedToast(model.lockedToast, item)}
              isReferOpen={user.isAffiliateOnly || pathname.startsWith('/refer')}
            />
          ))}
        </nav>
      </SidebarContent>

      <SidebarFooter>
        {model.callToAction ? <SidebarCallToAction cta={model.callToAction} /> : null}
        <UserMenu
          user={user}
          items={model.userMenu}
          isMobile={isMobile}
          onSignOut={onSignOut}
          isSigningOut={isSigningOut}
        />
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}

function StatusEntryView({ entry }: { entry: StatusEntry }) {
  const Icon = STATUS_ICONS[entry.kind];
  return (
    <SidebarGroup className="pb-0">
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton
            asChild
            tooltip={`${entry.label} · ${entry.badge}`}
            className="h-auto min-h-8"
          >
            <Link to={entry.to} data-status-entry={entry.kind}>
              <Icon aria-hidden="true" />
              {/* Wraps rather than cutting the label short beside its badge. */}
              <SidebarMenuLabel className="leading-snug whitespace-normal!">
                {entry.label}
              </SidebarMenuLabel>
              <SidebarMenuBadge>
                <Badge variant={STATUS_BADGE_VARIANT[entry.kind]}>{entry.badge}</Badge>
              </SidebarMenuBadge>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    </SidebarGroup>
  );
}

function NavGroupView({
  group,
  onLocked,
  isReferOpen,
}: {
  group: NavGroup;
  onLocked: (item: NavItemId) => void;
  isReferOpen: boolean;
}) {
  const labelId = useId();
  return (
    <SidebarGroup>
      {group.label ? <SidebarGroupLabel id={labelId}>{group.label}</SidebarGroupLabel> : null}
      <SidebarMenu aria-labelledby={group.label ? labelId : undefined}>
        {group.entries.map((entry) =>
          entry.kind === 'link' ? (
            <SidebarMenuItem key={entry.id}>
              <NavLinkButton item={entry} onLocked={onLocked} />
            </SidebarMenuItem>
          ) : (
            <NavCollapsibleItem
              key={entry.id}
              entry={entry}
              onLocked={onLocked}
              defaultOpen={isReferOpen}
            />
          ),
        )}
      </SidebarMenu>
    </SidebarGroup>
  );
}

function NavLinkButton({ item, onLocked }: { item: NavLink; onLocked: (item: NavItemId) => void }) {
  const Icon = NAV_ICONS[item.id];
  if (item.isDisabled) {
    // A focusable button, not a link: it leads nowhere, it explains the lock.
    return (
      <SidebarMenuButton
        type="button"
        aria-disabled="true"
        tooltip={item.label}
        onClick={() => onLocked(item.id)}
      >
        <Icon aria-hidden="true" />
        <SidebarMenuLabel>{item.label}</SidebarMenuLabel>
        <Lock
          aria-hidden="true"
          className="ml-auto size-3.5! group-data-[collapsible=icon]:hidden"
        />
      </SidebarMenuButton>
    );
  }
  return (
    <SidebarMenuButton asChild tooltip={item.label}>
      <Link to={item.to} activeOptions={{ exact: true }}>
        <Icon aria-hidden="true" />
        <SidebarMenuLabel>{item.label}</SidebarMenuLabel>
        {item.id === 'notifications' ? <UnreadNotificationsBadge /> : null}
      </Link>
    </SidebarMenuButton>
  );
}

/** The unread count beside the sidebar's Notifications item (the user menu shows it too). */
function UnreadNotificationsBadge() {
  const user = useUser();
  const unread = useUnreadNotifications(user.id);
  if (unread === 0) return null;
  return (
    <Badge variant="destructive" className="ml-auto group-data-[collapsible=icon]:hidden">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">
        {unread === 1 ? '1 unread notification' : `${unread} unread notifications`}
      </span>
    </Badge>
  );
}

function NavCollapsibleItem({
  entry,
  onLocked,
  defaultOpen,
}: {
  entry: NavCollapsible;
  onLocked: (item: NavItemId) => void;
  defaultOpen: boolean;
}) {
  const { state, isMobile } = useSidebar();
  const Icon = NAV_ICONS[entry.id];

  // Collapsed to icons there is no room for the sub-pages: the entry leads to the first one.
  if (state === 'collapsed' && !isMobile) {
    return (
      <SidebarMenuItem>
        <SidebarMenuButton asChild tooltip={entry.label}>
          <Link to={entry.to}>
            <Icon aria-hidden="true" />
            <SidebarMenuLabel>{entry.label}</SidebarMenuLabel>
          </Link>
        </SidebarMenuButton>
      </SidebarMenuItem>
    );
  }

  return (
    <Collapsible asChild defaultOpen={defaultOpen} className="group/collapsible">
      <SidebarMenuItem>
        <CollapsibleTrigger asChild>
          <SidebarMenuButton tooltip={entry.label}>
            <Icon aria-hidden="true" />
            <SidebarMenuLabel>{entry.label}</SidebarMenuLabel>
            <ChevronRight
              aria-hidden="true"
              className="ml-auto transition-transform duration-200 group-data-[state=open]/collapsible:rotate-90"
            />
          </SidebarMenuButton>
        </CollapsibleTrigger>
        <CollapsibleContent>
          <SidebarMenuSub>
            {entry.children.map((child) => (
              <SidebarMenuSubItem key={child.id}>
                {child.isDisabled ? (
                  <SidebarMenuSubButton asChild>
                    <button type="button" aria-disabled="true" onClick={() => onLocked(child.id)}>
                      <span>{child.label}</span>
                    </button>
                  </SidebarMenuSubButton>
                ) : (
                  <SidebarMenuSubButton asChild>
                    <Link to={child.to} activeOptions={{ exact: true }}>
                      <span>{child.label}</span>
                    </Link>
                  </SidebarMenuSubButton>
                )}
              </SidebarMenuSubItem>
            ))}
          </SidebarMenuSub>
        </CollapsibleContent>
      </SidebarMenuItem>
    </Collapsible>
  );
}
