// The agent authorisation the creator signs, versioned: a change of wording is a new version, and
// each signature records the version it was given (agent_authorization.text_version).
import type { BrandConfig } from '#server/config/brands.ts';

export const AUTHORIZATION_TEXT_VERSION = '2026-11-v1';

/** The wording of the current version, with the brand (and its agent) filled in. */
export function authorizationText(brand: Pick<BrandConfig, 'name' | 'agent'>): {
  version: string;
  body: string;
} {
  const agent = brand.agent
    ? `${brand.name} and its designated agent ${brand.agent.name}`
    : brand.name;
  const body = [
    `Authorisation of ${brand.name} as my agent`,
    `I appoint ${agent} (together, "the agent") as my authorised agent to protect my copyrights and my identity online.`,
    'I authorise the agent, on my behalf:',
    '1. to send notifications of claimed infringement under 17 U.S.C. § 512(c)(3) and equivalent laws of other countries to the operators, hosting providers, content delivery networks and domain registrars of websites that show copies of my works without my permission;',
    '2. to ask search engines to remove those copies from their results;',
    '3. to report accounts that impersonate me under the rules of the platforms where they appear;',
    '4. to sign those notifications and reports electronically as my agent, and to receive and answer replies to them.',
    'I confirm that I own the copyrights in the works I give the agent as mine (or am authorised to act for their owner), and that I will tell the agent at once when something it reports as a copy of my work is in fact licensed or mine to allow.',
    'My legal name is stated in the notices as the name of the copyright owner. My postal address is kept on file by the agent and is not included in notices; the agent’s own contact details are given instead.',
    'This authorisation takes effect when I sign it and lasts until I revoke it. I can revoke it at any time in my account; notices already sent stay sent, and no new notice is sent after I revoke.',
    'I sign this authorisation electronically by typing my full legal name, which has the same effect as my handwritten signature.',
  ].join('\n\n');
  return { version: AUTHORIZATION_TEXT_VERSION, body };
}
