import type MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';

/**
 * nodemailer's MailComposer for one message, with the composer required on the first message
 * built rather than when the API starts: MIME building is heap most processes never use (see
 * mailparser.ts for the parsing side).
 */
export function composeMail(options: Mail.Options): MailComposer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const Composer = require('nodemailer/lib/mail-composer') as typeof MailComposer;
  return new Composer(options);
}
