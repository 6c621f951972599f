// The SMTP server the second e2e API sends its own mail to (verification and reset links), keeping
// every message, from the API tests' capture (apps/api/test/smtp-capture.ts). Playwright starts
// and stops it (playwright.config.ts). It answers on APP_MAIL_E2E_PORT (loopback):
//   GET /health               200 with { smtpUrl } once started (Playwright waits for it)
//   GET /messages?to=ADDRESS  the messages to that address, oldest first: [{ subject, text, link }]
// and listens for SMTP on APP_MAIL_E2E_SMTP_PORT.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const port = Number(process.env.APP_MAIL_E2E_PORT ?? 3295);
const smtpPort = Number(process.env.APP_MAIL_E2E_SMTP_PORT ?? 3294);

interface Captured {
  to: string[];
  subject: string;
  text: string;
  link: string | null;
}
const messages: Captured[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then((mail) => {
      const to = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address?.toLowerCase() ?? '') ?? []);
      const text = mail.text ?? '';
      messages.push({ to, subject: mail.subject ?? '', text, link: /https?:\/\/\S+/.exec(text)?.[0] ?? null });
      callback();
    }, callback);
  },
});
smtp.listen(smtpPort, '127.0.0.1');

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/health') return json(200, { smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
  if (req.method === 'GET' && url.pathname === '/messages') {
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    return json(
      200,
      messages.filter((m) => m.to.includes(to)),
    );
  }
  json(404, { error: `No ${req.method} ${url.pathname}` });
});
control.listen(port, '127.0.0.1');

const stop = () => {
  control.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
