// The two sites that name her and must never be enforced against: her own site (her originals, which
// she whitelists) and a design agency that happens to share her display name (its own pictures).
import { doc, esc, jsonLd, ogTags, robotsTxt, unrelated, type LayoutContext } from './chrome.ts';
import type { SiteBuild } from './model.ts';

export function buildOwnSite(site: SiteBuild, ctx: LayoutContext): void {
  const { planter } = ctx;
  site.disallow.push('/members/');
  const shell = (title: string, body: string, head = '') =>
    doc({
      title: `${title} | ${ctx.displayName}`,
      head,
      header: `<header class="hero-nav"><a href="/" class="wordmark">${esc(ctx.displayName)}</a><nav><a href="/gallery">Gallery</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav></header>`,
      body: `<main>${body}</main>`,
      footer: `<footer><p>© 2026 ${esc(ctx.displayName)} · <a href="https://onlyfans.com/${esc(ctx.usernames[0]!)}">OnlyFans</a></p></footer>`,
    });
  const photo = (n: number) => {
    const path = `/images/luna-${n + 1}.jpg`;
    site.media.set(path, { kind: 'reference', reference: n % planter.referenceNames.length });
    return path;
  };
  const hero = photo(0);
  site.html(
    '/',
    shell(
      'Official site',
      `<section class="hero" style="background-image:url('${hero}')"><h1>${esc(ctx.displayName)}</h1><p>Model · creator · cat person</p></section>`,
      ogTags({ 'og:type': 'website', 'og:title': ctx.displayName, 'og:image': site.url(hero) }),
    ),
  );
  const gallery = [1, 2, 3]
    .map(
      (n) =>
        `<figure><img src="${photo(n)}" alt="${esc(ctx.displayName)}" loading="lazy"></figure>`,
    )
    .join('');
  site.html('/gallery', shell('Gallery', `<h1>Gallery</h1><div class="gallery">${gallery}</div>`));
  site.html(
    '/about',
    shell(
      'About',
      `<h1>About me</h1><p>I'm ${esc(ctx.displayName)} (@${esc(ctx.usernames[0]!)} everywhere).</p>`,
    ),
  );
  site.html(
    '/contact',
    shell(
      'Contact',
      `<h1>Contact</h1><p>Business enquiries: <a href="mailto:management@lunafox-official.example">management@lunafox-official.example</a></p>`,
    ),
  );
  planter.expected.whitelisted.push(site.url('/'), site.url('/gallery'));
  planter.expected.siteContacts[site.origin] = {
    address: 'management@lunafox-official.example',
    channel: 'email',
    publishedAt: site.url('/contact'),
  };
  site.pages.set('/robots.txt', { kind: 'text', type: 'text/plain', body: robotsTxt(site, false) });
}

/** The namesake agency's pages, by path, with their titles. */
export const COMPANY_PAGES = [
  ['/', 'Brand and digital design studio'],
  ['/work', 'Selected work'],
  ['/work/aurora-rebrand', 'Aurora Bank rebrand'],
  ['/work/northwind-packaging', 'Northwind Coffee packaging'],
  ['/about', 'About the studio'],
  ['/team', 'Team'],
  ['/journal/design-systems-2026', 'Design systems in 2026'],
  ['/contact', 'Contact'],
] as const;

export function buildCompany(site: SiteBuild, ctx: LayoutContext): void {
  const { planter } = ctx;
  const studio = `${ctx.displayName} Studio`;
  let variant = 500;
  const nav = COMPANY_PAGES.filter(([path]) =>
    ['/work', '/about', '/team', '/journal/design-systems-2026', '/contact'].includes(path),
  )
    .map(([path, title]) => `<a href="${path}">${esc(title.split(' ')[0]!)}</a>`)
    .join(' ');
  for (const [path, title] of COMPANY_PAGES) {
    const cover = unrelated(
      site,
      `/assets/img${path === '/' ? '/home' : path}-cover.jpg`,
      variant++,
    );
    const second = unrelated(
      site,
      `/assets/img${path === '/' ? '/home' : path}-detail.jpg`,
      variant++,
    );
    const text =
      path === '/team'
        ? `<p>${esc(studio)} was founded in 2014 by Hanna Berg and Tomasz Wolny. "${esc(ctx.displayName)}" was the name of our first office cat.</p>`
        : path === '/contact'
          ? `<p>Start a project with ${esc(studio)}: <a href="mailto:hello@lunafoxstudio.example">hello@lunafoxstudio.example</a>, +44 20 7946 0018.</p>`
          : `<p>${esc(studio)} is an independent brand and digital design studio in London. ${esc(title)}.</p>`;
    site.html(
      path,
      doc({
        title: `${title} — ${studio}`,
        head: `${ogTags({ 'og:type': 'website', 'og:site_name': studio, 'og:title': title, 'og:image': site.url(cover) })}\n${jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: studio, url: site.url('/'), logo: { '@type': 'ImageObject', contentUrl: site.url(second) } })}`,
        header: `<header class="studio-header"><a class="studio-logo" href="/">${esc(studio)}</a><nav>${nav}</nav></header>`,
        body: `<main class="studio"><h1>${esc(title)}</h1><img class="cover" srcset="${cover} 1280w" src="${cover}" alt="">${text}<div class="detail" style="background-image:url(${second})"></div></main>`,
        footer: `<footer class="studio-footer">© ${esc(studio)} Ltd · Registered in England No. 09112233 · <a href="/contact">Contact</a></footer>`,
      }),
    );
    planter.expected.decoys.push(site.url(path));
  }
  planter.expected.siteContacts[site.origin] = {
    address: 'hello@lunafoxstudio.example',
    channel: 'email',
    publishedAt: site.url('/contact'),
  };
  site.pages.set('/robots.txt', {
    kind: 'text',
    type: 'text/plain',
    body: 'User-agent: *\nDisallow: /admin/\n',
  });
  site.disallow.push('/admin/');
}
