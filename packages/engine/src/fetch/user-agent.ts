// The User-Agent Shark sends everywhere it asks for something: the pages and files the crawler fetches
// and the search APIs discovery queries. One product token, so robots.txt rules and provider logs see
// the same name, and a link where a site's operator can read what the bot is and whom to contact.

/** The product token robots.txt rules are matched against. */
export const BOT_PRODUCT = 'SharkBot';
export const BOT_VERSION = '0.1';
/** Where the bot is described when the deployment configures no address of its own. */
export const DEFAULT_BOT_INFO_URL = 'https://shark.example/bot';

export interface BotUserAgentOptions {
  version?: string;
  /** The page that says what the bot is and how to reach its operator; null for none. */
  infoUrl?: string | null;
}

/** "SharkBot/0.1 (content protection; +https://…)", the form crawlers use to point at their page. */
export function botUserAgent(options: BotUserAgentOptions = {}): string {
  const version = options.version ?? BOT_VERSION;
  const infoUrl = options.infoUrl === undefined ? DEFAULT_BOT_INFO_URL : options.infoUrl;
  return `${BOT_PRODUCT}/${version} (content protection${infoUrl ? `; +${infoUrl}` : ''})`;
}

export const DEFAULT_USER_AGENT = botUserAgent();
