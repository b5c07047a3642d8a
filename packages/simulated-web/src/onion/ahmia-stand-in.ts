// A stand-in for Ahmia's onion search, answering its HTML result page (GET /search/?q=…): each result
// an `li.result` whose link goes through Ahmia's /search/redirect with the onion address in
// `redirect_url`, the address again in `cite`.
import { esc, page } from '../html.ts';

export interface AhmiaResult {
  url: string;
  title: string;
  description: string;
}

export function ahmiaSearchPage(query: string, results: AhmiaResult[]): string {
  const items = results
    .map((result) => {
      const redirect = `/search/redirect?search_term=${encodeURIComponent(query)}&redirect_url=${encodeURIComponent(result.url)}`;
      return `<li class="result">
  <h4><a href="${esc(redirect)}">${esc(result.title)}</a></h4>
  <p>${esc(result.description)}</p>
  <p class="urlinfo"><cite>${esc(result.url)}</cite> <span class="lastSeen" data-timestamp="1767225600">1 day ago</span></p>
</li>`;
    })
    .join('\n');
  const body =
    results.length === 0
      ? `<div id="noResults"><p>Sorry, but Ahmia couldn't find results for <b>${esc(query)}</b></p></div>`
      : `<p class="totalResults">${results.length} results</p>\n<ol class="searchResults">\n${items}\n</ol>`;
  return page({ siteName: 'Ahmia', title: `${query} - Ahmia`, body });
}
