import type { User } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import { Bell, ChevronDown, CreditCard, LogOut, UserRound, UsersRound } from 'lucide-react';
import { BrandMark } from '#app/components/brand-mark.tsx';
import { Button } from '#app/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#app/components/ui/dropdown-menu.tsx';

function initialsOf(user: User): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return (user.email[0] ?? '?').toUpperCase();
  return words
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
}

// Account, Notifications, Plans and Community get their pages in later issues; until then the
// items are shown (so the menu has its final shape) but disabled rather than leading to 'Not Found'.
const PENDING_ITEMS = [
  { label: 'Account', icon: UserRound },
  { label: 'Notifications', icon: Bell },
  { label: 'Plans', icon: CreditCard },
  { label: 'Community', icon: UsersRound },
];

export function AppHeader({
  user,
  onSignOut,
  isSigningOut,
}: {
  user: User;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const displayName = user.name.trim() !== '' ? user.name : user.email;

  return (
    <header className="sticky top-0 z-20 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-6">
        <Link
          to="/dashboard"
          className="rounded-lg focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <BrandMark />
        </Link>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" className="h-10 gap-2 px-2" aria-label="User menu">
              <span
                aria-hidden="true"
                className="grid size-8 place-items-center rounded-full bg-accent text-xs font-semibold text-accent-foreground"
              >
                {initialsOf(user)}
              </span>
              <span className="hidden max-w-48 truncate text-sm font-medium sm:inline">
                {displayName}
              </span>
              <ChevronDown aria-hidden="true" className="text-muted-foreground" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              <span className="block truncate font-medium">{displayName}</span>
              {displayName !== user.email ? (
                <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
              ) : null}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              {PENDING_ITEMS.map(({ label, icon: Icon }) => (
                <DropdownMenuItem key={label} disabled>
                  <Icon aria-hidden="true" />
                  {label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={isSigningOut}
              onSelect={() => {
                onSignOut();
              }}
            >
              <LogOut aria-hidden="true" />
              Sign out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
