import { SERVICE_NAME } from '../messages/sms-text.js';
import type { Notification } from '../ports/notifier.js';
import type { PayoutDetailsChoice } from '../validation/seller-payout-details.js';
import { payoutDetailsChangedEmail } from './payout-details-email.js';
import { RESET_CODE_TTL_MS } from './reset-code-policy.js';

const PRODUCT = SERVICE_NAME;

/** The email carrying a password-reset code. Plain text: it must read well in any client. */
export function resetCodeEmail(to: string, code: string): Notification {
  const minutes = RESET_CODE_TTL_MS / 60_000;
  return {
    channel: 'email',
    to,
    subject: `Your ${PRODUCT} password reset code: ${code}`,
    sensitive: true,
    body: [
      `Your password reset code is: ${code}`,
      '',
      `Enter it on the reset page within ${minutes} minutes. It works once.`,
      '',
      'If you did not ask to reset your password, ignore this email: your password stays as it is.',
      `Never share this code. ${PRODUCT} staff will never ask you for it.`,
    ].join('\n'),
  };
}

/** Sent on sign-up, so the owner of the address learns an account was opened with it. */
export function welcomeEmail(to: string): Notification {
  return {
    channel: 'email',
    to,
    subject: `Welcome to ${PRODUCT}`,
    body: [
      `Your ${PRODUCT} account for ${to} has been created.`,
      '',
      'Next, complete your seller profile so you can create escrow orders and get paid by M-Pesa.',
      '',
      'If you did not create this account, reply to this email and we will close it.',
    ].join('\n'),
  };
}

/** Sent whenever a password changes (reset or change), so a takeover does not go unnoticed. */
export function passwordChangedEmail(to: string): Notification {
  return {
    channel: 'email',
    to,
    subject: `Your ${PRODUCT} password was changed`,
    body: [
      `The password of your ${PRODUCT} account (${to}) was just changed, and every device was signed out.`,
      '',
      'If this was you, there is nothing more to do.',
      'If it was not, reset your password at once with "Forgot password" on the sign-in page and contact us.',
    ].join('\n'),
  };
}

/**
 * Sent when Google sign-in is added to an existing account (decision 0060). When the password
 * was removed (it was never proven to be the owner's), the email says so and how to set a new one.
 */
export function googleLinkedEmail(to: string, passwordRemoved: boolean): Notification {
  return {
    channel: 'email',
    to,
    subject: `Google sign-in was added to your ${PRODUCT} account`,
    body: [
      `Your ${PRODUCT} account (${to}) was just signed in with Google for the first time. From now on "Continue with Google" signs you in.`,
      '',
      ...(passwordRemoved
        ? [
            'Because this address had never been confirmed with us, the password the account was opened with has been removed and every device was signed out:',
            'whoever opened the account with your address can no longer use it.',
            'To sign in with a password again, set a new one with "Forgot password" on the sign-in page.',
            '',
          ]
        : []),
      'If this was not you, reset your password at once with "Forgot password" on the sign-in page and contact us.',
    ].join('\n'),
  };
}

/**
 * The account emails of one language, by what they tell: English here, Swahili in
 * account-emails-sw.ts typed to this shape. `textsFor(locale).accountEmails` picks one.
 */
export interface AccountEmails {
  resetCode(to: string, code: string): Notification;
  welcome(to: string): Notification;
  passwordChanged(to: string): Notification;
  googleLinked(to: string, passwordRemoved: boolean): Notification;
  payoutDetailsChanged(args: { to: string; details: PayoutDetailsChoice; changedAt: Date; heldUntil: Date }): Notification;
}

export const accountEmails: AccountEmails = {
  resetCode: resetCodeEmail,
  welcome: welcomeEmail,
  passwordChanged: passwordChangedEmail,
  googleLinked: googleLinkedEmail,
  payoutDetailsChanged: payoutDetailsChangedEmail,
};
