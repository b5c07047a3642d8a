import { describe, expect, it } from 'vitest';
import {
  ACCURACY_AUTHORITY_STATEMENT,
  GOOD_FAITH_STATEMENT,
  composeDmcaNotice,
} from './dmca-notice.ts';
import { NOTICE_ELEMENT_IDS, type ComposedNotice } from './notice-types.ts';
import { escapeHtml } from './notice-text.ts';
import { NoticeInputError } from './parse-input.ts';
import { brand, item, noticeInput, privateDetails } from './test-fixtures.ts';

function expectAllElements(notice: ComposedNotice): void {
  for (const id of NOTICE_ELEMENT_IDS) {
    const span = notice.elements[id];
    expect(span.length, id).toBeGreaterThan(20);
    expect(notice.text, id).toContain(span);
    expect(notice.html, id).toContain(escapeHtml(span));
  }
}

function expectNoPrivateDetails(...outputs: string[]): void {
  for (const output of outputs)
    for (const detail of privateDetails) expect(output).not.toContain(detail);
}

describe('composeDmcaNotice', () => {
  it('puts every §512(c)(3)(A) element of a one-item notice in the text and the HTML', () => {
    const notice = composeDmcaNotice(noticeInput());
    expectAllElements(notice);

    expect(notice.elements.signature).toBe(
      '/s/ Alex Agent, on behalf of Shark, authorised agent of Jane Quinn Doe',
    );
    expect(notice.elements['good-faith']).toBe(GOOD_FAITH_STATEMENT);
    expect(notice.elements['good-faith']).toBe(
      'I have a good faith belief that use of the material in the manner complained of is not authorized by the copyright owner, its agent, or the law.',
    );
    expect(notice.elements['accuracy-authority']).toContain(ACCURACY_AUTHORITY_STATEMENT);
    expect(notice.elements['accuracy-authority']).toMatch(
      /accurate, and under penalty of perjury, that I am authorized to act on behalf of the owner/,
    );
    // The creator's authorisation is cited by date.
    expect(notice.elements['accuracy-authority']).toContain(
      'written authorisation signed on 2025-01-02',
    );

    // (ii) the work: title, collection, reference file, upload date, description, where it is published.
    const works = notice.elements.works;
    for (const part of [
      'Beach set 1',
      'Summer 2024',
      'beach-1.jpg',
      'uploaded 2024-06-01',
      'Twelve photographs at sunset.',
      'First published 2024-06-02 at: https://onlyfans.com/janedoe/post/1',
      'https://onlyfans.com/janedoe',
      'https://fansly.com/janedoe',
    ]) {
      expect(works).toContain(part);
    }
    // (iii) the page, the media file and the matched reference.
    expect(notice.elements.material).toContain('1. Page: https://leaks.example/post/1');
    expect(notice.elements.material).toContain('Media file: https://cdn.leaks.example/media/1.jpg');
    expect(notice.elements.material).toContain('matched reference file beach-1.jpg');
    // (iv) the agent's contact details, not the creator's.
    expect(notice.elements.contact).toContain('dmca@shark.example');
    expect(notice.elements.contact).toContain(
      '100 Agent Way, Suite 200, Wilmington, DE 19801, United States',
    );
    expect(notice.elements.contact).toContain('Shark');

    expect(notice.to).toBe('dmca@leaks.example');
    expect(notice.replyTo).toBe('dmca@shark.example');
    expect(notice.subject).toBe('DMCA notice N-2025-0001: copyright infringement at leaks.example');
    expect(notice.isEscalation).toBe(false);
  });

  it('groups many items into one notice, each work numbered once and each item naming its work', () => {
    const items = Array.from({ length: 25 }, (_, index) => item(index + 1));
    items.push(
      item(26, {
        pageUrl: 'https://other-site.example/fake-profile',
        mediaUrl: null,
        kind: 'impersonation',
        work: {
          title: 'Profile photo',
          referenceName: 'avatar.png',
          publishedAt: null,
          originalUrl: null,
        },
      }),
    );
    const notice = composeDmcaNotice(noticeInput({ items }));
    expectAllElements(notice);

    expect(notice.items).toHaveLength(26);
    expect(notice.works.map((work) => work.ref)).toEqual(['W1', 'W2', 'W3', 'W4']);
    expect(notice.elements.works).toContain('The 4 works copied are:');
    for (const entry of items) {
      expect(notice.elements.material).toContain(`Page: ${entry.pageUrl}`);
      if (entry.mediaUrl !== null)
        expect(notice.elements.material).toContain(`Media file: ${entry.mediaUrl}`);
    }
    expect(notice.elements.material).toContain('26 items at leaks.example and other-site.example');
    expect(notice.elements.material).toContain(
      'Account impersonating janedoe, displaying: W4 "Profile photo"',
    );
    // A work with no URL of its own points at the creator's profiles.
    expect(notice.elements.works).toContain("Published at: the creator's profiles listed above");
    // Items cite the right work: item 3 is "Beach set 0", the third work first cited.
    expect(notice.items[2]).toMatchObject({
      workRef: 'W3',
      workTitle: 'Beach set 0',
      referenceName: 'beach-0.jpg',
    });
    expect(notice.items[3]).toMatchObject({ workRef: 'W1', workTitle: 'Beach set 1' });
  });

  it("never prints the creator's address, phone or private e-mail", () => {
    const notice = composeDmcaNotice(
      noticeInput({
        items: [item(1), item(2)],
        escalation: {
          previousRecipient: 'Leaks Example',
          firstNoticeAt: new Date('2025-02-01T00:00:00Z'),
        },
      }),
    );
    expectNoPrivateDetails(notice.subject, notice.text, notice.html, JSON.stringify(notice));
  });

  it('escapes every value in the HTML: a title from the web cannot inject markup', () => {
    const xss = '<img src=x onerror="alert(1)">Beach</script><script>alert("x")</script>';
    const notice = composeDmcaNotice(
      noticeInput({
        recipient: {
          role: 'site',
          name: 'Evil <b>Host</b> & Co',
          channel: { kind: 'email', address: 'dmca@leaks.example' },
        },
        items: [
          item(1, {
            pageUrl: 'https://leaks.example/post?a=1&b="2"&c=<3>',
            work: {
              title: xss,
              referenceName: 'x"><svg onload=alert(1)>.jpg',
              publishedAt: null,
              originalUrl: null,
            },
          }),
        ],
      }),
    );
    expect(notice.html).not.toMatch(/<script|<img|<svg/i);
    expect(notice.html).toContain(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Beach&lt;/script&gt;',
    );
    expect(notice.html).toContain('Evil &lt;b&gt;Host&lt;/b&gt; &amp; Co');
    // The URL is printed as the browser would open it (quotes and brackets percent-encoded).
    expect(notice.elements.material).toContain(
      'https://leaks.example/post?a=1&b=%222%22&c=%3C3%3E',
    );
    expect(notice.html).toContain('https://leaks.example/post?a=1&amp;b=%222%22&amp;c=%3C3%3E');
    // The text keeps the title as it is: it is plain text.
    expect(notice.text).toContain(xss);
    expectAllElements(notice);
  });

  it('strips line breaks and bidirectional overrides from values that come from the web', () => {
    const notice = composeDmcaNotice(
      noticeInput({
        items: [
          item(1, {
            work: {
              title: 'Beach\r\nBcc: victim@example.com \u202Egpj.exe',
              referenceName: null,
              publishedAt: null,
              originalUrl: null,
            },
          }),
        ],
      }),
    );
    expect(notice.elements.works).toContain('W1. "Beach Bcc: victim@example.com gpj.exe"');
    expect(notice.text).not.toContain('\u202E');
    expect(notice.subject).not.toMatch(/[\r\n]/);
  });

  it.each([
    ['host', 'as the hosting provider of leaks.example'],
    ['cdn', 'as the content delivery network in front of leaks.example'],
    ['registrar', 'as the registrar of leaks.example'],
    ['site', 'This is a follow-up notice.'],
  ] as const)('words an escalation to the %s', (role, wording) => {
    const notice = composeDmcaNotice(
      noticeInput({
        recipient: {
          role,
          name: 'Next In Line',
          channel: { kind: 'email', address: 'abuse@next.example' },
        },
        escalation: {
          previousRecipient: 'Leaks Example (dmca@leaks.example)',
          firstNoticeAt: new Date('2025-02-10T12:00:00Z'),
        },
      }),
    );
    expect(notice.isEscalation).toBe(true);
    expect(notice.text).toContain(wording);
    expect(notice.text).toContain(
      'first reported to Leaks Example (dmca@leaks.example) on 2025-02-10',
    );
    expect(notice.text).toContain('still available on 2025-03-05');
    expect(notice.subject).toMatch(/^Escalation: /);
    expect(notice.text).toContain('Escalated notification of claimed copyright infringement');
    expectAllElements(notice);
  });

  it('does not word a first notice as an escalation', () => {
    const notice = composeDmcaNotice(
      noticeInput({
        recipient: {
          role: 'host',
          name: 'Host',
          channel: { kind: 'email', address: 'abuse@host.example' },
        },
      }),
    );
    expect(notice.text).not.toMatch(/escalat|first reported/i);
  });

  it("uses a brand's name, contact details, logo and wording over the defaults", () => {
    const lumen = {
      id: 'lumen',
      productName: 'Lumen Guard',
      agentName: 'Robin Reyes',
      agentEmail: 'takedowns@lumen.example',
      agentPostalAddress: '9 Rue de la Paix, 75002 Paris, France',
      websiteUrl: 'https://lumen.example',
      logoUrl: 'https://lumen.example/brand/logo.png',
      agentPhone: '+33 1 23 45 67 89',
      templates: {
        intro:
          'Hello {recipientName}, {brandName} writes for {creatorPublicName} about {itemCount} item(s).',
        closing: 'Reply to {agentEmail} quoting {noticeId}.',
        signOff: 'Kind regards,',
        subject: '[{brandName}] Copyright notice {noticeId}',
      },
    };
    const notice = composeDmcaNotice(noticeInput({ brand: lumen }));
    expect(notice.subject).toBe('[Lumen Guard] Copyright notice N-2025-0001');
    expect(notice.text).toContain(
      'Hello Leaks Example, Lumen Guard writes for janedoe about 1 item(s).',
    );
    expect(notice.text).toContain('Reply to takedowns@lumen.example quoting N-2025-0001.');
    expect(notice.text).toContain('Kind regards,');
    expect(notice.text).not.toContain('Sincerely,');
    expect(notice.elements.signature).toBe(
      '/s/ Robin Reyes, on behalf of Lumen Guard, authorised agent of Jane Quinn Doe',
    );
    expect(notice.elements.contact).toContain('takedowns@lumen.example');
    expect(notice.elements.contact).toContain('Telephone: +33 1 23 45 67 89');
    expect(notice.elements.contact).toContain('9 Rue de la Paix, 75002 Paris, France');
    expect(notice.html).toContain(
      '<img src="https://lumen.example/brand/logo.png" alt="Lumen Guard"',
    );
    expect(notice.replyTo).toBe('takedowns@lumen.example');
    expect(notice.text).not.toContain('Shark');
    // The statutory statements cannot be reworded by a brand.
    expectAllElements(notice);
    expect(notice.elements['good-faith']).toBe(GOOD_FAITH_STATEMENT);
  });

  it('refuses a brand template with an unknown placeholder, naming it', () => {
    const bad = { ...brand, templates: { intro: 'Dear {recipientNmae},', closing: '' } };
    expect(() => composeDmcaNotice(noticeInput({ brand: bad }))).toThrow(NoticeInputError);
    try {
      composeDmcaNotice(noticeInput({ brand: bad }));
    } catch (error) {
      const problems = (error as NoticeInputError).problems.join('\n');
      expect(problems).toContain('templates.intro: unknown placeholder {recipientNmae}');
      expect(problems).toContain('templates.closing: must be non-empty text');
    }
  });

  it('lists every problem of a bad input at once', () => {
    const input = noticeInput({
      items: [
        item(1, { pageUrl: 'javascript:alert(1)', mediaUrl: 'ftp://x.example/a' }),
        item(2, { foundAt: new Date('nope') }),
      ],
      recipient: {
        role: 'site',
        name: '  ',
        channel: { kind: 'email', address: 'not-an-address' },
      },
      noticeId: '',
    });
    let caught: unknown;
    try {
      composeDmcaNotice(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(NoticeInputError);
    const problems = (caught as NoticeInputError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^items\.0\.pageUrl: must be an absolute http/),
        expect.stringMatching(/^items\.0\.mediaUrl: must be an absolute http/),
        expect.stringMatching(/^items\.1\.foundAt: must be a valid date/),
        expect.stringMatching(/^recipient\.name: must not be empty/),
        expect.stringMatching(/^recipient\.channel\.address: must be an e-mail address/),
        expect.stringMatching(/^noticeId: must not be empty/),
      ]),
    );
  });

  it('refuses a notice with no items', () => {
    expect(() => composeDmcaNotice(noticeInput({ items: [] }))).toThrow(
      /at least one infringing item/,
    );
  });

  it('addresses a form recipient with no e-mail', () => {
    const notice = composeDmcaNotice(
      noticeInput({
        recipient: {
          role: 'site',
          name: 'Tube',
          channel: { kind: 'form', url: 'https://tube.example/dmca' },
        },
      }),
    );
    expect(notice.to).toBeNull();
    expect(notice.text).toContain('Web form: https://tube.example/dmca');
  });
});
