import type { AppMail } from './app-mailer.service';

/** The texts of the app's own mail: plain sentences, every one complete. */

const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : 'Hello,');
const ignore = 'If this was not you, you can ignore this message.';

export function verifyEmailMail(to: string, firstName: string | null, link: string): AppMail {
  return {
    to,
    subject: 'Confirm your email address for Aide',
    paragraphs: [
      greeting(firstName),
      'Please confirm that this is your email address by opening the link below. The link works once and expires in 24 hours.',
      link,
      ignore,
    ],
  };
}

export function signUpAttemptMail(to: string, firstName: string | null, resetLink: string): AppMail {
  return {
    to,
    subject: 'Someone tried to sign up to Aide with your address',
    paragraphs: [
      greeting(firstName),
      'Someone tried to create an Aide account with this email address, which already has one. No new account was created.',
      'If it was you and you have forgotten your password, you can set a new one here:',
      resetLink,
      ignore,
    ],
  };
}

export function resetPasswordMail(to: string, firstName: string | null, link: string): AppMail {
  return {
    to,
    subject: 'Set a new password for Aide',
    paragraphs: [
      greeting(firstName),
      'Someone asked to set a new password for your Aide account. Open the link below to choose one. The link works once and expires in one hour.',
      link,
      ignore,
    ],
  };
}

export function passwordChangedMail(to: string, firstName: string | null): AppMail {
  return {
    to,
    subject: 'Your Aide password was changed',
    paragraphs: [
      greeting(firstName),
      'The password of your Aide account was just changed, and your other sessions were signed out.',
      'If you did not do this, reset your password from the sign-in page at once.',
    ],
  };
}

export function passwordClearedMail(to: string, firstName: string | null, resetLink: string): AppMail {
  return {
    to,
    subject: 'Your Aide password no longer works',
    paragraphs: [
      greeting(firstName),
      'You just signed in to Aide with Google. The password of this account had been set before this email address was confirmed, so it may not have been yours: we removed it and signed out every other session.',
      'You can keep signing in with Google, or set a new password here:',
      resetLink,
    ],
  };
}
