import { createFileRoute } from '@tanstack/react-router';
import { emailPreferencesQueryOptions } from '#app/features/notifications/api/email-preferences.ts';
import { notificationsQueryOptions } from '#app/features/notifications/api/get-notifications.ts';
import { NotificationsPage } from '#app/features/notifications/components/notifications-page.tsx';
import { notificationsSearchSchema } from '#app/features/notifications/lib/notifications-search.ts';
import { useUser } from '#app/lib/queries/get-user.ts';
import { ACCESS_RULES, requireAccess } from '#app/lib/require-access.ts';
import { usePageTitle } from '#app/lib/use-document-title.ts';

export const Route = createFileRoute('/_app/notifications')({
  validateSearch: notificationsSearchSchema,
  beforeLoad: async ({ context, location }) => ({
    notificationsOwner: await requireAccess(
      { queryClient: context.queryClient, location },
      ACCESS_RULES.signedIn,
    ),
  }),
  loaderDeps: ({ search }) => ({ filter: search.filter ?? 'all' }),
  // Started early but not awaited: the page shows its own loading and error states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(
      notificationsQueryOptions(context.notificationsOwner.id, deps.filter),
    );
    void context.queryClient.prefetchQuery(
      emailPreferencesQueryOptions(context.notificationsOwner.id),
    );
  },
  component: Notifications,
});

function Notifications() {
  const user = useUser();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle('Notifications');
  return (
    <NotificationsPage
      userId={user.id}
      filter={search.filter ?? 'all'}
      onFilterChange={(filter) =>
        void navigate({ search: filter === 'all' ? {} : { filter }, replace: true })
      }
    />
  );
}
