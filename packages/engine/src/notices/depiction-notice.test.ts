import { describe, expect, it } from 'vitest';
import { readBackPdf } from '../pdf/test-poppler.ts';
import {
  DSA_BONA_FIDE_STATEMENT,
  TAKE_IT_DOWN_DEADLINE,
  composeDsaNotice,
  composeTakeItDownRequest,
  type DepictionNoticeInput,
} from './depiction-notice.ts';
import { renderNoticePdf } from './notice-pdf.ts';
import { DSA_ELEMENT_IDS, TAKE_IT_DOWN_ELEMENT_IDS } from './notice-types.ts';
import { NoticeInputError } from './parse-input.ts';
import { authorisation, brand, creatorRecord, privateDetails, squash } from './test-fixtures.ts';

function depictionInput(overrides: Partial<DepictionNoticeInput> = {}): DepictionNoticeInput {
  return {
    brand: { ...brand, agentPhone: '+1 302 555 0100' },
    recipient: {
      role: 'site',
      name: 'Fakes Example',
      channel: { kind: 'email', address: 'abuse@fakes.example' },
    },
    creator: creatorRecord,
    authorisation,
    items: [
      {
        pageUrl: 'https://fakes.example/post/7?ref=a',
        mediaUrl: 'https://img.fakes.example/7.jpg',
        nature: 'forgery',
        foundAt: new Date('2025-03-01T10:00:00Z'),
      },
    ],
    noticeId: 'ntc_0001',
    sentAt: new Date('2025-03-05T09:30:00Z'),
    ...overrides,
  };
}

const intimate = {
  pageUrl: 'https://fakes.example/gallery/3',
  mediaUrl: null,
  nature: 'intimate_without_consent' as const,
  foundAt: new Date('2025-03-02T10:00:00Z'),
};

/** Every output a recipient can read: text, HTML, the form fields. */
function outputsOf(notice: { text: string; html: string; fields: { value: string }[] }): string {
  return [notice.text, notice.html, ...notice.fields.map((field) => field.value)].join('\n');
}

describe('composeTakeItDownRequest', () => {
  it('holds every element of the request, each printed whole in the text and the HTML', () => {
    const notice = composeTakeItDownRequest(depictionInput());
    for (const id of TAKE_IT_DOWN_ELEMENT_IDS) {
      expect(notice.text, id).toContain(notice.elements[id]);
      expect(notice.html, id).toContain(`data-element="${id}"`);
    }
    expect(notice.elements.signature).toBe(
      '/s/ Alex Agent, on behalf of Shark, authorised agent of Jane Quinn Doe',
    );
    expect(notice.elements.depiction).toContain('Page: https://fakes.example/post/7?ref=a');
    expect(notice.elements.depiction).toContain('Image: https://img.fakes.example/7.jpg');
    expect(notice.elements['good-faith']).toContain('good faith belief');
    expect(notice.elements['good-faith']).toContain('without her consent');
    expect(notice.elements['good-faith']).toContain(
      'a digital forgery of an identifiable individual',
    );
    expect(notice.elements.contact).toContain('E-mail: dmca@shark.example');
    expect(notice.elements.contact).toContain('Telephone: +1 302 555 0100');
    expect(notice.elements['removal-deadline']).toBe(TAKE_IT_DOWN_DEADLINE);
    expect(TAKE_IT_DOWN_DEADLINE).toContain('48 hours');
    expect(notice.subject).toContain('TAKE IT DOWN Act removal request ntc_0001');
    expect(notice.to).toBe('abuse@fakes.example');
    expect(notice.replyTo).toBe('dmca@shark.example');
  });

  it('states each nature it lists, and a page without a separate image', () => {
    const notice = composeTakeItDownRequest(
      depictionInput({ items: [depictionInput().items[0]!, intimate] }),
    );
    expect(notice.elements['good-faith']).toContain(
      'digital forgery of an identifiable individual',
    );
    expect(notice.elements['good-faith']).toContain(
      'She has not consented to their publication at the addresses listed.',
    );
    expect(notice.elements.depiction).toContain('2. Page: https://fakes.example/gallery/3');
    expect(notice.elements.depiction).toContain('Image: none separate');
  });

  it('never calls the depiction a copyright infringement, nor gives her own details', () => {
    const output = outputsOf(composeTakeItDownRequest(depictionInput()));
    expect(output).not.toMatch(/infring/i);
    expect(output).not.toMatch(/copyright owner|DMCA|512\(c\)/);
    for (const detail of privateDetails) expect(output).not.toContain(detail);
  });

  it('is titled as an escalation with the previous recipient and words for a host', () => {
    const notice = composeTakeItDownRequest(
      depictionInput({
        recipient: {
          role: 'host',
          name: 'Example Hosting',
          channel: { kind: 'email', address: 'abuse@hosting.example' },
        },
        escalation: {
          previousRecipient: 'Fakes Example',
          firstNoticeAt: new Date('2025-03-03T00:00:00Z'),
        },
      }),
    );
    expect(notice.isEscalation).toBe(true);
    expect(notice.subject.startsWith('Escalation: ')).toBe(true);
    expect(notice.text).toContain('first reported to Fakes Example on 2025-03-03');
    expect(notice.text).toContain('as the hosting provider of fakes.example');
  });

  it('lists every problem of bad input at once', () => {
    expect(() =>
      composeTakeItDownRequest(
        depictionInput({
          items: [{ ...intimate, pageUrl: 'ftp://x.example/1' }],
          noticeId: '',
        }),
      ),
    ).toThrowError(NoticeInputError);
    try {
      composeTakeItDownRequest(depictionInput({ items: [] }));
    } catch (error) {
      expect((error as NoticeInputError).problems).toEqual([
        'items: a notice needs at least one depiction',
      ]);
    }
  });
});

describe('composeDsaNotice', () => {
  it('holds every element of Article 16(2), each printed whole in the text and the HTML', () => {
    const notice = composeDsaNotice(
      depictionInput({ items: [depictionInput().items[0]!, intimate] }),
    );
    for (const id of DSA_ELEMENT_IDS) {
      expect(notice.text, id).toContain(notice.elements[id]);
      expect(notice.html, id).toContain(`data-element="${id}"`);
    }
    expect(notice.elements.explanation).toContain('illegal content');
    expect(notice.elements.explanation).toContain('Directive (EU) 2024/1385');
    expect(notice.elements.location).toContain('https://fakes.example/post/7?ref=a');
    expect(notice.elements.location).toContain('https://fakes.example/gallery/3');
    expect(notice.elements.submitter).toContain('Submitted by: Shark (attn. Alex Agent)');
    expect(notice.elements.submitter).toContain('Jane Quinn Doe');
    expect(notice.elements.submitter).toContain('E-mail: dmca@shark.example');
    expect(notice.elements['bona-fide']).toBe(DSA_BONA_FIDE_STATEMENT);
    expect(DSA_BONA_FIDE_STATEMENT).toContain('accurate and complete');
    expect(notice.subject).toContain('DSA Article 16 notice ntc_0001');
    expect(notice.fields.find((field) => field.key === 'pageUrls')?.value).toBe(
      'https://fakes.example/post/7?ref=a\nhttps://fakes.example/gallery/3',
    );
  });

  it('never calls the depiction a copyright infringement, nor gives her own details', () => {
    const output = outputsOf(composeDsaNotice(depictionInput()));
    expect(output).not.toMatch(/infring/i);
    expect(output).not.toMatch(/copyright owner|DMCA|512\(c\)/);
    for (const detail of privateDetails) expect(output).not.toContain(detail);
  });
});

describe('the PDF of a depiction notice', () => {
  it('prints every element and the table of depictions', async () => {
    const notice = composeTakeItDownRequest(
      depictionInput({ items: [depictionInput().items[0]!, intimate] }),
    );
    const { text } = readBackPdf(await renderNoticePdf(notice, brand));
    for (const id of TAKE_IT_DOWN_ELEMENT_IDS)
      expect(squash(text), id).toContain(squash(notice.elements[id]));
    expect(text).toContain('Schedule A: the depictions');
    expect(squash(text)).toContain('https://img.fakes.example/7.jpg');
  });
});
