// Addresses of the marketing downloads. A download link cannot send the provider header, so the brand
// goes in the address (the server checks the session cookie as for any call).
import type { ShareImageFormat } from '@shark/contracts/marketing.ts';

export function shareImageUrl(format: ShareImageFormat, provider: string): string {
  return `/api/marketing/social-share/images/${format}.png?${new URLSearchParams({ provider }).toString()}`;
}

export function welcomePdfUrl(provider: string): string {
  return `/api/marketing/welcome-package.pdf?${new URLSearchParams({ provider }).toString()}`;
}
