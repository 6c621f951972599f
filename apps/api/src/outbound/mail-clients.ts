import type { ImapFlow, ImapFlowOptions } from 'imapflow';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { CheckedTarget } from './outbound-policy';

// imapflow and nodemailer are required when the first client is made, not when the API starts:
// with mailparser (email/mailparser.ts) they hold about 10 MB of heap that a process which never
// reaches a mail server (most requests, every instance without mail accounts) does not need.

/**
 * Where a mail client connects: the first checked address, with the host the user wrote as the TLS
 * server name (SNI and the certificate check), so DNS is not asked again between check and connect.
 */
function pinned(target: CheckedTarget): { host: string; servername?: string } {
  const address = target.addresses[0].address;
  return address === target.host ? { host: address } : { host: address, servername: target.host };
}

/** An IMAP client (imapflow) for a host OutboundPolicy.resolve() checked; not connected yet. */
export function createImapClient(
  target: CheckedTarget,
  options: Omit<ImapFlowOptions, 'host' | 'servername'>,
): ImapFlow {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const { ImapFlow: Client } = require('imapflow') as typeof import('imapflow');
  return new Client({ ...options, ...pinned(target) });
}

/** An SMTP transport (nodemailer) for a host OutboundPolicy.resolve() checked. */
export function createSmtpTransport(
  target: CheckedTarget,
  options: Omit<SMTPTransport.Options, 'host' | 'servername'>,
): Transporter {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  const nodemailer = require('nodemailer') as typeof import('nodemailer');
  return nodemailer.createTransport({ ...options, ...pinned(target) });
}
