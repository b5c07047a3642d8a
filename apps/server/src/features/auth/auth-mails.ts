// The account messages: verify the address, change it, reset the password, and "you already have an account" (at sign-up or at a change of address).
import type { BrandConfig } from '#server/config/brands.ts';
import { renderMail } from '#server/features/mail/layout.ts';

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function verificationMail(brand: BrandConfig, user: { name: string }, url: string) {
  return renderMail(brand, {
    subject: `Verify your e-mail address for ${brand.name}`,
    paragraphs: [
      greeting(user.name),
      `Please confirm that this is your e-mail address to activate your ${brand.name} account.`,
    ],
    action: { label: 'Verify e-mail address', url },
    after: [
      'The link works for 24 hours. If you did not create an account, you can ignore this message.',
    ],
  });
}

export function changeEmailMail(
  brand: BrandConfig,
  user: { name: string; email: string },
  previousEmail: string,
  url: string,
) {
  return renderMail(brand, {
    subject: `Confirm your new e-mail address for ${brand.name}`,
    paragraphs: [
      greeting(user.name),
      `You asked to change the e-mail address of your ${brand.name} account from ${previousEmail} to ${user.email}.`,
      `Your account keeps using ${previousEmail} until you confirm the new address.`,
    ],
    action: { label: 'Confirm new e-mail address', url },
    after: [
      'The link works for 24 hours. If you did not ask for this, you can ignore this message.',
    ],
  });
}

export function emailChangedNoticeMail(
  brand: BrandConfig,
  user: { name: string },
  change: { previousEmail: string; newEmail: string },
  resetUrl: string,
) {
  return renderMail(brand, {
    subject: `The e-mail address of your ${brand.name} account was changed`,
    paragraphs: [
      greeting(user.name),
      `The e-mail address of your ${brand.name} account was changed from ${change.previousEmail} to ${change.newEmail}. Messages about your account now go to the new address, and you sign in with it.`,
      `If you did not make this change, reset your password at once (${resetUrl}) and contact us at ${brand.links.contact}.`,
    ],
    after: ['You receive this message at your former address only this once.'],
  });
}

export function resetPasswordMail(brand: BrandConfig, user: { name: string }, url: string) {
  return renderMail(brand, {
    subject: `Reset your ${brand.name} password`,
    paragraphs: [
      greeting(user.name),
      `Someone asked to reset the password of your ${brand.name} account.`,
    ],
    action: { label: 'Create a new password', url },
    after: [
      'The link works once and expires in one hour. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  });
}

export function existingAccountMail(
  brand: BrandConfig,
  user: { name: string },
  urls: { signIn: string; reset: string },
) {
  return renderMail(brand, {
    subject: `You already have a ${brand.name} account`,
    paragraphs: [
      greeting(user.name),
      `Someone tried to sign up for ${brand.name} with this e-mail address, which already has an account.`,
      'If it was you, sign in instead. If you forgot your password, you can reset it.',
    ],
    action: { label: 'Sign in', url: urls.signIn },
    after: [
      `Reset your password: ${urls.reset}`,
      'If it was not you, you can ignore this message.',
    ],
  });
}

/** To the holder of an address that someone asked to move another account to; the one who asked is not told. */
export function addressTakenMail(
  brand: BrandConfig,
  holder: { name: string },
  urls: { signIn: string },
) {
  return renderMail(brand, {
    subject: `Someone asked to use your e-mail address for another ${brand.name} account`,
    paragraphs: [
      greeting(holder.name),
      `Someone signed in to another ${brand.name} account asked to change its e-mail address to this one. This address already belongs to your account, so nothing was changed: your account is as it was, and the other account keeps its own address.`,
      'If it was you, you already have an account with this address: sign in with it.',
    ],
    action: { label: 'Sign in', url: urls.signIn },
    after: ['If it was not you, you can ignore this message.'],
  });
}
