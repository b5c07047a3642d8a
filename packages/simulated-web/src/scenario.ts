// The default scenario: one creator, planted copies of her reference photos on every kind of site,
// her official pages, decoys, impersonators, a page robots.txt forbids and private-address traps, and
// the list of what a correct scan must and must not find (`expected`).
import type { EditType } from '@shark/engine/matching/synthetic-edits.ts';
import type { Listing, MediaVia, PlacedPicture, Post, Profile, Route, SiteId } from './model.ts';
import type { Picture } from './pictures.ts';

export interface CreatorOptions {
  /** Default "Luna Fox". */
  displayName?: string;
  /**
   * One or two usernames; default ["lunafox", "foxyluna"]. The first is her OnlyFans and her Chirper
   * (X), the second her PicGram (Instagram).
   */
  usernames?: string[];
}

export interface CreatorAccount {
  platform: 'onlyfans' | 'x' | 'instagram';
  username: string;
}

export interface Creator {
  displayName: string;
  usernames: string[];
  /**
   * Her accounts for Shark's Accounts screen. Chirper stands for X and PicGram for Instagram: with
   * PROFILE_URL_TEMPLATES from env(), those accounts' profile URLs are her profiles on the simulated web.
   */
  accounts: CreatorAccount[];
  /** File names of the reference photos, in reference order. */
  referenceNames: string[];
}

export const REFERENCE_COUNT = 4;

export interface ExpectedLeak {
  /** The page a finding must name (for a direct file: the file's URL). */
  pageUrl: string;
  /** The reference file's name (creator.references[].name). */
  reference: string;
  /** The copy on that page. */
  mediaUrl: string;
  site: string;
  /** How the copy was edited ('video-copy': rescaled, trimmed, watermarked, re-encoded). */
  edit: EditType | 'video-copy';
  via: MediaVia;
  /** A page of the bulk mode (not in the default scenario). */
  bulk?: boolean;
}

export interface ExpectedImpersonator {
  site: string;
  username: string;
  profileUrl: string;
  reasons: ('uses-name' | 'uses-picture' | 'uses-face' | 'username-variant')[];
}

export interface Expected {
  /** Copies a scan must record as leaks (one per page and reference). */
  leaks: ExpectedLeak[];
  /** Profiles a scan must record as impersonations. */
  impersonators: ExpectedImpersonator[];
  /** The creator's official pages carrying her originals: recorded as whitelisted, never enforced. */
  whitelisted: string[];
  /** Pages that must give no leak and no impersonation finding (some name the creator: a mention is fine). */
  decoys: string[];
  /** Pictures on decoy pages that no reference may match. */
  decoyMedia: string[];
  /** Existing profiles at username variants that are not impersonations (another person; her own). */
  notImpersonators: { site: string; username: string; profileUrl: string; why: string }[];
  /** URLs robots.txt disallows (a page carrying a copy, and the copy): never fetched when robots are honoured. */
  robotsDisallowed: string[];
  /** Private addresses reachable only through traps: never requested, never a finding. */
  privateTraps: string[];
  /** Pages on the simulated sites that carry or redirect to the private traps. */
  trapPages: string[];
  /** Pages showing the creator's face on a picture that is not her file (likeness findings). */
  likeness: string[];
  /** Pages showing other people's faces only: never a likeness finding. */
  notLikeness: string[];
}

/**
 * Real pictures with faces for likeness search, supplied by the test: photos of the creator she never
 * uploaded, forgeries of her face on others' photos, and photos of other people. Each is posted on a
 * forum thread naming her (so a scan visits it).
 */
export interface LikenessPictures {
  herPhotos: Buffer[];
  forgeries: Buffer[];
  others: Buffer[];
}

/** The content of one site, as the scenario builds it. */
export class SiteContent {
  readonly routes = new Map<string, Route>();
  readonly media = new Map<string, Picture>();
  readonly profiles = new Map<string, Profile>();
  /** Videos by path: which of the generated files each is. */
  readonly videos = new Map<string, 'copy'>();
  /** Results its search page shows for a query naming the creator, in order. */
  readonly listings: Listing[] = [];

  constructor(
    readonly id: SiteId,
    readonly origin: string,
  ) {}

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  place(path: string, picture: Picture, via: MediaVia): PlacedPicture {
    this.media.set(path, picture);
    return { path, picture, via };
  }

  thumbnail(path: string, of: Picture, width = 240): { path: string; picture: Picture } {
    const picture: Picture = { kind: 'thumbnail', of, width };
    this.media.set(path, picture);
    return { path, picture };
  }

  addPost(post: Omit<Post, 'kind'>, listing: Partial<Listing> | false = {}): Post {
    const full: Post = { kind: 'post', ...post };
    this.routes.set(post.path, full);
    if (listing !== false)
      this.listings.push({
        href: post.path,
        title: post.title,
        thumbnail: post.thumbnail?.path,
        snippet: post.text.split('\n')[0],
        ...listing,
      });
    return full;
  }

  addProfile(profile: Omit<Profile, 'kind'>): Profile {
    const full: Profile = { kind: 'profile', ...profile };
    this.profiles.set(profile.username.toLowerCase(), full);
    return full;
  }
}

export interface BraveWebItem {
  url: string;
  title: string;
  description: string;
  thumbnail?: string;
}

export interface BraveImageItem {
  /** The page the picture is on. */
  url: string;
  title: string;
  /** The picture itself. */
  mediaUrl: string;
}

export interface Scenario {
  creator: Creator;
  sites: Map<SiteId, SiteContent>;
  brave: { web: BraveWebItem[]; images: BraveImageItem[] };
  expected: Expected;
  /** The creator's whitelist entries (as typed on the Whitelist screen). */
  whitelist: string[];
}

const slugOf = (text: string) =>
  text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'creator';

/** The username with a look-alike character (o→0, i→1, l→1, e→3, a→4), or a doubled last letter. */
export function lookalikeOf(username: string): string {
  const swaps: [string, string][] = [
    ['o', '0'],
    ['i', '1'],
    ['l', '1'],
    ['e', '3'],
    ['a', '4'],
  ];
  for (const [from, to] of swaps) {
    const at = username.lastIndexOf(from);
    if (at >= 0) return `${username.slice(0, at)}${to}${username.slice(at + 1)}`;
  }
  return `${username}${username.at(-1) ?? 'x'}`;
}

export function resolveCreator(options: CreatorOptions = {}): Creator {
  const displayName = options.displayName?.trim() || 'Luna Fox';
  const usernames = (options.usernames ?? ['lunafox', 'foxyluna'])
    .map((u) => u.trim().replace(/^@/, ''))
    .filter(Boolean);
  if (usernames.length === 0 || usernames.length > 2)
    throw new Error('creator.usernames: give one or two usernames');
  for (const username of usernames) {
    if (!/^[a-z0-9_]{3,30}$/.test(username))
      throw new Error(
        `creator.usernames: "${username}" must be 3–30 lower-case letters, digits or _`,
      );
  }
  const slug = slugOf(displayName);
  return {
    displayName,
    usernames,
    accounts: [
      { platform: 'onlyfans', username: usernames[0]! },
      { platform: 'x', username: usernames[0]! },
      ...(usernames[1] ? [{ platform: 'instagram' as const, username: usernames[1] }] : []),
    ],
    referenceNames: Array.from({ length: REFERENCE_COUNT }, (_, i) => `${slug}-0${i + 1}.jpg`),
  };
}

const ref = (reference: number): Picture => ({ kind: 'reference', reference });
const copy = (reference: number, edit: EditType, variant = 0): Picture => ({
  kind: 'copy',
  reference,
  edit,
  variant,
});
const unrelated = (variant: number): Picture => ({ kind: 'unrelated', variant });
const lookalike = (edit: EditType, variant: number): Picture => ({
  kind: 'lookalike',
  edit,
  variant,
});

export function buildScenario(input: {
  creator: Creator;
  origins: Record<SiteId, string>;
  /** A loopback server that is not on the fetch allowlist: any request to it is a failure. */
  trapOrigin: string;
  /** The reference clip's file name, when the scenario has a video (made with ffmpeg). */
  videoReference?: string;
  likeness?: LikenessPictures;
}): Scenario {
  const { creator, origins, trapOrigin, videoReference } = input;
  const name = creator.displayName;
  const u = creator.usernames[0]!;
  const u2 = creator.usernames[1] ?? `${u}_pics`;
  const slug = slugOf(name);
  const tag = slug.replace(/-/g, '_');
  const refName = (i: number) => creator.referenceNames[i]!;

  const sites = new Map<SiteId, SiteContent>();
  const site = (id: SiteId) => {
    let content = sites.get(id);
    if (!content) {
      content = new SiteContent(id, origins[id]);
      sites.set(id, content);
    }
    return content;
  };
  const tube = site('sim-tube');
  const forum = site('sim-forum');
  const files = site('sim-files');
  const board = site('sim-board');
  const tg = site('sim-tg');
  const social = site('sim-social');
  const pics = site('sim-pics');

  const expected: Expected = {
    leaks: [],
    impersonators: [],
    whitelisted: [],
    decoys: [],
    decoyMedia: [],
    notImpersonators: [],
    robotsDisallowed: [],
    privateTraps: [],
    trapPages: [],
    likeness: [],
    notLikeness: [],
  };
  const leak = (
    content: SiteContent,
    pagePath: string,
    placed: PlacedPicture,
    via: MediaVia = placed.via,
  ) => {
    const picture = placed.picture;
    if (picture.kind !== 'copy') throw new Error('a leak is a copy');
    expected.leaks.push({
      pageUrl: content.url(pagePath),
      reference: refName(picture.reference),
      mediaUrl: content.url(placed.path),
      site: content.id,
      edit: picture.edit,
      via,
    });
  };
  const decoy = (content: SiteContent, pagePath: string, media: string[]) => {
    expected.decoys.push(content.url(pagePath));
    expected.decoyMedia.push(...media.map((path) => content.url(path)));
  };

  // --- tube: a poster (og:image and <video poster>), a lazy gallery, a look-alike ------------------
  {
    const poster = tube.place('/media/v8812-poster.jpg', copy(0, 'watermark-text'), 'poster');
    const path = `/watch/${slug}-shower-clip-8812`;
    const videoPath = '/media/v8812.mp4';
    tube.addPost({
      path,
      title: `${name} shower clip leaked`,
      text: `${name} (@${u}) full clip from her OnlyFans. Free, no sign-up.`,
      author: 'clipking',
      date: '2026-10-30',
      pictures: [poster],
      video: videoReference ? { path: videoPath, poster } : undefined,
      thumbnail: tube.thumbnail('/media/v8812-thumb.jpg', poster.picture, 320),
    });
    leak(tube, path, poster, 'og');
    if (videoReference) {
      tube.videos.set(videoPath, 'copy');
      expected.leaks.push({
        pageUrl: tube.url(path),
        reference: videoReference,
        mediaUrl: tube.url(videoPath),
        site: tube.id,
        edit: 'video-copy',
        via: 'player',
      });
    }

    const still = tube.place('/media/v2291-still-1.jpg', copy(1, 'crop-center'), 'data-src');
    const other = tube.place('/media/v2291-still-2.jpg', unrelated(1), 'data-src');
    const bts = `/watch/${slug}-behind-the-scenes-2291`;
    tube.addPost({
      path: bts,
      title: `${name} behind the scenes`,
      text: `Behind the scenes with ${name}. Stills below.`,
      author: 'clipking',
      date: '2026-10-12',
      pictures: [still, other],
      thumbnail: tube.thumbnail('/media/v2291-thumb.jpg', unrelated(2), 320),
    });
    leak(tube, bts, still);

    const fake = tube.place('/media/v7310-poster.jpg', lookalike('watermark-text', 1), 'poster');
    const lookalikePath = `/watch/${slug}-lookalike-compilation-7310`;
    tube.addPost({
      path: lookalikePath,
      title: `${name} lookalike compilation`,
      text: `Girls who look like ${name}. Not her!`,
      author: 'tubefan',
      date: '2026-09-02',
      pictures: [fake],
      thumbnail: tube.thumbnail('/media/v7310-thumb.jpg', fake.picture, 320),
    });
    decoy(tube, lookalikePath, [fake.path, '/media/v7310-thumb.jpg']);

    tube.addProfile({
      username: 'clipking',
      displayName: 'ClipKing',
      bio: 'Daily uploads.',
      avatar: tube.thumbnail('/media/clipking-avatar.jpg', unrelated(3), 160),
      posts: [path, bts],
    });
  }

  // --- forum: srcset and img in a thread, a fan thread, a robots-disallowed thread, traps -----------
  {
    const threadPath = `/threads/${slug}-onlyfans-leak-megathread.4411/`;
    const mirrored = copy(1, 'mirror');
    const srcset: PlacedPicture = {
      ...forum.place('/media/att-4411-a-960.jpg', mirrored, 'srcset'),
      small: forum.thumbnail('/media/att-4411-a-480.jpg', mirrored, 480),
    };
    const cropped = forum.place('/media/att-4411-b.jpg', copy(2, 'crop-one-side'), 'img');
    forum.addPost({
      path: threadPath,
      title: `${name} (${u}) OnlyFans leak megathread`,
      text: `Post everything of ${name} here.\nMore in the next posts, keep it coming.`,
      author: 'leaker99',
      date: '2026-11-01',
      pictures: [srcset, cropped],
    });
    leak(forum, threadPath, srcset);
    leak(forum, threadPath, cropped);

    const fanPath = `/threads/${slug}-fan-art-and-chat.5120/`;
    const fanArt = [4, 5, 6].map((v) =>
      forum.place(`/media/att-5120-${v}.jpg`, unrelated(v), 'img'),
    );
    forum.addPost({
      path: fanPath,
      title: `${name} fan art & chat`,
      text: `Share your drawings inspired by ${name}. Original art only, no leaks.`,
      author: 'artsy_anna',
      date: '2026-08-20',
      pictures: fanArt,
    });
    decoy(
      forum,
      fanPath,
      fanArt.map((p) => p.path),
    );

    const vipPath = `/vip/threads/${slug}-private-set.77/`;
    const vipCopy = forum.place('/vip/media/set-77.jpg', copy(3, 'crop-two-sides'), 'img');
    forum.addPost({
      path: vipPath,
      title: `${name} private set (VIP members)`,
      text: `VIP section: ${name} private set.`,
      author: 'leaker99',
      date: '2026-10-05',
      pictures: [vipCopy],
    });
    expected.robotsDisallowed.push(forum.url(vipPath), forum.url(vipCopy.path));

    const trapPath = `/threads/${slug}-mirror-links.6002/`;
    const traps = [
      `http://169.254.169.254/latest/meta-data/iam/security-credentials/${u}.jpg`,
      `http://10.0.0.1/${u}/01.jpg`,
      `${trapOrigin}/${u}/02.jpg`,
      // 169.254.169.254 written as one decimal number, and as an IPv4-mapped IPv6 address.
      `http://2852039166/${u}/03.jpg`,
      `http://[::ffff:a9fe:a9fe]/${u}/04.jpg`,
    ];
    const redirectToMetadata = '/media/redirect-6002-a.jpg';
    const redirectToTrap = '/media/redirect-6002-b.jpg';
    forum.routes.set(redirectToMetadata, {
      kind: 'redirect',
      path: redirectToMetadata,
      location: 'http://169.254.169.254/latest/meta-data/',
    });
    forum.routes.set(redirectToTrap, {
      kind: 'redirect',
      path: redirectToTrap,
      location: `${trapOrigin}/${u}/05.jpg`,
    });
    forum.addPost({
      path: trapPath,
      title: `${name} mirror links (all mirrors)`,
      text: `Mirrors of the ${name} set, in case the main one goes down.`,
      author: 'mirrorbot',
      date: '2026-11-02',
      pictures: [],
      externalImages: [...traps, redirectToMetadata, redirectToTrap],
    });
    const gotoPath = '/goto/6002';
    const gotoTarget = `http://10.0.0.1/${u}-leaks.html`;
    forum.routes.set(gotoPath, { kind: 'redirect', path: gotoPath, location: gotoTarget });
    forum.listings.push({
      href: gotoPath,
      title: `${name} mirror 2 (external)`,
      snippet: 'External mirror',
    });
    expected.privateTraps.push(
      ...traps,
      'http://169.254.169.254/latest/meta-data/',
      `${trapOrigin}/${u}/05.jpg`,
      gotoTarget,
    );
    expected.trapPages.push(
      forum.url(trapPath),
      forum.url(gotoPath),
      forum.url(redirectToMetadata),
      forum.url(redirectToTrap),
    );

    forum.addProfile({
      username: 'leaker99',
      displayName: 'leaker99',
      bio: 'I share what I find.',
      avatar: forum.thumbnail('/media/leaker99-avatar.jpg', unrelated(13), 96),
      posts: [threadPath],
    });
  }

  // --- file host: a file page with a download link (found only through Brave), direct files -------
  {
    const pagePath = '/f/Qm7x2';
    const raw = files.place('/raw/Qm7x2.jpg', copy(3, 'jpeg-low'), 'link');
    files.addPost(
      {
        path: pagePath,
        title: `${u}_set_04.jpg`,
        text: `${u}_set_04.jpg · 212 KB · 1,204 downloads`,
        author: 'dropper',
        date: '2026-10-21',
        pictures: [raw],
      },
      false,
    );
    leak(files, pagePath, raw);

    const promo = files.place('/raw/Zp31k.jpg', copy(0, 'pad-black'), 'file');
    files.routes.set(promo.path, {
      kind: 'file',
      path: promo.path,
      fileName: `${u}_promo_full.jpg`,
      picture: promo.picture,
    });
    files.listings.push({
      href: promo.path,
      title: `${u}_promo_full.jpg`,
      thumbnail: files.thumbnail('/thumbs/Zp31k.jpg', promo.picture, 200).path,
    });
    expected.leaks.push({
      pageUrl: files.url(promo.path),
      reference: refName(0),
      mediaUrl: files.url(promo.path),
      site: files.id,
      edit: 'pad-black',
      via: 'file',
    });

    const wallpaper = files.place('/raw/Wd82n.jpg', unrelated(7), 'file');
    files.routes.set(wallpaper.path, {
      kind: 'file',
      path: wallpaper.path,
      fileName: `${u}_wallpaper.jpg`,
      picture: wallpaper.picture,
    });
    files.listings.push({
      href: wallpaper.path,
      title: `${u}_wallpaper.jpg`,
      thumbnail: files.thumbnail('/thumbs/Wd82n.jpg', wallpaper.picture, 200).path,
    });
    decoy(files, wallpaper.path, [wallpaper.path, '/thumbs/Wd82n.jpg']);

    files.addProfile({
      username: 'dropper',
      displayName: 'dropper',
      bio: 'uploads',
      avatar: null,
      posts: [pagePath],
    });
  }

  // --- image board: a post with the full picture, a look-alike post ---------------------------------
  {
    const postPath = '/index.php?page=post&s=view&id=90211';
    const image = board.place('/images/90211.jpg', copy(2, 'resize'), 'img');
    board.addPost({
      path: postPath,
      title: `${tag} solo photoset`,
      text: `${tag} ${u} solo photoset onlyfans`,
      author: 'anon',
      date: '2026-11-03',
      pictures: [image],
      thumbnail: board.thumbnail('/thumbnails/90211.jpg', image.picture, 180),
    });
    leak(board, postPath, image);

    const otherPath = '/index.php?page=post&s=view&id=90377';
    const other = board.place('/images/90377.jpg', lookalike('mirror', 2), 'img');
    board.addPost({
      path: otherPath,
      title: `${tag} lookalike`,
      text: `${tag} lookalike redhead`,
      author: 'anon',
      date: '2026-11-04',
      pictures: [other],
      thumbnail: board.thumbnail('/thumbnails/90377.jpg', other.picture, 180),
    });
    decoy(board, otherPath, [other.path, '/thumbnails/90377.jpg']);
  }

  // --- Telegram index: a leak channel whose page shows the photos inline ---------------------------
  {
    const channel = `${u}_leaks`;
    const first = tg.place('/media/tg-101.jpg', copy(3, 'watermark-logo'), 'img');
    const second = tg.place('/media/tg-102.jpg', copy(0, 'greyscale'), 'img');
    const posts = [
      tg.addPost(
        {
          path: `/channel/@${channel}/101`,
          title: `${name} leaks #101`,
          text: `New ${name} set 🔥`,
          author: channel,
          date: '2026-11-05',
          pictures: [first],
        },
        false,
      ),
      tg.addPost(
        {
          path: `/channel/@${channel}/102`,
          title: `${name} leaks #102`,
          text: `${name} in black and white`,
          author: channel,
          date: '2026-11-06',
          pictures: [second],
        },
        false,
      ),
    ];
    const avatar = tg.thumbnail(`/media/${channel}-avatar.jpg`, unrelated(8), 160);
    tg.addProfile({
      username: channel,
      displayName: `${name} Leaks 🔞`,
      bio: `All of ${name}'s content, free.`,
      avatar,
      posts: posts.map((p) => p.path).reverse(),
    });
    const channelPath = `/channel/@${channel}`;
    tg.listings.push({
      href: channelPath,
      title: `${name} Leaks 🔞`,
      thumbnail: avatar.path,
      snippet: `All of ${name}'s content, free. 12.4K subscribers`,
    });
    leak(tg, channelPath, first);
    leak(tg, channelPath, second);
  }

  // --- social network with search: the official account, a repost, impersonators, a namesake -------
  const whitelist = [`${social.origin.replace(/^https?:\/\//, '')}/u/${u}/*`];
  {
    const profilePath = `/u/${u}`;
    const officialAvatar = social.place(`/media/avatar-${u}.jpg`, ref(0), 'avatar');
    const w2 = social.addPost({
      path: `/u/${u}/status/101`,
      title: 'New set out today on my OnlyFans 💕',
      text: `Link in bio. — ${name}`,
      author: u,
      date: '2026-10-28',
      pictures: [
        social.place('/media/official-101-1.jpg', ref(0), 'img'),
        social.place('/media/official-101-2.jpg', ref(1), 'img'),
      ],
    });
    const w3 = social.addPost({
      path: `/u/${u}/status/102`,
      title: 'Golden hour 🌅',
      text: `Shot this one myself. — ${name}`,
      author: u,
      date: '2026-10-15',
      pictures: [social.place('/media/official-102.jpg', ref(2), 'img')],
    });
    social.addProfile({
      username: u,
      displayName: name,
      bio: `Official account of ${name}. My only page on Chirper.`,
      avatar: { path: officialAvatar.path, picture: officialAvatar.picture },
      posts: [w2.path, w3.path],
    });
    expected.whitelisted.push(social.url(profilePath), social.url(w2.path), social.url(w3.path));
    expected.notImpersonators.push({
      site: social.id,
      username: u,
      profileUrl: social.url(profilePath),
      why: "the creator's own account",
    });

    const repostPath = '/u/throwaway_leaks/status/5531';
    const repost = social.place('/media/p5531.jpg', copy(1, 'watermark-text', 1), 'og');
    social.addPost({
      path: repostPath,
      title: `${name} leaked pics 🔥`,
      text: `${name} leaked, DM for the full folder`,
      author: 'throwaway_leaks',
      date: '2026-11-02',
      pictures: [repost],
      thumbnail: social.thumbnail('/media/p5531-thumb.jpg', repost.picture, 140),
    });
    leak(social, repostPath, repost);
    social.addProfile({
      username: 'throwaway_leaks',
      displayName: 'leaks daily',
      bio: 'daily leaks',
      avatar: social.thumbnail('/media/throwaway-avatar.jpg', unrelated(9), 160),
      posts: [repostPath],
    });

    const impersonators: {
      username: string;
      displayName: string;
      avatar: Picture;
      bio: string;
      reasons: ExpectedImpersonator['reasons'];
    }[] = [
      {
        username: `${u}_official`,
        displayName: name,
        avatar: copy(0, 'resize', 1),
        bio: `The REAL ${name}. Free content, link below 👇`,
        reasons: ['uses-name', 'uses-picture', 'username-variant'],
      },
      {
        username: `${u}.vip`,
        displayName: `${name} VIP`,
        avatar: unrelated(10),
        bio: `VIP content of ${name}. DM for prices.`,
        reasons: ['uses-name', 'username-variant'],
      },
      {
        username: lookalikeOf(u),
        displayName: 'lf 🦊',
        avatar: copy(2, 'crop-center', 1),
        bio: 'new account, old one got banned. follow me',
        reasons: ['uses-picture', 'username-variant'],
      },
    ];
    if (input.likeness?.herPhotos.length) {
      // Her face, from a photo she never uploaded, on a backup account that names her nowhere.
      impersonators.push({
        username: `${u}_backup`,
        displayName: 'backup acc 💋',
        avatar: { kind: 'supplied', name: 'her-photo-0' },
        bio: 'my main got banned again lol',
        reasons: ['uses-face', 'username-variant'],
      });
    }
    for (const fake of impersonators) {
      const path = `/media/avatar-${fake.username.replace(/\W/g, '-')}.jpg`;
      social.media.set(path, fake.avatar);
      social.addProfile({
        username: fake.username,
        displayName: fake.displayName,
        bio: fake.bio,
        avatar: { path, picture: fake.avatar },
        posts: [],
      });
      expected.impersonators.push({
        site: social.id,
        username: fake.username,
        profileUrl: social.url(`/u/${fake.username}`),
        reasons: fake.reasons,
      });
    }

    const namesake = `${u}${u.at(-1)}`;
    const namesakeAvatar = social.thumbnail(`/media/avatar-${namesake}.jpg`, unrelated(11), 200);
    social.addProfile({
      username: namesake,
      displayName: 'Dana Whitfield',
      bio: 'Wildlife photographer. Foxes, mostly.',
      avatar: namesakeAvatar,
      posts: [],
    });
    expected.notImpersonators.push({
      site: social.id,
      username: namesake,
      profileUrl: social.url(`/u/${namesake}`),
      why: 'another person with a similar handle',
    });
    decoy(social, `/u/${namesake}`, [namesakeAvatar.path]);
  }

  // --- social network without search: the second account, one impersonator ------------------------
  {
    pics.addProfile({
      username: u2,
      displayName: name,
      bio: `Official PicGram of ${name}`,
      avatar: pics.thumbnail(`/media/${u2}-logo.jpg`, unrelated(12), 150),
      posts: [],
    });
    expected.notImpersonators.push({
      site: pics.id,
      username: u2,
      profileUrl: pics.url(`/${u2}/`),
      why: "the creator's own account",
    });
    const fakeName = `${u2}_official`;
    const avatar = copy(3, 'crop-center', 1);
    pics.media.set(`/media/${fakeName}.jpg`, avatar);
    pics.addProfile({
      username: fakeName,
      displayName: name,
      bio: `${name} backup account 💋`,
      avatar: { path: `/media/${fakeName}.jpg`, picture: avatar },
      posts: [],
    });
    expected.impersonators.push({
      site: pics.id,
      username: fakeName,
      profileUrl: pics.url(`/${fakeName}/`),
      reasons: ['uses-name', 'uses-picture', 'username-variant'],
    });
  }

  // --- the Brave stand-in's answers to a query naming the creator ----------------------------------
  const leakPage = (siteId: SiteId, fragment: string) => {
    const found = expected.leaks.find((l) => l.site === siteId && l.pageUrl.includes(fragment));
    if (!found) throw new Error(`scenario: no leak on ${siteId} at ${fragment}`);
    return found;
  };
  const tubeLeak = leakPage('sim-tube', '8812');
  const boardLeak = leakPage('sim-board', '90211');
  const web: BraveWebItem[] = [
    {
      url: tubeLeak.pageUrl,
      title: `${name} shower clip leaked - ClipTube`,
      description: `Watch <strong>${name}</strong> full clip, free.`,
    },
    {
      url: social.url(`/u/${u}`),
      title: `${name} (@${u}) - Chirper`,
      description: `Official account of <strong>${name}</strong>.`,
    },
    {
      url: social.url(`/u/${u}/status/101`),
      title: `${name} on Chirper: "New set out today"`,
      description: 'Link in bio.',
    },
    {
      url: files.url('/f/Qm7x2'),
      title: `${u}_set_04.jpg - DropFiles`,
      description: `Download <strong>${u}</strong>_set_04.jpg (212 KB).`,
    },
    {
      url: leakPage('sim-social', '5531').pageUrl,
      title: `${name} leaked pics 🔥 - Chirper`,
      description: 'DM for the full folder.',
    },
    {
      url: leakPage('sim-forum', '4411').pageUrl,
      title: `${name} (${u}) OnlyFans leak megathread | LeakForum`,
      description: `Post everything of <strong>${name}</strong> here.`,
    },
    {
      url: forum.url(`/vip/threads/${slug}-private-set.77/`),
      title: `${name} private set (VIP members) | LeakForum`,
      description: 'VIP section.',
    },
    {
      url: forum.url(`/threads/${slug}-fan-art-and-chat.5120/`),
      title: `${name} fan art & chat | LeakForum`,
      description: 'Original art only.',
    },
    {
      url: boardLeak.pageUrl,
      title: `${tag} solo photoset - ChanBooru`,
      description: `${tag} ${u}`,
    },
    {
      url: 'http://169.254.169.254/latest/meta-data/',
      title: `${name} leaks index`,
      description: 'Mirror.',
    },
    {
      url: `http://10.0.0.1/${u}-leaks.html`,
      title: `${name} leaks (mirror)`,
      description: 'Mirror.',
    },
    {
      url: `${trapOrigin}/${u}-leaks.html`,
      title: `${name} leaks (local mirror)`,
      description: 'Mirror.',
    },
  ];
  expected.privateTraps.push(`${trapOrigin}/${u}-leaks.html`);
  const images: BraveImageItem[] = [
    { url: boardLeak.pageUrl, title: `${tag} solo photoset`, mediaUrl: boardLeak.mediaUrl },
    { url: tubeLeak.pageUrl, title: `${name} shower clip`, mediaUrl: tubeLeak.mediaUrl },
    {
      url: tube.url(`/watch/${slug}-lookalike-compilation-7310`),
      title: `${name} lookalike`,
      mediaUrl: tube.url('/media/v7310-poster.jpg'),
    },
    {
      url: social.url(`/u/${u}/status/102`),
      title: `${name}: Golden hour`,
      mediaUrl: social.url('/media/official-102.jpg'),
    },
    {
      url: forum.url(`/threads/${slug}-mirror-links.6002/`),
      title: `${name} mirror`,
      mediaUrl: `http://10.0.0.1/${u}/01.jpg`,
    },
  ];

  if (input.likeness) {
    // One thread per picture, each naming her, so that each verdict is its own page's.
    const groups = [
      ['her-photo', input.likeness.herPhotos, expected.likeness],
      ['forgery', input.likeness.forgeries, expected.likeness],
      ['other', input.likeness.others, expected.notLikeness],
    ] as const;
    let thread = 7000;
    for (const [label, pictures, expectation] of groups) {
      pictures.forEach((_, i) => {
        thread++;
        const path = `/threads/${slug}-lookalike-${label}-${i}.${thread}/`;
        const placed = forum.place(
          `/media/face-${label}-${i}.jpg`,
          { kind: 'supplied', name: `${label}-${i}` },
          'img',
        );
        forum.addPost({
          path,
          title: `${name} pics? (${label} ${i})`,
          text: `Is this ${name}? Found it on another board.`,
          author: 'curious_cat',
          date: '2026-11-20',
          pictures: [placed],
        });
        expectation.push(forum.url(path));
      });
    }
  }

  return { creator, sites, brave: { web, images }, expected, whitelist };
}

/** The supplied pictures by the names `buildScenario` gives them. */
export function likenessPictureNames(pictures: LikenessPictures): Map<string, Buffer> {
  const named = new Map<string, Buffer>();
  pictures.herPhotos.forEach((bytes, i) => named.set(`her-photo-${i}`, bytes));
  pictures.forgeries.forEach((bytes, i) => named.set(`forgery-${i}`, bytes));
  pictures.others.forEach((bytes, i) => named.set(`other-${i}`, bytes));
  return named;
}
