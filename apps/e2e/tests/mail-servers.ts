/**
 * The run's mail servers (Dovecot IMAP, SMTP delivering into it), started by playwright.config.ts
 * from mail-server.mts. For the tests that connect an account through the UI, sync and send:
 *
 *   const mail = await mailServers();           // fails with the install hint when Dovecot is missing
 *   const ada = mail.users[0];                   // { name, address, password }
 *   // Add Integration → IMAP: ada.address, ada.password, mail.imap.host/port, mail.smtp.host/port
 *   await deliverMail('ada', rawMessage);        // arrives in ada's INBOX for the next sync
 *   await setFailDelivery(true, tag);            // SMTP refuses mail whose subject has the tag
 *   await serverMessages('bob');                 // what arrived in bob's INBOX (or another mailbox)
 */
import { expect, type Page } from '@playwright/test';
import type { EmailIntegration } from '@aide/contracts';

const control = () => `http://127.0.0.1:${process.env.MAIL_E2E_PORT}`;

export interface E2EMailServers {
  imap: { host: string; port: number };
  smtp: { host: string; port: number };
  domain: string;
  users: { name: string; address: string; password: string }[];
}

export async function mailServers(): Promise<E2EMailServers> {
  const res = await fetch(`${control()}/`);
  const body = (await res.json()) as E2EMailServers & { error?: string };
  if (!res.ok)
    throw new Error(
      `The e2e mail servers are not running: ${body.error ?? res.status}. Install Dovecot: sudo apt-get install -y dovecot-imapd`,
    );
  return body;
}

/** Files a raw RFC 5322 message into `user`'s INBOX, as if it had arrived from outside. */
export async function deliverMail(user: string, raw: string): Promise<void> {
  const res = await fetch(`${control()}/deliver?user=${encodeURIComponent(user)}`, { method: 'POST', body: raw });
  if (res.status !== 204) throw new Error(`Delivering to ${user} failed: ${await res.text()}`);
}

/**
 * true: the SMTP server refuses (554) the messages whose subject contains `subjectIncludes`, until
 * set back to false. Scoped, because the other worker's tests send through the same server meanwhile.
 */
export async function setFailDelivery(on: boolean, subjectIncludes: string): Promise<void> {
  const query = new URLSearchParams({ on: String(on), subject: subjectIncludes });
  const res = await fetch(`${control()}/fail-delivery?${query}`, { method: 'POST' });
  if (res.status !== 204) throw new Error(`fail-delivery failed: ${await res.text()}`);
}

export interface ServerMessage {
  subject: string;
  from: string;
  inReplyTo: string | null;
  text: string;
  flags: string[];
  attachments: { filename: string | null; size: number }[];
}

/** What is in `user`'s mailbox on the IMAP server, as another mail client would see it. */
export async function serverMessages(user: string, mailbox = 'INBOX'): Promise<ServerMessage[]> {
  const res = await fetch(
    `${control()}/messages?user=${encodeURIComponent(user)}&mailbox=${encodeURIComponent(mailbox)}`,
  );
  if (!res.ok) throw new Error(`Reading ${user}'s ${mailbox} failed: ${await res.text()}`);
  return (await res.json()) as ServerMessage[];
}

/** A plain-text message from `from` to `to`, for deliverMail. */
export function rawMessage({
  from,
  to,
  subject,
  text,
  date = new Date(),
}: {
  from: string;
  to: string;
  subject: string;
  text: string;
  date?: Date;
}): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${Date.now()}.${Math.random().toString(36).slice(2)}@e2e.test>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

/**
 * Connects the run's Dovecot mailbox of `user` ('ada', 'bob', …) for the user signed in on `page`
 * (what the Add Integration dialog posts, without a recurring sync: a day) and waits until its
 * first sync has finished without error. Answers the account and the mailbox's login.
 */
export async function connectMailbox(
  page: Page,
  user: string,
  overrides: Record<string, unknown> = {},
): Promise<{ account: EmailIntegration; login: E2EMailServers['users'][number] }> {
  const mail = await mailServers();
  const login = mail.users.find((candidate) => candidate.name === user)!;
  const created = await page.request.post('/api/email-integrations', {
    data: {
      provider: 'imap',
      email: login.address,
      password: login.password,
      imapHost: mail.imap.host,
      imapPort: mail.imap.port,
      smtpHost: mail.smtp.host,
      smtpPort: mail.smtp.port,
      syncFrequency: 86_400,
      ...overrides,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as EmailIntegration;
  let account: EmailIntegration | undefined;
  await expect
    .poll(
      async () => {
        const accounts = (await (await page.request.get('/api/email-integrations')).json()) as EmailIntegration[];
        account = accounts.find((candidate) => candidate.id === id);
        return account?.lastSyncError ?? (account?.lastSyncAt ? 'synced' : 'syncing');
      },
      { timeout: 30_000 },
    )
    .toBe('synced');
  return { account: account!, login };
}
