// The anonymous visitor cookie of referral links: set when the sign-up page is opened through a link,
// read again at sign-up to tell a tie made through the link from one made by typing the code.

export const VISITOR_COOKIE = 'shark_visitor';

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The visitor id a request's Cookie header carries, or null. */
export function visitorIdFrom(headers: Headers | null | undefined): string | null {
  const header = headers?.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const id = value.join('=');
      return VISITOR_ID.test(id) ? id : null;
    }
  }
  return null;
}
