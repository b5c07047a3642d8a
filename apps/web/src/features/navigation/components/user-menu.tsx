// The account menu in the sidebar footer: the user's pages, light/dark mode, and signing out.
import type { User } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import {
  Bell,
  ChevronsUpDown,
  CreditCard,
  LifeBuoy,
  LogOut,
  Monitor,
  Moon,
  Sun,
  UserRound,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '#app/components/ui/badge.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '#app/components/ui/sidebar.tsx';
import type { UserMenuItem } from '#app/features/navigation/nav-model.ts';
import { useColorScheme, type ColorSchemePreference } from '#app/lib/color-scheme.ts';
import { useUnreadNotifications } from '#app/lib/queries/get-unread-notifications.ts';

const ITEM_ICONS: Record<UserMenuItem['id'], LucideIcon> = {
  account: UserRound,
  notifications: Bell,
  plans: CreditCard,
  community: UsersRound,
  support: LifeBuoy,
};

const SCHEMES: { value: ColorSchemePreference; label: string; icon: LucideIcon }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

function isColorSchemePreference(value: string): value is ColorSchemePreference {
  return SCHEMES.some((scheme) => scheme.value === value);
}

function initialsOf(user: User): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return (user.email[0] ?? '?').toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
}

export function UserMenu({
  user,
  items,
  isMobile,
  onSignOut,
  isSigningOut,
}: {
  user: User;
  items: UserMenuItem[];
  isMobile: boolean;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const { preference, setPreference } = useColorScheme();
  const displayName = user.name.trim() !== '' ? user.name : user.email;
  const unread = useUnreadNotifications(user.id);
  const unreadText = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              className="relative data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              <span
                aria-hidden="true"
                className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent text-xs font-semibold text-accent-foreground"
              >
                {initialsOf(user)}
              </span>
              {unread > 0 ? (
                <span
                  data-testid="unread-badge"
                  className="absolute top-1 left-7 grid h-4 min-w-4 place-items-center rounded-full bg-destructive-solid px-1 text-[0.625rem] leading-none font-semibold text-white"
                >
                  <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                  <span className="sr-only">{unreadText}</span>
                </span>
              ) : null}
              <span className="grid min-w-0 flex-1 text-left leading-tight group-data-[collapsible=icon]:sr-only">
                <span className="sr-only">User menu: </span>
                <span className="truncate text-sm font-medium">{displayName}</span>
                {displayName !== user.email ? (
                  <span className="truncate text-xs text-sidebar-muted-foreground">
                    {user.email}
                  </span>
                ) : null}
              </span>
              <ChevronsUpDown
                aria-hidden="true"
                className="ml-auto text-sidebar-muted-foreground group-data-[collapsible=icon]:hidden"
              />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            side={isMobile ? 'top' : 'right'}
            align="end"
            sideOffset={8}
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56"
          >
            <DropdownMenuLabel>
              <span className="block truncate font-medium">{displayName}</span>
              {displayName !== user.email ? (
                <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
              ) : null}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              {items.map((item) => {
                const Icon = ITEM_ICONS[item.id];
                return (
                  <DropdownMenuItem key={item.id} asChild>
                    <Link to={item.to}>
                      <Icon aria-hidden="true" />
                      {item.label}
                      {item.id === 'notifications' && unread > 0 ? (
                        <Badge variant="destructive" className="ml-auto">
                          <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                          <span className="sr-only">{unreadText}</span>
                        </Badge>
                      ) : null}
                    </Link>
                  </DropdownMenuItem>
                );
              })}
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="py-1.5 text-xs font-medium text-muted-foreground">
              Theme
            </DropdownMenuLabel>
            <DropdownMenuRadioGroup
              aria-label="Theme"
              value={preference}
              onValueChange={(value) => {
                if (isColorSchemePreference(value)) setPreference(value);
              }}
            >
              {SCHEMES.map(({ value, label, icon: Icon }) => (
                <DropdownMenuRadioItem key={value} value={value}>
                  <Icon aria-hidden="true" />
                  {label}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem disabled={isSigningOut} onSelect={onSignOut}>
              <LogOut aria-hidden="true" />
              Sign out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
