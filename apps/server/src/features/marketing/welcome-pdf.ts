// The welcome package as a PDF, in the brand's colours with its logo: what her plan protects, her
// set-up, her DMCA badge and the first steps, with links into the app. Drawn with the engine's pdf
// helpers, like the takedown report.
import type { WelcomePackage } from '@shark/contracts/marketing.ts';
import {
  contentWidth,
  createPdf,
  ensureSpace,
  pdfToBuffer,
  PDF_FONTS,
  standardFontText,
  writeText,
} from '@shark/engine/pdf/create-pdf.ts';
import { drawTable } from '@shark/engine/pdf/draw-table.ts';

export interface WelcomePdfInput {
  welcome: WelcomePackage;
  theme: { light: string; dark: string };
  /** The brand's logo as a PNG, or null for its initial. */
  logo: Buffer | null;
  generatedAt: Date;
}

const HEADER_HEIGHT = 96;

/** Mixes a colour with white: `share` of the colour is kept. */
function tint(hex: string, share: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * share + 255 * (1 - share));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

function heading(doc: PDFKit.PDFDocument, text: string, color: string): void {
  ensureSpace(doc, 60);
  doc.y += 6;
  writeText(doc, text, { weight: 'bold', size: 14, color, gapAfter: 6 });
}

function absolute(base: string, href: string): string {
  return href.startsWith('/') ? `${base}${href}` : href;
}

function count(n: number, limit: number | null, noun: string): string {
  return limit === null ? `${n} ${noun} (unlimited)` : `${n} of ${limit} ${noun}`;
}

export async function renderWelcomePdf(input: WelcomePdfInput): Promise<Buffer> {
  const { welcome, theme } = input;
  const doc = createPdf({
    title: `${welcome.brandName} welcome package`,
    author: welcome.brandName,
    producer: welcome.brandName,
    subject: `Welcome package for ${welcome.creatorName}`,
    createdAt: input.generatedAt,
    footer: `${welcome.brandName} · ${welcome.brandUrl}`,
    margins: { top: HEADER_HEIGHT + 36 },
  });
  const left = doc.page.margins.left;
  const width = contentWidth(doc);

  // The letterhead: a band in the brand's colour with its logo and name.
  doc.rect(0, 0, doc.page.width, HEADER_HEIGHT).fill(theme.dark);
  const logoSize = 48;
  const logoY = (HEADER_HEIGHT - logoSize) / 2;
  let drewLogo = false;
  if (input.logo) {
    try {
      doc.image(input.logo, left, logoY, { fit: [logoSize, logoSize] });
      drewLogo = true;
    } catch {
      drewLogo = false;
    }
  }
  if (!drewLogo) {
    doc.roundedRect(left, logoY, logoSize, logoSize, 12).fill(theme.light);
    doc
      .font(PDF_FONTS.bold)
      .fontSize(26)
      .fillColor('#ffffff')
      .text(standardFontText(welcome.brandName.slice(0, 1).toUpperCase()), left, logoY + 12, {
        width: logoSize,
        align: 'center',
        lineBreak: false,
      });
  }
  doc
    .font(PDF_FONTS.bold)
    .fontSize(22)
    .fillColor('#ffffff')
    .text(standardFontText(welcome.brandName), left + logoSize + 16, logoY + 4, {
      lineBreak: false,
    });
  doc
    .font(PDF_FONTS.regular)
    .fontSize(11)
    .fillColor('#ffffff')
    .text('Welcome package', left + logoSize + 16, logoY + 32, { lineBreak: false });
  doc.x = left;
  doc.y = HEADER_HEIGHT + 36;

  writeText(doc, `Welcome, ${welcome.creatorName}`, { weight: 'bold', size: 20, gapAfter: 6 });
  writeText(
    doc,
    `${welcome.brandName} looks for copies of your content across the web and has them taken down in your name. This package sums up your protection and the steps that make it work.`,
    { size: 11, gapAfter: 8 },
  );

  heading(doc, 'What your plan protects', theme.dark);
  const planLine =
    welcome.plan.status === 'subscribed'
      ? `Your plan: ${welcome.plan.tierName}.`
      : welcome.plan.status === 'former'
        ? 'Your subscription has ended: reactivate it to keep your content protected.'
        : 'You have no plan yet: choose one to have your content protected.';
  writeText(doc, planLine, { size: 11, gapAfter: 4 });
  writeText(doc, welcome.plan.includes.map((line) => `  - ${line}`).join('\n'), {
    size: 11,
    gapAfter: 6,
  });

  heading(doc, 'Your set-up', theme.dark);
  const { setup } = welcome;
  drawTable(doc, {
    columns: [
      { header: 'What', width: width * 0.45 },
      { header: 'Where you stand', width: width * 0.55 },
    ],
    rows: [
      ['Accounts (your usernames)', count(setup.usernames, setup.usernamesLimit, 'usernames')],
      ['Search terms', count(setup.searchTerms, setup.searchTermsLimit, 'search terms')],
      ['Reference files (your content)', `${setup.referenceFiles} ready to compare`],
      ['Whitelist', `${setup.whitelistEntries} allowed addresses`],
      ['Agent authorisation', setup.isAuthorizationSigned ? 'Signed' : 'Not signed yet'],
      ['Takedowns so far', `${setup.takedowns} opened, ${setup.removed} removed`],
    ],
    headerFill: tint(theme.light, 0.3),
    fontSize: 10,
  });
  doc.y += 8;

  heading(doc, 'Your DMCA badge', theme.dark);
  if (welcome.badge.state === 'ready' && welcome.badge.verifyUrl) {
    writeText(
      doc,
      'Show your badge on your pages and profiles: anyone can open its link to check that your content is protected.',
      { size: 11, gapAfter: 4 },
    );
    writeText(doc, welcome.badge.verifyUrl, {
      weight: 'bold',
      size: 11,
      color: theme.dark,
      gapAfter: 6,
    });
  } else if (welcome.badge.state === 'not_created') {
    writeText(
      doc,
      `Get your badge on the DMCA Badges page (${absolute(welcome.brandUrl, '/dmca-badges')}): it links to a page that confirms your protection.`,
      { size: 11, gapAfter: 6 },
    );
  } else {
    writeText(
      doc,
      `Your DMCA badge confirms your protection while your plan is active. Choose a plan (${absolute(welcome.brandUrl, '/plans')}), then get the badge on the DMCA Badges page.`,
      { size: 11, gapAfter: 6 },
    );
  }

  heading(doc, 'Your first steps', theme.dark);
  for (const item of welcome.checklist) {
    ensureSpace(doc, 48);
    writeText(doc, `${item.isDone ? '[x]' : '[  ]'}  ${item.title}`, { weight: 'bold', size: 11 });
    writeText(doc, `        ${item.description}`, { size: 10, color: '#333333' });
    writeText(doc, `        ${absolute(welcome.brandUrl, item.href)}`, {
      size: 9,
      color: theme.dark,
      gapAfter: 6,
    });
  }

  heading(doc, 'Questions?', theme.dark);
  writeText(doc, `Write to us: ${welcome.contactUrl.replace(/^mailto:/, '')}`, { size: 11 });

  return pdfToBuffer(doc);
}
