// Notices about a depiction of the creator published without her consent, a forgery of her likeness
// ("deep fake") or intimate content of her: a removal request under the US TAKE IT DOWN Act, or a
// notice under Article 16 of the EU Digital Services Act for hosts in the EU. Neither is a copyright
// notice and neither says the material infringes copyright. Like DMCA notices they are signed by the
// brand as her authorised representative, and recipients answer the brand, never her.
import { contactLines, describeDomains, signatureLine } from './notice-frame.ts';
import {
  DSA_BONA_FIDE_STATEMENT,
  TAKE_IT_DOWN_DEADLINE,
  authorityText,
  baseFields,
  depictionBlocks,
  finish,
  locationText,
  natureStatements,
  parse,
  rowsOf,
  type ComposedDepictionNotice,
  type DepictionNoticeInput,
  type DsaElementId,
  type TakeItDownElementId,
} from './depiction-parts.ts';

export {
  DSA_BONA_FIDE_STATEMENT,
  TAKE_IT_DOWN_DEADLINE,
  type ComposedDepictionNotice,
  type DepictionItem,
  type DepictionItemRow,
  type DepictionNature,
  type DepictionNoticeInput,
  type DsaElementId,
  type TakeItDownElementId,
} from './depiction-parts.ts';

/**
 * A removal request under the TAKE IT DOWN Act, with every element of its § 3(a)(1)(B) and the
 * platform's 48-hour duty. Throws NoticeInputError when the input is incomplete or malformed.
 */
export function composeTakeItDownRequest(
  rawInput: DepictionNoticeInput,
): ComposedDepictionNotice<TakeItDownElementId> {
  const input = parse(rawInput);
  const { brand, creator } = input;
  const depictions = rowsOf(input);
  const domains = describeDomains(depictions.map((row) => row.pageUrl));
  const signature = signatureLine(brand.agentName, brand.productName, creator.legalName);

  const elements: Record<TakeItDownElementId, string> = {
    signature,
    depiction: locationText(depictions, domains),
    'good-faith': [
      `${creator.legalName}, through her authorised representative, has a good faith belief that each ` +
        'depiction identified in this request is not consensual: it is published without her consent.',
      ...natureStatements(input),
      'This is not a copyright claim: the request is made under the TAKE IT DOWN Act.',
    ].join('\n'),
    contact: [
      ...contactLines(
        brand,
        'Contact',
        `authorised representative of ${creator.legalName}, the identifiable individual`,
      ),
      'Write to this address about this request: it reaches her representative, who answers for her.',
    ].join('\n'),
    'removal-deadline': TAKE_IT_DOWN_DEADLINE,
  };
  const headings: Record<Exclude<TakeItDownElementId, 'signature'>, string> = {
    depiction: '1. The depictions and where they are (TAKE IT DOWN Act § 3(a)(1)(B)(ii))',
    'good-faith': '2. Statement of good faith that they are not consensual (§ 3(a)(1)(B)(iii))',
    contact: '3. How to contact the identifiable individual (§ 3(a)(1)(B)(iv))',
    'removal-deadline': '4. Removal within 48 hours (§ 3(a)(3))',
  };
  const blocks = depictionBlocks(input, {
    title: input.escalation
      ? 'Escalated removal request under the TAKE IT DOWN Act'
      : 'Removal request under the TAKE IT DOWN Act',
    purpose:
      `This is a request to remove nonconsensual intimate visual depictions of her, at ${domains}, ` +
      `under section 3 of the TAKE IT DOWN Act. ${authorityText(input)}`,
    order: ['depiction', 'good-faith', 'contact', 'removal-deadline'],
    headings,
    elements,
    request:
      'Please remove the depictions listed above, and any known identical copies, within 48 hours, and ' +
      `confirm by replying to ${brand.agentEmail} with the reference ${input.noticeId}.`,
    domains,
    signature,
    itemCount: depictions.length,
  });
  const fields = baseFields(input, signature, depictions);
  fields.splice(6, 0, {
    key: 'statement',
    label: 'Statement',
    value: `${elements['good-faith']}\n${TAKE_IT_DOWN_DEADLINE}`,
  });
  return finish('take_it_down', input, {
    subject: `TAKE IT DOWN Act removal request ${input.noticeId}: nonconsensual intimate depictions at ${domains}`,
    blocks,
    elements,
    depictions,
    fields,
  });
}

/**
 * A notice under Article 16 of the Digital Services Act (Regulation (EU) 2022/2065), with every
 * element of its paragraph 2. Throws NoticeInputError when the input is incomplete or malformed.
 */
export function composeDsaNotice(
  rawInput: DepictionNoticeInput,
): ComposedDepictionNotice<DsaElementId> {
  const input = parse(rawInput);
  const { brand, creator } = input;
  const depictions = rowsOf(input);
  const domains = describeDomains(depictions.map((row) => row.pageUrl));
  const signature = signatureLine(brand.agentName, brand.productName, creator.legalName);

  const elements: Record<DsaElementId, string> = {
    signature,
    explanation: [
      ...natureStatements(input),
      'Sharing intimate images of a person without her consent, and producing or sharing material manipulated ' +
        'to make it appear that a person engages in sexually explicit activities, is a criminal offence under ' +
        'Article 5 of Directive (EU) 2024/1385 and under the laws of the Member States. Publishing an ' +
        "identifiable person's image and intimate details without her consent also violates her right to " +
        'the protection of her personal data (Articles 7 and 8 of the Charter of Fundamental Rights, Regulation ' +
        '(EU) 2016/679) and her right to her own image. The content listed is therefore illegal content within ' +
        'the meaning of Article 3(h) of the Digital Services Act. This is not a copyright claim.',
    ].join('\n'),
    location: locationText(depictions, domains),
    submitter: [
      ...contactLines(
        brand,
        'Submitted by',
        `on behalf of ${creator.legalName} ("${creator.publicName}"), the person depicted, as her authorised representative`,
      ),
      authorityText(input),
    ].join('\n'),
    'bona-fide': DSA_BONA_FIDE_STATEMENT,
  };
  const headings: Record<Exclude<DsaElementId, 'signature'>, string> = {
    explanation: '1. Why the content is illegal (DSA Article 16(2)(a))',
    location: '2. The exact location of the content (Article 16(2)(b))',
    submitter: '3. Name and e-mail address of the submitter (Article 16(2)(c))',
    'bona-fide': '4. Statement of bona fide belief (Article 16(2)(d))',
  };
  const blocks = depictionBlocks(input, {
    title: input.escalation
      ? 'Escalated notice of illegal content under Article 16 of the Digital Services Act'
      : 'Notice of illegal content under Article 16 of the Digital Services Act',
    purpose:
      'Under Article 16 of Regulation (EU) 2022/2065 (the Digital Services Act), this notice tells you ' +
      `of illegal content you host at ${domains}: intimate depictions of her published without her consent.`,
    order: ['explanation', 'location', 'submitter', 'bona-fide'],
    headings,
    elements,
    request:
      'Please remove or disable access to the content listed above expeditiously, and send your decision ' +
      `(Article 16(5)) to ${brand.agentEmail} with the reference ${input.noticeId}.`,
    domains,
    signature,
    itemCount: depictions.length,
  });
  const fields = baseFields(input, signature, depictions);
  fields.splice(
    6,
    0,
    { key: 'explanation', label: 'Why the content is illegal', value: elements.explanation },
    { key: 'statement', label: 'Statement', value: DSA_BONA_FIDE_STATEMENT },
  );
  return finish('dsa_article_16', input, {
    subject: `DSA Article 16 notice ${input.noticeId}: intimate depictions published without consent at ${domains}`,
    blocks,
    elements,
    depictions,
    fields,
  });
}
