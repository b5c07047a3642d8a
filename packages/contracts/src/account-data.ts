// The creator's own data (/api/account/*): the export of everything Shark keeps about her, as one JSON
// download, and deleting her account for good.
import { z } from 'zod';

/** What she types to confirm deletion (the dialog shows it). */
export const DELETE_ACCOUNT_CONFIRMATION = 'delete my account';

/** GET /api/account/data: how she confirms deletion — her password, or (Google only) her e-mail address. */
export const accountDataInfoSchema = z.object({
  confirmWith: z.enum(['password', 'email']),
  confirmationText: z.literal(DELETE_ACCOUNT_CONFIRMATION),
});
export type AccountDataInfo = z.infer<typeof accountDataInfoSchema>;

/** DELETE /api/account. */
export const deleteAccountRequestSchema = z.object({
  confirmation: z.string({ error: `Type "${DELETE_ACCOUNT_CONFIRMATION}" to confirm.` }).max(200),
  /** Accounts with a password: the password. */
  password: z.string().max(1024).optional(),
  /** Accounts that sign in with Google only: the account's e-mail address. */
  email: z.string().max(320).optional(),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const deleteAccountResultSchema = z.object({
  deleted: z.literal(true),
  /** A running subscription at the payment provider was cancelled with immediate effect. */
  isSubscriptionCancelled: z.boolean(),
});
export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;

/** The export document's name and version (its first fields). */
export const ACCOUNT_EXPORT_FORMAT = 'shark-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

/** The sections of the export, in the order they appear after `profile`. */
export const ACCOUNT_EXPORT_SECTIONS = [
  'signInMethods',
  'sessions',
  'accountState',
  'badge',
  'protectedAccounts',
  'searchTerms',
  'whitelist',
  'contentCollections',
  'contentItems',
  'contentItemFiles',
  'referenceFiles',
  'scans',
  'findings',
  'faceEnrolment',
  'enrolledFaces',
  'nameSightings',
  'authorizations',
  'takedowns',
  'takedownEvents',
  'takedownRecipients',
  'notices',
  'noticeItems',
  'delistingRequests',
  'reportedUrls',
  'impersonationReports',
  'billingCustomer',
  'billingSubscriptions',
  'billingPayments',
  'offerClaims',
  'affiliateCode',
  'referredBy',
  'affiliateCommissions',
  'affiliatePayouts',
  'riskRegistryReports',
  'notifications',
  'notificationPreferences',
  'supportRequests',
  'supportMessages',
] as const;
export type AccountExportSection = (typeof ACCOUNT_EXPORT_SECTIONS)[number];

/** The document's outline (the rows are the stored records, dates as ISO strings). */
export const accountExportSchema = z
  .object({
    format: z.literal(ACCOUNT_EXPORT_FORMAT),
    version: z.literal(ACCOUNT_EXPORT_VERSION),
    exportedAt: z.string(),
    profile: z.looseObject({ id: z.string(), name: z.string(), email: z.string() }),
  })
  .catchall(z.array(z.record(z.string(), z.unknown())));
export type AccountExport = z.infer<typeof accountExportSchema>;
