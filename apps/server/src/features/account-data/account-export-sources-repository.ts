// Where each section of a creator's export comes from: its table, the key its pages follow, the column
// that names her, and the columns that are never exported.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AccountExportSection } from '@shark/contracts/account-data.ts';
import * as t from '@shark/db/schema.ts';

export type ExportRow = Record<string, unknown>;

/**
 * Columns never exported: credentials and session tokens are secrets, not her data. An enrolled face's
 * embedding is left out too: 128 numbers that mean nothing to her, yet a copy of them anywhere would
 * let anyone search for her face; her export says which faces are enrolled (box, source, dates), and
 * the storage key of a crop is Shark's internal address, not hers.
 */
const SECRET_COLUMNS: Partial<Record<AccountExportSection, readonly string[]>> = {
  signInMethods: ['password', 'accessToken', 'refreshToken', 'idToken'],
  sessions: ['token'],
  enrolledFaces: ['embedding', 'cropKey'],
};

export interface Source {
  table: PgTable;
  /** Unique and ordered: the page boundary. */
  key: PgColumn;
  keyName: string;
  /** The second part of a composite key. */
  key2?: PgColumn;
  key2Name?: string;
  owner: PgColumn;
}

export const SOURCES: Record<AccountExportSection, Source> = {
  signInMethods: { table: t.account, key: t.account.id, keyName: 'id', owner: t.account.userId },
  sessions: { table: t.session, key: t.session.id, keyName: 'id', owner: t.session.userId },
  accountState: {
    table: t.accountState,
    key: t.accountState.userId,
    keyName: 'userId',
    owner: t.accountState.userId,
  },
  badge: { table: t.badge, key: t.badge.userId, keyName: 'userId', owner: t.badge.userId },
  protectedAccounts: {
    table: t.protectedAccount,
    key: t.protectedAccount.id,
    keyName: 'id',
    owner: t.protectedAccount.userId,
  },
  searchTerms: {
    table: t.searchTerm,
    key: t.searchTerm.id,
    keyName: 'id',
    owner: t.searchTerm.userId,
  },
  whitelist: {
    table: t.whitelistEntry,
    key: t.whitelistEntry.id,
    keyName: 'id',
    owner: t.whitelistEntry.userId,
  },
  contentCollections: {
    table: t.contentCollection,
    key: t.contentCollection.id,
    keyName: 'id',
    owner: t.contentCollection.userId,
  },
  contentItems: {
    table: t.contentItem,
    key: t.contentItem.id,
    keyName: 'id',
    owner: t.contentItem.userId,
  },
  // Links between her works and her files (a link has no user column: hers through the file).
  contentItemFiles: {
    table: t.contentItemFile,
    key: t.contentItemFile.fileId,
    keyName: 'fileId',
    key2: t.contentItemFile.itemId,
    key2Name: 'itemId',
    owner: t.referenceFile.userId,
  },
  referenceFiles: {
    table: t.referenceFile,
    key: t.referenceFile.id,
    keyName: 'id',
    owner: t.referenceFile.userId,
  },
  scans: { table: t.scan, key: t.scan.id, keyName: 'id', owner: t.scan.userId },
  findings: { table: t.finding, key: t.finding.id, keyName: 'id', owner: t.finding.userId },
  // Her consent to likeness protection and her enrolled faces (features/likeness).
  faceEnrolment: {
    table: t.faceEnrolment,
    key: t.faceEnrolment.userId,
    keyName: 'userId',
    owner: t.faceEnrolment.userId,
  },
  enrolledFaces: {
    table: t.enrolledFace,
    key: t.enrolledFace.id,
    keyName: 'id',
    owner: t.enrolledFace.userId,
  },
  // Pages that share her name, kept for her review (features/name-sightings).
  nameSightings: {
    table: t.nameSighting,
    key: t.nameSighting.id,
    keyName: 'id',
    owner: t.nameSighting.userId,
  },
  authorizations: {
    table: t.agentAuthorization,
    key: t.agentAuthorization.id,
    keyName: 'id',
    owner: t.agentAuthorization.userId,
  },
  takedowns: { table: t.takedown, key: t.takedown.id, keyName: 'id', owner: t.takedown.userId },
  takedownEvents: {
    table: t.takedownEvent,
    key: t.takedownEvent.id,
    keyName: 'id',
    owner: t.takedownEvent.userId,
  },
  takedownRecipients: {
    table: t.takedownRecipient,
    key: t.takedownRecipient.id,
    keyName: 'id',
    owner: t.takedownRecipient.userId,
  },
  notices: { table: t.notice, key: t.notice.id, keyName: 'id', owner: t.notice.userId },
  noticeItems: {
    table: t.noticeItem,
    key: t.noticeItem.takedownId,
    keyName: 'takedownId',
    key2: t.noticeItem.noticeId,
    key2Name: 'noticeId',
    owner: t.noticeItem.userId,
  },
  delistingRequests: {
    table: t.delistingRequest,
    key: t.delistingRequest.id,
    keyName: 'id',
    owner: t.delistingRequest.userId,
  },
  reportedUrls: {
    table: t.reportedUrl,
    key: t.reportedUrl.id,
    keyName: 'id',
    owner: t.reportedUrl.userId,
  },
  impersonationReports: {
    table: t.impersonationReport,
    key: t.impersonationReport.id,
    keyName: 'id',
    owner: t.impersonationReport.userId,
  },
  billingCustomer: {
    table: t.billingCustomer,
    key: t.billingCustomer.userId,
    keyName: 'userId',
    owner: t.billingCustomer.userId,
  },
  billingSubscriptions: {
    table: t.billingSubscription,
    key: t.billingSubscription.id,
    keyName: 'id',
    owner: t.billingSubscription.userId,
  },
  billingPayments: {
    table: t.billingPayment,
    key: t.billingPayment.id,
    keyName: 'id',
    owner: t.billingPayment.userId,
  },
  offerClaims: {
    table: t.customOfferClaim,
    key: t.customOfferClaim.offerId,
    keyName: 'offerId',
    owner: t.customOfferClaim.userId,
  },
  // The affiliate programme: her code, who referred her, and her commissions and payouts as an affiliate.
  affiliateCode: {
    table: t.affiliateCode,
    key: t.affiliateCode.userId,
    keyName: 'userId',
    owner: t.affiliateCode.userId,
  },
  referredBy: {
    table: t.referral,
    key: t.referral.referredUserId,
    keyName: 'referredUserId',
    owner: t.referral.referredUserId,
  },
  affiliateCommissions: {
    table: t.affiliateCommission,
    key: t.affiliateCommission.id,
    keyName: 'id',
    owner: t.affiliateCommission.affiliateUserId,
  },
  affiliatePayouts: {
    table: t.affiliatePayout,
    key: t.affiliatePayout.id,
    keyName: 'id',
    owner: t.affiliatePayout.affiliateUserId,
  },
  // Her Scam Registry reports, whatever their review status.
  riskRegistryReports: {
    table: t.riskRegistryEntry,
    key: t.riskRegistryEntry.id,
    keyName: 'id',
    owner: t.riskRegistryEntry.reportedBy,
  },
  // Her notifications, read or not, and her e-mail choices per category (features/notifications).
  notifications: {
    table: t.notification,
    key: t.notification.id,
    keyName: 'id',
    owner: t.notification.userId,
  },
  notificationPreferences: {
    table: t.notificationPreference,
    key: t.notificationPreference.category,
    keyName: 'category',
    owner: t.notificationPreference.userId,
  },
  // Her support requests and every message of them, hers and the team's (features/support).
  supportRequests: {
    table: t.supportRequest,
    key: t.supportRequest.id,
    keyName: 'id',
    owner: t.supportRequest.userId,
  },
  supportMessages: {
    table: t.supportMessage,
    key: t.supportMessage.id,
    keyName: 'id',
    owner: t.supportRequest.userId,
  },
};

export function withoutSecrets(section: AccountExportSection, row: ExportRow): ExportRow {
  const secret = SECRET_COLUMNS[section];
  if (!secret) return row;
  return Object.fromEntries(Object.entries(row).filter(([key]) => !secret.includes(key)));
}
