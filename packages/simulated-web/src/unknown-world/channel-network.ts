// A Telegram channel index (the t.me/s/<channel> preview: pictures only as CSS background images, older
// posts behind "?before=") and a social network nobody catalogued, with her impersonators, a look-alike
// who is someone else, and the network's own people search.
import { doc, esc, ogTags, robotsTxt, unrelated, type LayoutContext } from './chrome.ts';
import type { Served, SiteBuild } from './model.ts';

const CHANNEL = 'premleaksvip';

interface ChannelPost {
  id: number;
  text: string;
  hasCopy: boolean;
}

export function buildChannel(site: SiteBuild, ctx: LayoutContext): void {
  const { planter } = ctx;
  site.disallow.push('/export/', '/auth');
  const captions = [
    `${ctx.displayName} 🔥 full set #${ctx.usernames[0]}`,
    'join our backup channel',
    'part 2',
    '',
    'more tomorrow',
  ];
  const pageSize = 5;
  const pageCount = 4;
  const newest = 200;
  const pagePath = (page: number) =>
    page === 0 ? `/s/${CHANNEL}` : `/s/${CHANNEL}?before=${newest + 1 - page * pageSize}`;
  for (let page = 0; page < pageCount; page++) {
    const posts: ChannelPost[] = Array.from({ length: pageSize }, (_, i) => {
      const id = newest - page * pageSize - i;
      const isLast = page === pageCount - 1;
      return {
        id,
        text:
          page === 0
            ? captions[i]!
            : isLast
              ? 'channel news: we moved servers'
              : ['new', '', 'leaked', 'vip only', ''][i]!,
        hasCopy: !isLast && i % 2 === 0,
      };
    });
    const path = pagePath(page);
    // Newest last, as Telegram lays them out.
    const html = posts
      .slice()
      .reverse()
      .map((post) => {
        let photo = '';
        if (post.hasCopy) {
          const file = planter.plant(
            site,
            path,
            `/file/${CHANNEL}/${post.id}.jpg`,
            'telegram-background',
            {
              namesHer: page === 0,
              reachedBy: page === 0 ? 'search' : 'older-posts',
            },
          ).mediaPath;
          photo = `<a class="tgme_widget_message_photo_wrap" href="${site.url(`/${CHANNEL}/${post.id}`)}" style="width:800px;background-image:url('${file}')"><div class="tgme_widget_message_photo" style="padding-top:75%"></div></a>`;
        }
        const text = post.text
          ? `<div class="tgme_widget_message_text js-message_text" dir="auto">${esc(post.text)}</div>`
          : '';
        return `<div class="tgme_widget_message_wrap js-widget_message_wrap"><div class="tgme_widget_message js-widget_message" data-post="${CHANNEL}/${post.id}"><div class="tgme_widget_message_bubble">${photo}${text}<div class="tgme_widget_message_footer"><span class="tgme_widget_message_views">${(post.id * 37) % 9000}</span> <a class="tgme_widget_message_date" href="${site.url(`/${CHANNEL}/${post.id}`)}"><time datetime="2026-11-01T10:${String(post.id % 60).padStart(2, '0')}:00+00:00">10:${String(post.id % 60).padStart(2, '0')}</time></a></div></div></div></div>`;
      })
      .join('\n');
    const older =
      page < pageCount - 1
        ? `<div class="tgme_widget_message_centered js-messages_more_wrap"><a href="${pagePath(page + 1)}" class="tme_messages_more js-messages_more" data-before="${newest + 1 - (page + 1) * pageSize}"></a></div>`
        : '';
    if (posts.every((post) => !post.hasCopy)) planter.expected.decoys.push(site.url(path));
    site.html(
      path,
      doc({
        title: `Premium Leaks VIP – Telegram`,
        head: ogTags({
          'og:title': 'Premium Leaks VIP',
          'og:description': 'daily drops. backup: @premleaks2',
          'og:site_name': 'TgStash',
        }),
        header: `<header class="tgme_header"><div class="tgme_header_title"><span dir="auto">Premium Leaks VIP</span></div><div class="tgme_header_counter">41.2K subscribers</div></header>`,
        body: `<main class="tgme_main"><section class="tgme_channel_history js-message_history">${older}${html}</section></main>`,
        footer: `<footer class="tgme_footer"><a href="/faq">FAQ</a> · <a href="/copyright">Copyright</a> · <a href="/privacy">Privacy</a></footer>`,
        bodyClass: 'widget_frame_base tgme_webpreview',
      }),
    );
  }
  site.html(
    '/copyright',
    doc({
      title: 'Copyright – TgStash',
      header: '<header class="tgme_header">TgStash</header>',
      body: `<main><h1>Copyright</h1><p>TgStash mirrors public channels. If a mirrored post infringes your copyright, e-mail <a href="mailto:copyright@tgstash.example">copyright@tgstash.example</a> with the post links; we stop mirroring them.</p></main>`,
      footer: '<footer class="tgme_footer"><a href="/copyright">Copyright</a></footer>',
    }),
  );
  site.html(
    '/',
    doc({
      title: 'TgStash – Telegram channel previews',
      header: '<header class="tgme_header">TgStash</header>',
      body: '<main><p>Read public Telegram channels in your browser.</p></main>',
      footer: '<footer class="tgme_footer"><a href="/copyright">Copyright</a></footer>',
    }),
  );
  planter.expected.siteContacts[site.origin] = {
    address: 'copyright@tgstash.example',
    channel: 'email',
    publishedAt: site.url('/copyright'),
  };
  site.pages.set('/robots.txt', { kind: 'text', type: 'text/plain', body: robotsTxt(site, false) });
}

interface NetworkProfile {
  handle: string;
  name: string;
  bio: string;
  followers: number;
  /** Whether the avatar and grid are copies of her photos. */
  usesHerPhotos: boolean;
}

const NETWORK = 'Plaza';

function networkShell(title: string, body: string, head = ''): string {
  return doc({
    title: `${title} · ${NETWORK}`,
    head,
    header: `<header class="topbar"><a class="brand" href="/">${NETWORK}</a><form action="/search" method="get" role="search"><input name="q" placeholder="Search people"></form></header>`,
    body: `<main class="content">${body}</main>`,
    footer: `<footer class="site-footer"><a href="/about">About</a> · <a href="/legal/terms">Terms</a> · <a href="/legal/copyright">Copyright</a></footer>`,
  });
}

export function buildNetwork(site: SiteBuild, ctx: LayoutContext): { handles: string[] } {
  const { planter } = ctx;
  site.disallow.push('/settings/', '/api/');
  const username = ctx.usernames[0]!;
  const profiles: (NetworkProfile & {
    reachedBy?: 'search-result' | 'username-variant' | 'network-search';
  })[] = [
    {
      handle: `${username}_official`,
      name: ctx.displayName,
      bio: 'official backup account 💋 new content daily, link below',
      followers: 1204,
      usesHerPhotos: true,
      reachedBy: 'search-result',
    },
    {
      handle: username.replace(/o/, '0'),
      name: ctx.displayName,
      bio: 'my only real page. DM for prices',
      followers: 318,
      usesHerPhotos: true,
      reachedBy: 'username-variant',
    },
    {
      handle: `${username}.vip`,
      name: `${ctx.displayName} ✨`,
      bio: 'vip content, free for a week',
      followers: 87,
      usesHerPhotos: true,
      reachedBy: 'network-search',
    },
    {
      handle: `${username}x`,
      name: 'Marta Lindqvist',
      bio: 'fox photographer 🦊 Oslo · prints in shop',
      followers: 5230,
      usesHerPhotos: false,
    },
    {
      handle: 'pixel_pete',
      name: 'Pete Okafor',
      bio: 'street photos',
      followers: 412,
      usesHerPhotos: false,
    },
  ];
  let variant = 400;
  for (const profile of profiles) {
    const path = `/@${profile.handle}`;
    const avatar = `/media/avatars/${profile.handle}.jpg`;
    if (profile.usesHerPhotos) planter.other(site, path, avatar);
    else unrelated(site, avatar, variant++);
    const grid = [0, 1, 2].map((n) => {
      const media = `/media/posts/${profile.handle}-${n}.jpg`;
      if (profile.usesHerPhotos) planter.other(site, path, media);
      else unrelated(site, media, variant++);
      return `<a class="grid-item" href="${path}/posts/${n + 1}"><div class="grid-photo" style="background-image:url(${media})"></div></a>`;
    });
    site.html(
      path,
      networkShell(
        `${profile.name} (@${profile.handle})`,
        `<section class="profile-header"><img class="avatar" src="${avatar}" alt="${esc(profile.name)}" width="150" height="150"><div><h1 class="display-name">${esc(profile.name)}</h1><p class="handle">@${esc(profile.handle)}</p><p class="bio">${esc(profile.bio)}</p><ul class="stats"><li><strong>${profile.followers.toLocaleString('en-US')}</strong> followers</li><li><strong>${(profile.followers % 97) + 3}</strong> following</li></ul></div></section><section class="grid">${grid.join('')}</section>`,
        ogTags({
          'og:type': 'profile',
          'og:title': `${profile.name} (@${profile.handle})`,
          'og:image': site.url(avatar),
          'og:url': site.url(path),
          'profile:username': profile.handle,
        }),
      ),
    );
    site.pages.set(`/u/${profile.handle}`, { kind: 'redirect', location: path, status: 301 });
    if (profile.usesHerPhotos)
      planter.expected.impersonators.push({
        site: site.id,
        handle: profile.handle,
        profileUrl: site.url(path),
        reachedBy: profile.reachedBy!,
      });
    else if (profile.handle.startsWith(username))
      planter.expected.notImpersonators.push({
        site: site.id,
        handle: profile.handle,
        profileUrl: site.url(path),
        why: 'a photographer with her own name and pictures; only the handle is close',
      });
  }
  site.html('/', networkShell(NETWORK, '<h1>Share moments with people you know</h1>'));
  site.html(
    '/legal/copyright',
    networkShell(
      'Copyright',
      `<h1>Copyright and impersonation</h1><p>Report content that infringes your copyright, or an account pretending to be you, to <a href="mailto:ip@plaza.example">ip@plaza.example</a>. Include the profile or post address.</p>`,
    ),
  );
  planter.expected.siteContacts[site.origin] = {
    address: 'ip@plaza.example',
    channel: 'email',
    publishedAt: site.url('/legal/copyright'),
  };
  site.pages.set('/robots.txt', { kind: 'text', type: 'text/plain', body: robotsTxt(site, false) });
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  // People search: display names and handles containing the query, spaces and dots ignored.
  site.dynamic = (url): Served | null => {
    if (url.pathname !== '/search') return null;
    const query = squash(url.searchParams.get('q') ?? '');
    const hits = profiles.filter(
      (profile) =>
        query.length >= 3 &&
        (squash(profile.name).includes(query) || squash(profile.handle).includes(query)),
    );
    const list = hits
      .map(
        (profile) =>
          `<li class="person"><a href="/@${esc(profile.handle)}"><img class="avatar-small" src="/media/avatars/${esc(profile.handle)}.jpg" alt=""> <span class="name">${esc(profile.name)}</span> <span class="handle">@${esc(profile.handle)}</span></a></li>`,
      )
      .join('');
    return {
      kind: 'html',
      body: networkShell(
        'Search',
        `<h1>People</h1><ul class="people">${list || '<li>No people found.</li>'}</ul>`,
      ),
    };
  };
  return { handles: profiles.map((profile) => profile.handle) };
}
