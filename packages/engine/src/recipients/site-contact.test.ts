import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { deobfuscate, isPlausibleAddress, securityTxtContacts } from './site-contact-extract.ts';
import { extractReportForms, guessFieldRole } from './site-contact-form.ts';
import { findSiteContact, type SitePage } from './site-contact.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/site-contact/', import.meta.url));

/** Serves a fixture folder as a site; records the URLs asked for. */
function fixtureSite(folder: string, origin: string) {
  const asked: string[] = [];
  const fetchPage = (url: string): Promise<SitePage> => {
    asked.push(url);
    const parsed = new URL(url);
    if (parsed.origin !== origin) return Promise.resolve({ ok: false });
    const path = parsed.pathname.replace(/\/+$/, '');
    const file =
      path === '' ? 'index.html' : /\.[a-z]+$/.test(path) ? path.slice(1) : `${path.slice(1)}.html`;
    const full = `${FIXTURES}${folder}/${file}`;
    if (!existsSync(full)) return Promise.resolve({ ok: false });
    const body = readFileSync(full, 'utf8');
    const isHtml = file.endsWith('.html');
    return Promise.resolve({
      ok: true,
      finalUrl: url,
      status: 200,
      html: isHtml ? body : null,
      text: isHtml ? null : body,
    });
  };
  return { fetchPage, asked };
}

describe('findSiteContact', () => {
  it('takes the mailto address on the DMCA page over its form and the other addresses', async () => {
    const site = fixtureSite('mailto-dmca', 'https://tubeleaks.example');
    const contact = await findSiteContact({
      origin: 'https://tubeleaks.example',
      fetchPage: site.fetchPage,
    });
    expect(contact).toEqual({
      channel: { kind: 'email', address: 'dmca@tubeleaks.example' },
      name: 'TubeLeaks',
      foundOn: 'https://tubeleaks.example/dmca',
      foundVia: 'mailto',
    });
    // The DMCA page was read right after the home page; another site's page never.
    expect(site.asked.slice(0, 2)).toEqual([
      'https://tubeleaks.example/',
      'https://tubeleaks.example/dmca',
    ]);
    expect(site.asked).not.toContain('https://other-network.example/dmca');
  });

  it('reads a disguised plain-text address on the abuse page the footer links to', async () => {
    const site = fixtureSite('obfuscated-abuse', 'https://forumx.example');
    const contact = await findSiteContact({
      origin: 'https://forumx.example',
      fetchPage: site.fetchPage,
    });
    expect(contact).toEqual({
      channel: { kind: 'email', address: 'copyright@forumx.example' },
      name: 'ForumX — the board',
      foundOn: 'https://forumx.example/legal/abuse',
      foundVia: 'text',
    });
  });

  it('records a report form with its action, method and fields, hidden values kept', async () => {
    const site = fixtureSite('contact-form', 'https://picdump.example');
    const contact = await findSiteContact({
      origin: 'https://picdump.example',
      fetchPage: site.fetchPage,
    });
    expect(contact?.foundVia).toBe('form');
    expect(contact?.foundOn).toBe('https://picdump.example/contact');
    expect(contact?.channel).toMatchObject({
      kind: 'form',
      url: 'https://picdump.example/contact/send',
      method: 'POST',
    });
    const fields = contact?.channel.kind === 'form' ? contact.channel.fields : [];
    expect(fields.map((field) => [field.name, field.role])).toEqual([
      ['csrf_token', 'hidden'],
      ['form_id', 'hidden'],
      ['full_name', 'name'],
      ['mail', 'email'],
      ['company', 'company'],
      ['topic', 'subject'],
      ['link', 'infringing-url'],
      ['original', 'original-url'],
      ['message', 'description'],
      ['agree', 'consent-checkbox'],
      ['sig', 'signature'],
    ]);
    expect(fields[0]).toEqual({
      name: 'csrf_token',
      label: '',
      type: 'hidden',
      required: false,
      value: 'tok-123',
      role: 'hidden',
    });
    expect(fields.find((field) => field.name === 'link')).toMatchObject({
      label: 'Link to the content',
      type: 'text',
      required: true,
    });
    expect(fields.find((field) => field.name === 'topic')?.type).toBe('select');
  });

  it('falls back to security.txt when the pages show nothing', async () => {
    const site = fixtureSite('security-txt', 'https://filebin.example');
    const contact = await findSiteContact({
      origin: 'https://filebin.example',
      fetchPage: site.fetchPage,
    });
    expect(contact).toEqual({
      channel: { kind: 'email', address: 'security@filebin.example' },
      name: 'Filebin',
      foundOn: 'https://filebin.example/.well-known/security.txt',
      foundVia: 'security.txt',
    });
  });

  it("takes a general address on the contact page when it is all there is, not a designer's", async () => {
    const site = fixtureSite('generic-info', 'https://galleryhub.example');
    const contact = await findSiteContact({
      origin: 'https://galleryhub.example',
      fetchPage: site.fetchPage,
    });
    expect(contact).toEqual({
      channel: { kind: 'email', address: 'info@galleryhub.example' },
      name: 'Gallery Hub',
      foundOn: 'https://galleryhub.example/contact-us',
      foundVia: 'text',
    });
  });

  it('answers null for a site without any channel, within its page budget', async () => {
    const site = fixtureSite('nothing', 'https://nothing.example');
    const contact = await findSiteContact({
      origin: 'https://nothing.example',
      fetchPage: site.fetchPage,
      maxPages: 4,
    });
    expect(contact).toBeNull();
    expect(site.asked).toHaveLength(4);
  });

  it('follows links on the page the copy was on, and survives a fetch that throws', async () => {
    const pages: Record<string, string> = {
      'https://copyhost.example/v/9': '<a href="/help/copyright-claims">Copyright claims</a>',
      'https://copyhost.example/help/copyright-claims':
        '<p>Notices: <a href="mailto:claims@copyhost.example">claims</a></p>',
    };
    const contact = await findSiteContact({
      origin: 'https://copyhost.example',
      pageUrl: 'https://copyhost.example/v/9',
      fetchPage: (url) => {
        if (url === 'https://copyhost.example/') return Promise.reject(new Error('reset'));
        const html = pages[url];
        return Promise.resolve(
          html ? { ok: true, finalUrl: url, status: 200, html, text: null } : { ok: false },
        );
      },
    });
    expect(contact?.channel).toEqual({ kind: 'email', address: 'claims@copyhost.example' });
    expect(contact?.foundOn).toBe('https://copyhost.example/help/copyright-claims');
  });
});

describe('the pieces', () => {
  it('undoes the usual address disguises', () => {
    expect(deobfuscate('dmca [at] site [dot] com')).toBe('dmca@site.com');
    expect(deobfuscate('abuse(at)site(dot)co(dot)uk')).toBe('abuse@site.co.uk');
    expect(deobfuscate('legal AT site DOT net')).toBe('legal@site.net');
    expect(deobfuscate('look at this')).toBe('look at this');
  });

  it('refuses placeholders, image names and no-reply addresses', () => {
    expect(isPlausibleAddress('logo@2x.png')).toBe(false);
    expect(isPlausibleAddress('you@example.com')).toBe(false);
    expect(isPlausibleAddress('noreply@site.com')).toBe(false);
    expect(isPlausibleAddress('dmca@site.com')).toBe(true);
  });

  it('reads security.txt contacts whether its lines were kept or collapsed', () => {
    const expected = [
      { kind: 'email', address: 'a@x.example' },
      { kind: 'url', url: 'https://x.example/report' },
    ];
    expect(
      securityTxtContacts('Contact: mailto:a@x.example\nContact: https://x.example/report'),
    ).toEqual(expected);
    expect(
      securityTxtContacts('# c Contact: mailto:a@x.example Contact: https://x.example/report'),
    ).toEqual(expected);
    expect(securityTxtContacts('Contact: http://x.example/insecure')).toEqual([]);
  });

  it('guesses what a field asks for', () => {
    const role = (name: string, label = '', type = 'text') => guessFieldRole({ name, label, type });
    expect(role('infringing_urls', '', 'textarea')).toBe('infringing-url');
    expect(role('originalUrl')).toBe('original-url');
    expect(role('x', 'Email address')).toBe('email');
    expect(role('phone', '', 'tel')).toBe('phone');
    expect(role('companyName')).toBe('company');
    expect(role('street')).toBe('address');
    expect(role('body', '', 'textarea')).toBe('description');
    expect(role('ok', 'I have a good faith belief', 'checkbox')).toBe('consent-checkbox');
    expect(role('newsletter', 'Send me news', 'checkbox')).toBe('other');
    expect(role('whatever')).toBe('other');
  });

  it('is no report form without a URL field and a textarea', () => {
    const $ = load(
      '<form action="/s"><input name="q"></form><form><input name="email" type="email"><textarea name="msg"></textarea></form>',
    );
    expect(extractReportForms($, 'https://s.example/')).toEqual([]);
  });
});
