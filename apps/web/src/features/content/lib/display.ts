// How items read on screen: dates in the reader's locale, links without their scheme.

/** "1 Mar 2024" (in the reader's locale) for a YYYY-MM-DD date, read as a calendar day. */
export function formatPublishedOn(date: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "onlyfans.com/me/post/1" for "https://onlyfans.com/me/post/1". */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.host.replace(/^www\./, '');
    const rest = `${parsed.pathname}${parsed.search}`.replace(/\/$/, '');
    return `${host}${rest}`;
  } catch {
    return url;
  }
}
