// 'Social Share': ready-to-post texts for each network (copied with a click) and share images in the
// sizes networks use (downloaded as PNG), all saying she is protected, with her DMCA badge's link.
import {
  SHARE_NETWORKS,
  type MarketingBadge,
  type ShareImage,
  type SharePost,
  type SocialShare,
} from '@shark/contracts/marketing.ts';
import { Link } from '@tanstack/react-router';
import { BadgeCheck, Download, Info } from 'lucide-react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { useSocialShare } from '#app/features/marketing/api/get-social-share.ts';
import { shareImageUrl } from '#app/features/marketing/lib/downloads.ts';
import { PROVIDER_ID } from '#app/lib/api.ts';

export function SocialSharePage({ userId }: { userId: string }) {
  const share = useSocialShare(userId);
  return (
    <PageFrame
      title="Social Share"
      description="Tell your fans, and anyone thinking of leaking, that your content is protected. Copy a post for your network or download an image, and share it."
    >
      {share.isPending ? (
        <ListLoading label="Loading your posts" itemClassName="h-40" />
      ) : share.isError ? (
        <ListLoadError what="Your posts" error={share.error} onRetry={() => void share.refetch()} />
      ) : (
        <SocialShareContent share={share.data} />
      )}
    </PageFrame>
  );
}

function SocialShareContent({ share }: { share: SocialShare }) {
  return (
    <div className="grid gap-10">
      <BadgeNotice badge={share.badge} brandName={share.brandName} brandUrl={share.brandUrl} />
      <section aria-labelledby="posts-heading" className="grid gap-4">
        <div>
          <h2 id="posts-heading" className="text-xl font-semibold tracking-tight">
            Posts
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            Each post fits its network&apos;s length limit. Copy it, paste it in a new post, and add
            one of the images below.
          </p>
        </div>
        {SHARE_NETWORKS.map((network) => {
          const posts = share.posts.filter((post) => post.network === network);
          const first = posts[0];
          if (!first) return null;
          return (
            <section key={network} aria-labelledby={`network-${network}`} className="grid gap-3">
              <h3 id={`network-${network}`} className="font-semibold">
                {first.networkName}
              </h3>
              <ul aria-label={`${first.networkName} posts`} className="grid gap-4 lg:grid-cols-2">
                {posts.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </ul>
            </section>
          );
        })}
      </section>
      <section aria-labelledby="images-heading" className="grid gap-4">
        <div>
          <h2 id="images-heading" className="text-xl font-semibold tracking-tight">
            Images
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
            In {share.brandName}&apos;s colours, with the link anyone can open to check your
            protection.
          </p>
        </div>
        <ul aria-label="Share images" className="grid gap-6 md:grid-cols-3">
          {share.images.map((image) => (
            <ImageCard key={image.format} image={image} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function BadgeNotice({
  badge,
  brandName,
  brandUrl,
}: {
  badge: MarketingBadge;
  brandName: string;
  brandUrl: string;
}) {
  if (badge.state === 'ready') {
    return (
      <Alert variant="success">
        <BadgeCheck aria-hidden="true" />
        <p>
          Every post and image links your DMCA badge&apos;s verification page,{' '}
          <span className="font-medium break-all">{badge.verifyUrl}</span>, where anyone can check
          that your content is protected by {brandName}.
        </p>
      </Alert>
    );
  }
  return (
    <Alert>
      <Info aria-hidden="true" />
      <div className="grid gap-2">
        {badge.state === 'not_created' ? (
          <p>
            You have no DMCA badge yet. Open DMCA Badges to get yours: its verification page then
            goes into every post and image, so anyone can check your protection. Until then they
            link to {brandUrl}.
          </p>
        ) : (
          <p>
            Your DMCA badge confirms your protection while your plan is active. Choose a plan, then
            get your badge in DMCA Badges: its verification page then goes into every post and
            image. Until then they link to {brandUrl}.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {badge.state === 'not_protected' ? (
            <Button asChild size="sm">
              <Link to="/plans">See plans</Link>
            </Button>
          ) : null}
          <Button
            asChild
            size="sm"
            variant={badge.state === 'not_protected' ? 'outline' : 'default'}
          >
            <Link to="/dmca-badges">Get your DMCA badge</Link>
          </Button>
        </div>
      </div>
    </Alert>
  );
}

function PostCard({ post }: { post: SharePost }) {
  const title = `${post.networkName} ${post.variant.toLowerCase()}`;
  return (
    <li aria-label={title}>
      <Card className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <h4 className="text-sm font-semibold">{post.variant}</h4>
          <CopyButton text={post.text} aria-label={`Copy ${title}`}>
            Copy
          </CopyButton>
        </div>
        <p
          data-testid="post-text"
          className="flex-1 rounded-lg border bg-muted/60 p-3 text-sm break-words whitespace-pre-wrap"
        >
          {post.text}
        </p>
        <p className="text-xs text-muted-foreground">
          {post.length} of {post.maxLength} characters
          {post.network === 'x' ? ' (X counts each link as 23)' : ''}
        </p>
      </Card>
    </li>
  );
}

function ImageCard({ image }: { image: ShareImage }) {
  const url = shareImageUrl(image.format, PROVIDER_ID);
  return (
    <li aria-label={image.label}>
      <Card className="flex h-full flex-col gap-3 p-4">
        <div>
          <h3 className="font-semibold">{image.label}</h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {image.width} × {image.height} px · {image.usedFor}
          </p>
        </div>
        <div className="flex flex-1 items-center justify-center rounded-lg border bg-muted/60 p-2">
          <img
            src={url}
            alt={`${image.label} image: protected by the brand, with the verification link`}
            width={image.width}
            height={image.height}
            loading="lazy"
            className="h-auto max-h-72 w-auto max-w-full rounded-md"
          />
        </div>
        <Button asChild variant="outline" className="w-fit">
          <a href={url} download={image.fileName}>
            <Download aria-hidden="true" />
            Download<span className="sr-only"> the {image.label.toLowerCase()} image (PNG)</span>
          </a>
        </Button>
      </Card>
    </li>
  );
}
