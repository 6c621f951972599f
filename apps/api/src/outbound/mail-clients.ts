import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { CheckedTarget } from './outbound-policy';

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
  return new ImapFlow({ ...options, ...pinned(target) });
}

/** An SMTP transport (nodemailer) for a host OutboundPolicy.resolve() checked. */
export function createSmtpTransport(
  target: CheckedTarget,
  options: Omit<SMTPTransport.Options, 'host' | 'servername'>,
): Transporter {
  return nodemailer.createTransport({ ...options, ...pinned(target) });
}
