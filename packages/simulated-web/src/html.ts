// Small HTML helpers shared by the simulated sites.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text or an attribute value. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** A transparent 1×1 GIF: what lazy-loading pages put in `src` until the real picture loads. */
export const BLANK_GIF =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export function page(options: {
  title: string;
  head?: string;
  body: string;
  siteName: string;
  bodyClass?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(options.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.head ?? ''}
</head>
<body${options.bodyClass ? ` class="${esc(options.bodyClass)}"` : ''}>
<header class="site-header"><a class="logo" href="/">${esc(options.siteName)}</a></header>
<main>
${options.body}
</main>
<footer class="site-footer">${esc(options.siteName)} · a simulated site of Shark's test web</footer>
</body>
</html>
`;
}

export function notFoundPage(siteName: string): string {
  return page({
    siteName,
    title: `Not found · ${siteName}`,
    body: '<h1>Page not found</h1><p>Nothing lives here.</p>',
  });
}
