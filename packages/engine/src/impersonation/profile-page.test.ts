import { describe, expect, it } from 'vitest';
import { detectProfilePage, linkedProfileAvatars, profileUrlFromTemplate } from './profile-page.ts';

const mastodonLike = `<!doctype html><html><head>
<title>Jane Doe (@janedoe_vip@social.example) - Social Example</title>
<meta property="og:type" content="profile">
<meta property="og:title" content="Jane Doe (@janedoe_vip@social.example)">
<meta property="og:image" content="https://files.social.example/accounts/avatars/1/original/a.jpg">
<meta property="profile:username" content="janedoe_vip@social.example">
<meta name="description" content="1.2K Posts, 310 Following, 12.4K Followers · Official page">
</head><body><div class="account__header"><img class="account__avatar" src="/avatars/a.jpg" alt="">
<h1>Jane Doe</h1></div><article><img src="/media/p1.jpg" alt="beach"></article></body></html>`;

const genericUserPath = `<html><head><title>Jane Doe on Chatter</title>
<meta property="og:type" content="profile">
<meta property="og:image" content="/img/u/janedoee.jpg"></head>
<body><header><img class="profile-photo" src="/img/u/janedoee.jpg" alt="Jane Doe">
<h1>Jane Doe</h1><span>Followers 12k</span> <span>Following 80</span></header>
<section class="posts"><img src="/img/p/1.jpg"><img src="/img/p/2.jpg"></section></body></html>`;

const instagramLike = `<html><head>
<meta property="og:type" content="profile">
<meta property="og:title" content="Jane Doe (@jane.doe.official) • Instagram photos and videos">
<meta property="og:image" content="https://cdn.example/v/t51/jane.jpg">
<meta property="og:url" content="https://www.instagram.com/jane.doe.official/">
<meta name="description" content="48K Followers, 120 Following, 310 Posts - See Instagram photos and videos from Jane Doe (@jane.doe.official)">
</head><body></body></html>`;

const jsonLdProfile = `<html><head><title>Jane Doe</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"ProfilePage",
"mainEntity":{"@type":"Person","name":"Jane Doe","alternateName":"@realjanedoe",
"image":"https://example.net/pic/jane.png","interactionStatistic":[]}}</script></head>
<body><p>Posts by Jane</p></body></html>`;

const queryProfile = `<html><head><title>jdoe2 | FriendNet</title></head><body>
<div class="avatar"><img src="/photos/jdoe2.jpg"></div><h2>Jane D.</h2>
<p>1,234 followers · 88 following</p></body></html>`;

const forumThread = `<html><head><title>Anyone have Jane Doe's new set? - Leaks Forum</title>
<meta property="og:type" content="website"></head><body>
<div class="message"><img class="avatar" src="/data/avatars/m/1/100.jpg" alt="bob">
<span>Posts: 1,234</span><span>Followers 12</span><p>Looking for the new set</p></div>
<div class="message"><img class="avatar" src="/data/avatars/m/2/200.jpg" alt="carl"><p>here</p></div>
<div class="message"><img class="avatar" src="/data/avatars/m/3/300.jpg" alt="dan"><p>thanks</p></div>
</body></html>`;

const tubePage = `<html><head><title>Jane Doe beach video - TubeSite</title>
<meta property="og:type" content="video.other">
<meta property="og:image" content="https://tube.example/thumbs/123.jpg"></head><body>
<video src="/v/123.mp4"></video><div class="uploader"><img class="avatar" src="/u/janedoe.jpg">
<a href="/users/janedoe">janedoe</a><span>12k subscribers</span></div></body></html>`;

const teamPage = `<html><head><title>Our team - Acme</title><meta property="og:type" content="website">
<script type="application/ld+json">[{"@type":"Person","name":"Jane Doe","jobTitle":"CEO","identifier":"jdoe"},
{"@type":"Person","name":"John Roe","jobTitle":"CTO","identifier":"jroe"}]</script></head><body>
<div><img class="profile-photo" src="/team/jane.jpg" alt="profile photo of Jane Doe"><h3>Jane Doe</h3></div>
<div><img class="profile-photo" src="/team/john.jpg" alt="profile photo of John Roe"><h3>John Roe</h3></div>
<div><img class="profile-photo" src="/team/ann.jpg" alt="profile photo of Ann Poe"><h3>Ann Poe</h3></div>
</body></html>`;

describe('detectProfilePage', () => {
  it('reads a Mastodon-like profile: handle without its server, name, avatar, count, template', () => {
    const found = detectProfilePage({
      url: 'http://127.0.0.1:4123/@janedoe_vip',
      html: mastodonLike,
    });
    expect(found).toMatchObject({
      handle: 'janedoe_vip',
      displayName: 'Jane Doe',
      avatarUrl: 'http://127.0.0.1:4123/avatars/a.jpg',
      avatarUrls: [
        'http://127.0.0.1:4123/avatars/a.jpg',
        'https://files.social.example/accounts/avatars/1/original/a.jpg',
      ],
      followerText: expect.stringMatching(/12\.4K Followers/i),
      profileUrlTemplate: 'http://127.0.0.1:4123/@{username}',
    });
    expect(found!.signals).toEqual(
      expect.arrayContaining(['og-profile', 'profile-username', 'url-handle', 'avatar']),
    );
  });

  it('reads a /u/handle profile with og:type profile and a "Followers 12k" count', () => {
    const found = detectProfilePage({
      url: 'https://chatter.example/u/janedoee',
      html: genericUserPath,
    });
    expect(found).toMatchObject({
      handle: 'janedoee',
      displayName: 'Jane Doe',
      avatarUrl: 'https://chatter.example/img/u/janedoee.jpg',
      followerText: 'Followers 12k',
      profileUrlTemplate: 'https://chatter.example/u/{username}',
    });
  });

  it('reads an Instagram-like page that has only meta tags, the handle from its one-segment path', () => {
    const found = detectProfilePage({
      url: 'https://www.instagram.com/jane.doe.official/',
      html: instagramLike,
    });
    expect(found).toMatchObject({
      handle: 'jane.doe.official',
      displayName: 'Jane Doe',
      avatarUrl: 'https://cdn.example/v/t51/jane.jpg',
      followerText: '48K Followers',
      profileUrlTemplate: 'https://www.instagram.com/{username}/',
    });
  });

  it('reads a JSON-LD ProfilePage whose address does not carry the handle', () => {
    const found = detectProfilePage({ url: 'https://example.net/p?id=829', html: jsonLdProfile });
    expect(found).toMatchObject({
      handle: 'realjanedoe',
      displayName: 'Jane Doe',
      avatarUrl: 'https://example.net/pic/jane.png',
      profileUrlTemplate: null,
    });
  });

  it('reads a ?user= profile from its avatar and follower count alone', () => {
    const found = detectProfilePage({
      url: 'https://friendnet.example/view.php?user=jdoe2&tab=wall',
      html: queryProfile,
    });
    expect(found).toMatchObject({
      handle: 'jdoe2',
      avatarUrl: 'https://friendnet.example/photos/jdoe2.jpg',
      followerText: '1,234 followers',
      profileUrlTemplate: 'https://friendnet.example/view.php?user={username}&tab=wall',
    });
  });

  it('takes no forum thread, tube video page or company team page for a profile', () => {
    expect(
      detectProfilePage({
        url: 'https://forum.example/threads/anyone-have-jane-does-new-set.4411/',
        html: forumThread,
      }),
    ).toBeNull();
    expect(
      detectProfilePage({ url: 'https://tube.example/video/123/jane-doe-beach', html: tubePage }),
    ).toBeNull();
    expect(
      detectProfilePage({ url: 'https://acme.example/about/team', html: teamPage }),
    ).toBeNull();
    expect(detectProfilePage({ url: 'https://acme.example/team', html: teamPage })).toBeNull();
  });

  it('needs more than a user-looking address: a /u/ page without avatar or count is not taken', () => {
    const html = '<html><head><title>jane</title></head><body><p>Hello</p></body></html>';
    expect(detectProfilePage({ url: 'https://blog.example/u/jane', html })).toBeNull();
    // A one-segment path is a handle only on a page that declares a profile.
    expect(detectProfilePage({ url: 'https://blog.example/jane', html: queryProfile })).toBeNull();
  });

  it('takes no Mastodon post (/@jane/123) for the profile, nor a declared handle the address contradicts', () => {
    const post = mastodonLike.replace('content="profile"', 'content="article"');
    expect(
      detectProfilePage({ url: 'https://social.example/@janedoe_vip/1093', html: post }),
    ).toBeNull();
    const other = detectProfilePage({ url: 'https://social.example/@someone', html: mastodonLike });
    expect(other?.handle).toBe('janedoe_vip');
    expect(other?.profileUrlTemplate).toBeNull();
  });
});

describe('linkedProfileAvatars', () => {
  it('pairs each avatar in a link to a profile with that profile, on the page’s own site only', () => {
    const html = `<ul class="people">
<li><a href="/@lunafox_official"><img class="avatar-small" src="/media/avatars/lunafox_official.jpg"> Luna</a></li>
<li><a href="https://other.example/@x"><img class="avatar" src="/a/x.jpg"></a></li>
<li><a href="/members/123"><img class="avatar" src="/a/123.jpg"></a></li>
<li><a href="/@pete"><img src="/media/posts/pete-1.jpg" alt="beach"></a></li></ul>`;
    expect(linkedProfileAvatars({ url: 'http://127.0.0.1:4123/search?q=luna', html })).toEqual([
      {
        avatarUrl: 'http://127.0.0.1:4123/media/avatars/lunafox_official.jpg',
        profileUrl: 'http://127.0.0.1:4123/@lunafox_official',
        handle: 'lunafox_official',
      },
    ]);
    expect(
      linkedProfileAvatars({ url: 'https://forum.example/threads/x.1/', html: forumThread }),
    ).toEqual([]);
  });
});

describe('profileUrlFromTemplate', () => {
  it('puts the handle, encoded and without "@", in the template', () => {
    expect(profileUrlFromTemplate('http://127.0.0.1:4123/@{username}', '@jane.doe')).toBe(
      'http://127.0.0.1:4123/@jane.doe',
    );
    expect(profileUrlFromTemplate('https://x.example/view?user={username}', 'a b')).toBe(
      'https://x.example/view?user=a%20b',
    );
  });
});
