/** Keeps the page out of search engines; React hoists the tag into <head>. */
export function NoIndex() {
  return <meta name="robots" content="noindex" />;
}
