import { EMAIL_PROVIDER_PRESETS, type MailServer } from '@aide/contracts';
import type { EmailIntegrationEntity } from './email-integration.entity';

const IMAPS_PORT = 993;
const SMTPS_PORT = 465;
const SUBMISSION_PORT = 587;

/**
 * The IMAP and SMTP servers of an account: the preset's for gmail, outlook and yahoo (their host
 * columns are null); the stored ones for imap, where a missing port means IMAPS 993 and submission
 * 587, a missing SMTP host the IMAP host, and TLS is implicit on 993 and 465 (STARTTLS elsewhere).
 */
export function resolveMailServers(
  integration: Pick<EmailIntegrationEntity, 'provider' | 'imapHost' | 'imapPort' | 'smtpHost' | 'smtpPort'>,
): { imap: MailServer; smtp: MailServer } {
  if (integration.provider !== 'imap') return EMAIL_PROVIDER_PRESETS[integration.provider];
  if (!integration.imapHost) throw new Error('The IMAP server of this account is not set');
  const imapPort = integration.imapPort ?? IMAPS_PORT;
  const smtpPort = integration.smtpPort ?? SUBMISSION_PORT;
  return {
    imap: { host: integration.imapHost, port: imapPort, secure: imapPort === IMAPS_PORT },
    smtp: { host: integration.smtpHost ?? integration.imapHost, port: smtpPort, secure: smtpPort === SMTPS_PORT },
  };
}
