// The community's posts in the staff console, as `shark community`: publish an announcement or a
// resource at once, and take a post off /community.
import {
  COMMUNITY_BODY_MAX_LENGTH,
  COMMUNITY_POST_KINDS,
  COMMUNITY_TITLE_MAX_LENGTH,
  type CommunityPostKind,
  type OperatorCommunityPost,
} from '@shark/contracts/community.ts';
import { Megaphone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { FormField, TextField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Textarea } from '#app/components/ui/textarea.tsx';
import { useArchivePost } from '#app/features/staff-moderation/api/archive-post.ts';
import { useCommunityPosts } from '#app/features/staff-moderation/api/get-community-posts.ts';
import { usePublishPost } from '#app/features/staff-moderation/api/publish-post.ts';
import { formErrorsFromApi } from '#app/lib/form-errors.ts';

function PublishForm() {
  const publish = usePublishPost();
  const [kind, setKind] = useState<CommunityPostKind>('announcement');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [url, setUrl] = useState('');
  const [isPinned, setIsPinned] = useState(false);
  const errors = publish.isError
    ? formErrorsFromApi(publish.error, ['kind', 'title', 'body', 'url'])
    : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    publish.mutate(
      { kind, title, body, url: url.trim() === '' ? null : url.trim(), isPinned },
      {
        onSuccess: () => {
          toast.success('Published on /community.');
          setTitle('');
          setBody('');
          setUrl('');
          setIsPinned(false);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="New post" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField label="Kind" error={errors?.fields.kind}>
          {(control) => (
            <NativeSelect
              {...control}
              value={kind}
              onChange={(e) => setKind(e.target.value as CommunityPostKind)}
            >
              {COMMUNITY_POST_KINDS.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <TextField
          label="Title"
          value={title}
          onValueChange={setTitle}
          error={errors?.fields.title}
          maxLength={COMMUNITY_TITLE_MAX_LENGTH}
        />
      </div>
      <FormField label="Body" error={errors?.fields.body}>
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            value={body}
            maxLength={COMMUNITY_BODY_MAX_LENGTH}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </FormField>
      <TextField
        label="Link"
        hint="Optional: an http(s) address shown with the post (a guide, a form, a video)."
        type="url"
        value={url}
        onValueChange={setUrl}
        error={errors?.fields.url}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={isPinned}
          onChange={(e) => setIsPinned(e.target.checked)}
        />
        Pinned above the other posts
      </label>
      {errors?.message ? <Alert variant="error">{errors.message}</Alert> : null}
      <div>
        <Button type="submit" disabled={publish.isPending}>
          {publish.isPending ? <Spinner /> : null}
          Publish
        </Button>
      </div>
    </form>
  );
}

export function CommunityModerationPage() {
  const posts = useCommunityPosts();
  const archive = useArchivePost();
  const [archiving, setArchiving] = useState<OperatorCommunityPost | null>(null);

  return (
    <PageFrame
      title="Community posts"
      description="Announcements and resources on /community, for every signed-in creator of every brand. The same as shark community on the command line."
    >
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>New post</CardTitle>
          </CardHeader>
          <CardContent>
            <PublishForm />
          </CardContent>
        </Card>
        {posts.isPending ? (
          <Skeleton className="h-32" aria-busy="true" />
        ) : posts.isError ? (
          <Alert variant="error">{posts.error.message}</Alert>
        ) : posts.data.posts.length === 0 ? (
          <EmptyState icon={Megaphone} title="No posts yet">
            Posts you publish appear here, and on /community at once.
          </EmptyState>
        ) : (
          <Card className="p-0">
            <ul aria-label="Posts" className="divide-y">
              {posts.data.posts.map((post) => (
                <li key={post.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      {post.title} <Badge variant="secondary">{post.kind}</Badge>
                      {post.isPinned ? <Badge variant="outline">pinned</Badge> : null}
                      {post.archivedAt ? <Badge variant="outline">archived</Badge> : null}
                    </p>
                    <p className="line-clamp-2 text-sm text-muted-foreground">{post.body}</p>
                    <p className="text-xs text-muted-foreground">
                      {new Date(post.publishedAt).toLocaleString()}
                      {post.createdBy ? ` · by ${post.createdBy}` : ''}
                    </p>
                  </div>
                  {post.archivedAt ? null : (
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      onClick={() => setArchiving(post)}
                    >
                      Archive
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => {
          if (!open) {
            setArchiving(null);
            archive.reset();
          }
        }}
        title="Archive this post?"
        description="It leaves /community; it stays in this list, marked archived."
        confirmLabel="Archive post"
        pending={archive.isPending}
        error={archive.error?.message}
        onConfirm={() => {
          if (!archiving) return;
          archive.mutate(archiving.id, {
            onSuccess: () => {
              toast.success('Post archived.');
              setArchiving(null);
            },
          });
        }}
      />
    </PageFrame>
  );
}
