// The ready-to-post texts of Social Share: for each network, an announcement and a warning to leakers,
// in the brand's name and with her badge's verification link (or the brand's site without a badge).
// Each text is built from required and optional sentences and keeps within the network's limit as the
// network counts it (X: links as 23 characters), dropping optional sentences, then shortening the rest.
import {
  SHARE_NETWORK_LIMITS,
  SHARE_NETWORKS,
  postLength,
  type ShareNetwork,
  type SharePost,
} from '@shark/contracts/marketing.ts';

export interface ShareTextInput {
  brandName: string;
  /** The badge's verification page, or the brand's site when she has no badge to show. */
  link: string;
  hasBadge: boolean;
}

interface Draft {
  variant: string;
  /** Kept whatever the length. */
  lead: string;
  /** Added in order while they fit. */
  optional: string[];
  /** Closes the post (the link, hashtags); kept. */
  closing: string;
}

/** "#SharkProtected": the brand's name as one hashtag word. */
export function brandHashtag(brandName: string): string {
  const word = brandName
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return `#${word || 'Content'}Protected`;
}

function drafts(network: ShareNetwork, input: ShareTextInput): Draft[] {
  const { brandName, link, hasBadge } = input;
  const verify = hasBadge ? `Verify my protection: ${link}` : `How it works: ${link}`;
  const tags = `${brandHashtag(brandName)} #DMCA #ContentCreator`;
  const isShort = network === 'x' || network === 'bluesky';
  return [
    {
      variant: 'Announcement',
      lead: `My content is now protected by ${brandName}.`,
      optional: isShort
        ? ['Leaks are found and taken down for me, every day.']
        : [
            'Leaks of my photos and videos are found and taken down for me, every day.',
            'Thank you for supporting my work where it belongs: on my own pages.',
            'If you ever see my content somewhere it should not be, send me the link.',
          ],
      closing: `${verify}\n${tags}`,
    },
    {
      variant: 'Warning to leakers',
      lead: `Reposting or selling my content without permission? It gets reported and removed: ${brandName} protects my work.`,
      optional: isShort
        ? ['DMCA notices go out in my name.']
        : [
            'DMCA notices go out in my name to the sites, their hosts and the search engines.',
            'Real fans support creators directly. Thank you to everyone who does.',
          ],
      closing: `${verify}\n#StopLeaks #DMCA`,
    },
  ];
}

/** Cuts text to `room` characters, at a word when it can, with "…". */
function shorten(text: string, room: number): string {
  const characters = [...text];
  if (characters.length <= room) return text;
  if (room <= 1) return '';
  const cut = characters.slice(0, room - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > room / 2 ? atWord : cut}…`;
}

function compose(network: ShareNetwork, draft: Draft): string {
  const { maxLength } = SHARE_NETWORK_LIMITS[network];
  const fits = (text: string) => postLength(network, text) <= maxLength;
  let body = draft.lead;
  for (const sentence of draft.optional) {
    const longer = `${body} ${sentence}`;
    if (fits(`${longer}\n\n${draft.closing}`)) body = longer;
  }
  let text = `${body}\n\n${draft.closing}`;
  if (fits(text)) return text;
  // A very long brand name: the closing hashtags go, then the lead is shortened to what is left.
  const linkLine = draft.closing.split('\n')[0]!;
  const closingLength = postLength(network, `\n\n${linkLine}`);
  text = `${shorten(body, maxLength - closingLength)}\n\n${linkLine}`;
  return fits(text) ? text : shorten(text, maxLength);
}

export function sharePosts(input: ShareTextInput): SharePost[] {
  return SHARE_NETWORKS.flatMap((network) =>
    drafts(network, input).map((draft, index) => {
      const text = compose(network, draft);
      return {
        id: `${network}-${index + 1}`,
        network,
        networkName: SHARE_NETWORK_LIMITS[network].name,
        variant: draft.variant,
        text,
        length: postLength(network, text),
        maxLength: SHARE_NETWORK_LIMITS[network].maxLength,
      };
    }),
  );
}
