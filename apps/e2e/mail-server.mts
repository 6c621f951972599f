// Real mail servers for the email e2e tests: Dovecot IMAP and an SMTP server that delivers into it
// (through dovecot-lda), from the API's own test harness (apps/api/test/mail-servers.ts), with two
// fixed mailboxes. Playwright starts and stops it (playwright.config.ts), like Radicale.
//
// It answers on MAIL_E2E_PORT (loopback) so the tests know where the servers are and can put mail in:
//   GET  /health                       200 once started (Playwright waits for it)
//   GET  /                             { imap: {host, port}, smtp: {host, port}, domain, users: [{name, address, password}] },
//                                      or 503 { error } when Dovecot is missing: only the tests that need mail
//                                      fail, with the install hint (tests/mail-servers.ts)
//   POST /deliver?user=ada             body: a raw RFC 5322 message, filed into that user's INBOX → 204
//   POST /fail-delivery?on=true|false&subject=…  the SMTP server refuses messages whose subject contains
//                                      that text with 554 (or accepts them again) → 204. The run's tests share
//                                      the server, two at a time: a refusal names its own test's mail.
//   GET  /messages?user=bob&mailbox=INBOX  what is in that mailbox: [{ subject, from, inReplyTo, text, flags, attachments }]
import http from 'node:http';
import { startMailServers, type MailServers } from '@aide/api/test/mail-servers';

const port = Number(process.env.MAIL_E2E_PORT ?? 3299);
export const MAIL_E2E_USERS = [
  { name: 'ada', password: 'ada mail password' },
  { name: 'bob', password: 'bob mail password' },
];

let servers: MailServers | null = null;
let failure: string | null = null;
try {
  servers = await startMailServers({ users: MAIL_E2E_USERS });
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
  console.error(`Mail servers for the e2e tests are unavailable: ${failure}`);
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Answers one control request; a failure becomes a 500 with its message (or cuts an answer already begun). */
async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  try {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/health') return json(res, 200, { ok: true });
    if (!servers) return json(res, 503, { error: failure });
    if (req.method === 'GET' && url.pathname === '/') {
      return json(res, 200, {
        imap: { host: servers.imap.host, port: servers.imap.port },
        smtp: { host: servers.smtp.host, port: servers.smtp.port },
        domain: servers.domain,
        users: MAIL_E2E_USERS.map((user) => ({ ...user, address: servers!.address(user.name) })),
      });
    }
    if (req.method === 'POST' && url.pathname === '/deliver') {
      await servers.deliver(url.searchParams.get('user') ?? '', await readBody(req));
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'GET' && url.pathname === '/messages') {
      const messages = await servers.fetchAll(
        url.searchParams.get('user') ?? '',
        url.searchParams.get('mailbox') ?? 'INBOX',
      );
      return json(
        res,
        200,
        messages.map((m) => ({
          subject: m.parsed.subject ?? '',
          from: m.parsed.from?.text ?? '',
          inReplyTo: m.parsed.inReplyTo ?? null,
          text: m.parsed.text ?? '',
          flags: m.flags,
          // Compose (issue 24): what a written message carried.
          attachments: m.parsed.attachments.map((a) => ({ filename: a.filename ?? null, size: a.size })),
        })),
      );
    }
    if (req.method === 'POST' && url.pathname === '/fail-delivery') {
      const subject = url.searchParams.get('subject');
      servers.setFailDelivery(
        url.searchParams.get('on') === 'true',
        subject ? { subjectIncludes: subject } : undefined,
      );
      res.writeHead(204).end();
      return;
    }
    json(res, 404, { error: `No ${req.method} ${url.pathname}` });
  } catch (error) {
    if (res.headersSent) res.destroy();
    else json(res, 500, { error: error instanceof Error ? error.message : String(error) });
  }
}

const control = http.createServer((req, res) => void answer(req, res));
control.listen(port, '127.0.0.1');

const stop = async () => {
  control.close();
  await servers?.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
