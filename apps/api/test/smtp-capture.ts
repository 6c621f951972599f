import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (the smtp-server package) on 127.0.0.1 that keeps every message it accepts. */
export interface SmtpCapture {
  url: string;
  messages: ParsedMail[];
  /** The messages to `address` so far. */
  to(address: string): ParsedMail[];
  /** Waits for the next message to `address` after the `seen` ones (by polling the captured list, never a fixed sleep). */
  next(address: string, seen?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (mail: ParsedMail) =>
  [mail.to].flat().flatMap((to) => to?.value.map((v) => v.address?.toLowerCase()) ?? []);

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        messages.push(mail);
        callback();
      }, callback);
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => recipients(m).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    async next(address, seen = 0) {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const found = to(address);
        if (found.length > seen) return found[seen];
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`No mail to ${address} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link into the app in a mail's plain text. */
export function linkIn(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  return new URL(match[0]);
}
