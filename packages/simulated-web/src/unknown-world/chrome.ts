// The HTML every site of the unknown world shares: a document shell, robots.txt, a sitemap, and small
// helpers for the markup sites put pictures in.
import { esc } from '../html.ts';
import type { CopyPlanter, SiteBuild } from './model.ts';

export { esc };
export { BLANK_GIF } from '../html.ts';

/** Her names as a layout needs them. */
export interface LayoutNames {
  displayName: string;
  usernames: string[];
}

export interface LayoutContext extends LayoutNames {
  planter: CopyPlanter;
  /** Reference names of the clips; empty without ffmpeg. */
  videoReferences: string[];
}

export function doc(options: {
  title: string;
  head?: string;
  header: string;
  body: string;
  footer: string;
  bodyClass?: string;
}): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(options.title)}</title>
${options.head ?? ''}
</head>
<body${options.bodyClass ? ` class="${esc(options.bodyClass)}"` : ''}>
${options.header}
${options.body}
${options.footer}
</body>
</html>
`;
}

export function robotsTxt(site: SiteBuild, sitemap: boolean): string {
  const lines = [`User-agent: *`, ...site.disallow.map((path) => `Disallow: ${path}`)];
  if (sitemap) lines.push('', `Sitemap: ${site.url('/sitemap.xml')}`);
  return `${lines.join('\n')}\n`;
}

export function sitemapXml(site: SiteBuild, paths: string[]): string {
  const urls = paths
    .map((path) => `  <url><loc>${esc(site.url(path))}</loc><lastmod>2026-11-02</lastmod></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Unrelated pictures for a site's furniture (related videos, thread filler, a company's work). */
export function unrelated(site: SiteBuild, path: string, variant: number): string {
  site.media.set(path, { kind: 'unrelated', variant });
  return path;
}

/** A thumbnail of a picture the site already serves at `of`. */
export function thumbnailOf(site: SiteBuild, path: string, of: string, width = 240): string {
  const picture = site.media.get(of);
  if (!picture) throw new Error(`no picture at ${of} on ${site.id}`);
  site.media.set(path, { kind: 'thumbnail', of: picture, width });
  return path;
}

export function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

export function ogTags(tags: Record<string, string>): string {
  return Object.entries(tags)
    .map(([property, content]) => `<meta property="${esc(property)}" content="${esc(content)}">`)
    .join('\n');
}
