// The `takedown.notify` job: every takedown of one creator waiting for one recipient becomes part of one
// notice (a notice grouping the URLs under the takedowns' law: DMCA, TAKE IT DOWN or DSA Article 16;
// or one impersonation report per profile), composed in the
// brand's name as her agent, kept as a PDF, and handed to the outbox (e-mail) or an operator (web form)
// in the same transaction that records it — so a job run twice never makes a second notice for a
// takedown and level.
import { randomBytes } from 'node:crypto';
import {
  composeDsaNotice,
  composeTakeItDownRequest,
  type DepictionNature,
  type DepictionNoticeInput,
} from '@shark/engine/notices/depiction-notice.ts';
import { composeDmcaNotice } from '@shark/engine/notices/dmca-notice.ts';
import { prepareFormSubmission } from '@shark/engine/notices/form-submission.ts';
import { composeImpersonationReport } from '@shark/engine/notices/impersonation-report.ts';
import { renderNoticePdf } from '@shark/engine/notices/notice-pdf.ts';
import { fillSiteForm, type FilledSiteField } from '@shark/engine/notices/site-form-fill.ts';
import type { SiteFormField } from '@shark/engine/recipients/site-contact.ts';
import type {
  NoticeBrand,
  NoticeChannel,
  NoticeInput,
} from '@shark/engine/notices/notice-types.ts';
import { MAX_ITEMS_PER_NOTICE, NoticeInputError } from '@shark/engine/notices/parse-input.ts';
import { findSite, type SiteCatalog } from '@shark/engine/discovery/site-catalog/catalog.ts';
import type { BrandRegistry } from '#server/config/brands.ts';
import type { Logger } from '#server/http/logger.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type { TakedownTransitions } from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import type {
  AuthorizationRepository,
  AuthorizationRow,
} from '#server/features/takedowns/agent-authorization/agent-authorization-repository.ts';
import { hasAgent, messageIdDomain, noticeBrandOf } from './notice-brand.ts';
import type {
  NewNoticeWrite,
  NoticeCandidate,
  NoticeQueries,
  NoticeRepository,
} from './notice-repository.ts';
import type { SiteContactService } from '#server/features/takedowns/recipients/site-contact-service.ts';
import { noticeWorkOf } from '#server/features/takedowns/opening/works.ts';

export interface NoticeServiceDeps {
  notices: NoticeRepository;
  authorizations: AuthorizationRepository;
  brands: BrandRegistry;
  storage: FileStorage;
  catalog: SiteCatalog;
  publicUrl: string;
  /** The fields of a site's own form as its page gave them, for the form task. */
  siteContacts?: Pick<SiteContactService, 'formFieldsOf'>;
  /** Sends the outbox job of a new e-mail (after the transaction commits). */
  sendOutbox: (outboxId: string) => Promise<void>;
  /** Asks for the notice job again (more takedowns wait than one notice lists). */
  requestNotice: (userId: string, address: string) => Promise<void>;
  logger: Logger;
  now?: () => Date;
}

export const pdfKeyOf = (userId: string, noticeId: string) => `notices/${userId}/${noticeId}.pdf`;

/** A notice's reference, quoted by recipients in their answers. */
const newNoticeId = () => `ntc_${randomBytes(8).toString('hex')}`;

/** What each reason code of an impersonation finding shows, in words for the platform. */
function evidenceOf(reasons: string[], publicName: string, username: string | null): string[] {
  const words: Record<string, string> = {
    'uses-name': `The profile presents itself under the creator's name, "${publicName}".`,
    'uses-picture':
      "The profile shows the creator's own photos, matched against the originals she gave us.",
    'username-variant': `The username${username ? ` @${username.replace(/^@+/, '')}` : ''} is a look-alike variant of the creator's own usernames.`,
  };
  return [
    ...reasons.map((reason) => words[reason] ?? reason),
    "The creator's real accounts are listed in this report; she does not run this profile and has not authorised anyone to pose as her.",
  ];
}

/**
 * Groups that become one notice each: the items of one law (DMCA, TAKE IT DOWN, DSA Article 16) per
 * level and earlier recipient; each impersonation alone.
 */
function groupsOf(candidates: NoticeCandidate[]): NoticeCandidate[][] {
  const groups = new Map<string, NoticeCandidate[]>();
  for (const candidate of candidates) {
    const { takedown } = candidate;
    const key =
      takedown.kind === 'impersonation'
        ? `impersonation ${takedown.id}`
        : JSON.stringify([takedown.legalBasis, takedown.level, candidate.previousRecipient]);
    const group = groups.get(key) ?? [];
    group.push(candidate);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** What a depiction is, as the creator said when confirming it (a forgery unless she said intimate). */
function depictionNatureOf(candidate: NoticeCandidate): DepictionNature {
  return candidate.finding.likenessNature === 'intimate_without_consent'
    ? 'intimate_without_consent'
    : 'forgery';
}

function channelOf(candidate: NoticeCandidate): NoticeChannel {
  const { recipient } = candidate;
  return recipient.channelKind === 'email'
    ? { kind: 'email', address: recipient.address }
    : { kind: 'form', url: recipient.address };
}

interface Composed {
  subject: string;
  text: string;
  html: string;
  pdf: Buffer;
  formFields: { key: string; label: string; value: string }[] | null;
}

/** The site's own form filled from the composed notice, when its fields were read from its page. */
function siteFormFields(
  fields: SiteFormField[] | null,
  composed: Composed,
  brand: NoticeBrand,
  pageUrls: string[],
): FilledSiteField[] | null {
  if (!fields) return null;
  return fillSiteForm(
    fields,
    {
      subject: composed.subject,
      text: composed.text,
      prepared: composed.formFields ?? [],
      pageUrls,
    },
    brand,
  );
}

export function createNoticeService(deps: NoticeServiceDeps) {
  const { notices, authorizations, brands, storage, logger } = deps;
  const now = deps.now ?? (() => new Date());

  async function compose(
    group: NoticeCandidate[],
    context: {
      noticeId: string;
      at: Date;
      brand: NoticeBrand;
      authorization: AuthorizationRow;
      creator: { name: string; profileUrls: string[] };
    },
  ): Promise<Composed> {
    const first = group[0]!;
    const { brand, authorization, creator, noticeId, at } = context;
    const publicName = creator.name.trim() || authorization.legalName;
    const channel = channelOf(first);
    const authorisation = { signedAt: authorization.signedAt, signature: authorization.signature };
    if (first.takedown.kind === 'impersonation') {
      const site = first.takedown.siteId
        ? findSite(deps.catalog, first.takedown.siteId)
        : undefined;
      const report = composeImpersonationReport({
        brand,
        platform: { id: site?.id ?? first.takedown.host, name: first.recipient.name, channel },
        creator: {
          legalName: authorization.legalName,
          publicName,
          officialProfiles: creator.profileUrls,
        },
        impersonator: {
          url: first.takedown.pageUrl,
          username: first.finding.username ?? first.takedown.pageUrl,
          displayName: first.finding.displayName,
          evidence: evidenceOf(first.finding.reasons, publicName, first.finding.username),
        },
        authorisation,
        reportId: noticeId,
        sentAt: at,
      });
      const pdf = await renderNoticePdf(report, brand);
      return {
        subject: report.subject,
        text: report.text,
        html: report.html,
        pdf,
        formFields: channel.kind === 'form' ? report.fields : null,
      };
    }
    const escalation =
      first.takedown.level > 0 && first.previousRecipient
        ? {
            escalation: {
              previousRecipient: first.previousRecipient,
              firstNoticeAt: first.takedown.noticeSentAt ?? first.takedown.confirmedAt,
            },
          }
        : {};
    // Who sends, to whom, for whom: the same in a notice under any law.
    const parties = {
      brand,
      recipient: { role: first.recipient.role, name: first.recipient.name, channel },
      creator: {
        legalName: authorization.legalName,
        publicName,
        profileUrls: creator.profileUrls.slice(0, 50),
      },
      authorisation,
    };
    const basis = first.takedown.legalBasis;
    if (basis === 'take_it_down' || basis === 'dsa_article_16') {
      const depictionInput: DepictionNoticeInput = {
        ...parties,
        items: group.map((candidate) => ({
          pageUrl: candidate.takedown.pageUrl,
          mediaUrl: candidate.finding.mediaUrl,
          nature: depictionNatureOf(candidate),
          foundAt: candidate.finding.firstSeenAt,
        })),
        noticeId,
        sentAt: at,
        ...escalation,
      };
      const composed =
        basis === 'take_it_down'
          ? composeTakeItDownRequest(depictionInput)
          : composeDsaNotice(depictionInput);
      return {
        subject: composed.subject,
        text: composed.text,
        html: composed.html,
        pdf: await renderNoticePdf(composed, brand),
        formFields: channel.kind === 'form' ? composed.fields : null,
      };
    }
    const input: NoticeInput = {
      ...parties,
      items: group.map((candidate) => ({
        pageUrl: candidate.takedown.pageUrl,
        mediaUrl: candidate.finding.mediaUrl,
        kind: 'leak',
        work: noticeWorkOf(candidate.work, publicName),
        foundAt: candidate.finding.firstSeenAt,
      })),
      noticeId,
      sentAt: at,
      ...escalation,
    };
    const composed = composeDmcaNotice(input);
    const pdf = await renderNoticePdf(composed, brand);
    return {
      subject: composed.subject,
      text: composed.text,
      html: composed.html,
      pdf,
      formFields: channel.kind === 'form' ? prepareFormSubmission(input).fields : null,
    };
  }

  /** Closes takedowns whose notice cannot be composed from what is known (a problem no retry fixes). */
  async function closeUncomposable(
    transitions: TakedownTransitions,
    group: NoticeCandidate[],
    error: NoticeInputError,
  ): Promise<void> {
    const reason = `The notice could not be prepared: ${error.problems.join('; ')}`;
    for (const candidate of group) {
      await transitions.move(candidate.takedown.id, 'closed', {
        from: ['confirmed', 'escalated'],
        patch: { closedReason: reason },
        detail: reason,
      });
    }
  }

  return {
    /**
     * The job. Without an active authorisation it does nothing (the takedowns keep waiting; signing
     * sends the jobs again). Returns what it wrote.
     */
    async notify(userId: string, address: string): Promise<Record<string, unknown>> {
      const authorization = await authorizations.active(userId);
      if (!authorization) return { waiting: 'authorization' };
      const brandConfig = brands.get(authorization.brandId);
      if (!brandConfig || !hasAgent(brandConfig)) {
        // Configuration, not data: failing the job makes the operator see it in the log.
        throw new Error(
          `Brand ${authorization.brandId} of the authorisation ${authorization.id} has no copyright agent configured.`,
        );
      }
      const brand = noticeBrandOf(brandConfig, deps.publicUrl);
      const domain = messageIdDomain(brandConfig);
      const at = now();

      // Read before the lock: the site's form as its page gave it, when the address is that form.
      const siteForm = deps.siteContacts ? await deps.siteContacts.formFieldsOf(address) : null;
      // PDFs are stored before their rows commit; a rolled-back transaction takes its files with it.
      const stored: string[] = [];
      let result: { written: { noticeId: string; outboxId: string | null }[]; full: boolean };
      try {
        result = await notices.locked(
          userId,
          address,
          async (q: NoticeQueries, { transitions }) => {
            // Under the lock: a takedown already in a notice at its level is no candidate, whoever wrote it.
            const candidates = await q.candidates(userId, address, MAX_ITEMS_PER_NOTICE);
            if (candidates.length === 0) return { written: [], full: false };
            const creator = await q.creator(userId);
            const written: { noticeId: string; outboxId: string | null }[] = [];
            for (const group of groupsOf(candidates)) {
              const noticeId = newNoticeId();
              let composed: Composed;
              try {
                composed = await compose(group, { noticeId, at, brand, authorization, creator });
              } catch (error) {
                if (!(error instanceof NoticeInputError)) throw error;
                logger.warn('notice cannot be composed; its takedowns are closed', {
                  userId,
                  address,
                  problems: error.problems,
                });
                await closeUncomposable(transitions, group, error);
                continue;
              }
              const first = group[0]!;
              const pdfKey = pdfKeyOf(userId, noticeId);
              await storage.write(pdfKey, composed.pdf);
              stored.push(pdfKey);
              const isEmail = first.recipient.channelKind === 'email';
              const siteFields = isEmail
                ? null
                : siteFormFields(
                    siteForm,
                    composed,
                    brand,
                    group.map((candidate) => candidate.takedown.pageUrl),
                  );
              const outboxId = isEmail ? `obx_${randomBytes(8).toString('hex')}` : null;
              const entry: NewNoticeWrite = {
                notice: {
                  id: noticeId,
                  userId,
                  kind:
                    first.takedown.kind === 'impersonation'
                      ? 'impersonation'
                      : first.takedown.legalBasis,
                  role: first.recipient.role,
                  recipientName: first.recipient.name,
                  channelKind: first.recipient.channelKind,
                  address,
                  level: first.takedown.level,
                  authorizationId: authorization.id,
                  subject: composed.subject,
                  textBody: composed.text,
                  htmlBody: composed.html,
                  pdfKey,
                  formFields: composed.formFields,
                  createdAt: at,
                },
                takedownIds: group.map((candidate) => candidate.takedown.id),
                delivery: outboxId
                  ? { kind: 'email', outboxId, messageId: `<${noticeId}@${domain}>` }
                  : {
                      kind: 'form',
                      taskId: `frm_${randomBytes(8).toString('hex')}`,
                      formUrl: address,
                      ...(siteFields ? { fields: siteFields } : {}),
                    },
                delist: group
                  .filter((candidate) => candidate.takedown.kind === 'leak')
                  .map((candidate) => ({
                    takedownId: candidate.takedown.id,
                    url: candidate.takedown.pageUrl,
                  })),
              };
              await q.write(entry, at);
              written.push({ noticeId, outboxId });
            }
            return { written, full: candidates.length >= MAX_ITEMS_PER_NOTICE };
          },
        );
      } catch (error) {
        await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
        throw error;
      }

      for (const { outboxId } of result.written) if (outboxId) await deps.sendOutbox(outboxId);
      if (result.full) await deps.requestNotice(userId, address);
      if (result.written.length > 0)
        logger.info('notices composed', {
          userId,
          address,
          notices: result.written.map((w) => w.noticeId),
        });
      return { notices: result.written.map((w) => w.noticeId) };
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
