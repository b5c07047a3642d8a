// /community: announcements and resources published by the operators (pinned first, then newest), a
// page at a time, and the brand's community channels when the brand lists any.
import type { CommunityChannel, CommunityPost } from '@shark/contracts/community.ts';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import {
  BookOpen,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  ExternalLink,
  Megaphone,
  Pin,
  RotateCcw,
  UsersRound,
} from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useCommunity } from '#app/features/community/api/get-community.ts';
import { isApiClientError } from '#app/lib/api.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function CommunityPage({
  userId,
  page,
  brandName,
}: {
  userId: string;
  page: number;
  brandName: string;
}) {
  const community = useCommunity(userId, page);
  const data = community.data;

  return (
    <PageFrame
      title="Community"
      description={`News from the ${brandName} team, guides and tools for creators, and where to meet other creators.`}
    >
      {data === undefined && !community.isError ? (
        <div role="status" aria-label="Loading the community posts" className="grid gap-3">
          <Skeleton className="h-32 rounded-2xl" />
          <Skeleton className="h-32 rounded-2xl" />
        </div>
      ) : data === undefined || community.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              The community posts could not be loaded.{' '}
              {isApiClientError(community.error)
                ? community.error.message
                : 'Try again in a moment.'}
            </p>
          </Alert>
          <Button variant="outline" className="w-fit" onClick={() => void community.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <section aria-labelledby="community-posts" className="grid content-start gap-4">
            <h2 id="community-posts" className="text-lg font-semibold tracking-tight">
              Announcements and resources
            </h2>
            {data.total === 0 ? (
              <EmptyState icon={Megaphone} title="Nothing published yet">
                Announcements from the {brandName} team and guides for creators appear here as soon
                as they are published.
              </EmptyState>
            ) : data.posts.length === 0 ? (
              <EmptyState
                icon={Megaphone}
                title="This page is past the last post"
                action={
                  <Button asChild variant="outline">
                    <Link to="/community" search={{}}>
                      Back to the newest posts
                    </Link>
                  </Button>
                }
              >
                There are {data.total} posts in all.
              </EmptyState>
            ) : (
              <ol className="grid gap-4" aria-label="Posts">
                {data.posts.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ol>
            )}
            {data.total > data.pageSize ? (
              <nav aria-label="Pages of posts" className="flex items-center justify-between gap-2">
                <PageLink page={page - 1} disabled={page <= 1 || community.isPlaceholderData}>
                  <ChevronLeft aria-hidden="true" />
                  Newer posts
                </PageLink>
                <span className="text-sm text-muted-foreground">
                  Page {page} of {Math.max(1, Math.ceil(data.total / data.pageSize))}
                </span>
                <PageLink
                  page={page + 1}
                  disabled={page * data.pageSize >= data.total || community.isPlaceholderData}
                >
                  Older posts
                  <ChevronRight aria-hidden="true" />
                </PageLink>
              </nav>
            ) : null}
          </section>
          {data.channels.length > 0 ? (
            <Channels channels={data.channels} brandName={brandName} />
          ) : null}
        </div>
      )}
    </PageFrame>
  );
}

function PageLink({
  page,
  disabled,
  children,
}: {
  page: number;
  disabled: boolean;
  children: ReactNode;
}) {
  if (disabled) {
    return (
      <Button variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="outline">
      <Link to="/community" search={page <= 1 ? {} : { page }}>
        {children}
      </Link>
    </Button>
  );
}

function PostCard({ post }: { post: CommunityPost }) {
  const Icon = post.kind === 'announcement' ? Megaphone : BookOpen;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge variant="secondary">
            <Icon aria-hidden="true" />
            {post.kind === 'announcement' ? 'Announcement' : 'Resource'}
          </Badge>
          {post.isPinned ? (
            <Badge variant="outline">
              <Pin aria-hidden="true" />
              Pinned
            </Badge>
          ) : null}
          <time dateTime={post.publishedAt}>{dateFormat.format(new Date(post.publishedAt))}</time>
        </div>
        <h3 className="text-lg font-semibold tracking-tight">{post.title}</h3>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm whitespace-pre-line text-pretty">{post.body}</p>
        {post.url ? (
          <a
            href={post.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {post.kind === 'resource' ? 'Open the resource' : 'Read more'}
            <span className="sr-only"> about {post.title} (opens in a new tab)</span>
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Channels({ channels, brandName }: { channels: CommunityChannel[]; brandName: string }) {
  return (
    <section aria-labelledby="community-channels" className="grid content-start gap-4">
      <h2
        id="community-channels"
        className="flex items-center gap-2 text-lg font-semibold tracking-tight"
      >
        <UsersRound aria-hidden="true" className="size-5" />
        Meet other creators
      </h2>
      <p className="text-sm text-muted-foreground">Where creators protected by {brandName} talk.</p>
      <ul className="grid gap-3">
        {channels.map((channel) => (
          <li key={channel.url} className="rounded-xl border bg-card p-4">
            <a
              href={channel.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              {channel.label}
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
            {channel.description ? (
              <p className="mt-1 text-sm text-muted-foreground">{channel.description}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
