/**
 * The large libraries an API process may never use are required on first use, not when the
 * modules that use them are imported (together 27 MB of the idle API's old-generation heap, and
 * the mail libraries another 10 MB):
 * importing the module leaves the library unloaded; the first call loads it, and works.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each module is required in a fresh registry */
import type { CheckedTarget } from '../../outbound/outbound-policy';

const loads: string[] = [];

/** Records each time `library` is loaded (its real exports are used), in a fresh module registry. */
function firstUse<M>(library: string, importModule: () => M, use: (module: M) => unknown) {
  loads.length = 0;
  jest.isolateModules(() => {
    jest.doMock(library, () => {
      loads.push(library);
      return jest.requireActual(library);
    });
    const module = importModule();
    expect(loads).toEqual([]);
    use(module);
    expect(loads).toEqual([library]);
  });
  jest.dontMock(library);
}

describe('libraries loaded on first use', () => {
  it('wink-nlp and its English model: on the first key phrase', () => {
    firstUse(
      'wink-eng-lite-web-model',
      () => require('./phrases') as typeof import('./phrases'),
      ({ keyPhrases }) =>
        expect(keyPhrases('Heat pumps and installation costs').map((phrase) => phrase.phrase)).toContain('heat pumps'),
    );
  });

  it('linkedom: on the first page read', () => {
    firstUse(
      'linkedom',
      () => require('../../websites/fetch/page-facts') as typeof import('../../websites/fetch/page-facts'),
      ({ readPageFacts }) =>
        expect(
          readPageFacts('<html><head><title>Aide</title></head><body></body></html>', 'https://example.com/').title,
        ).toBe('Aide'),
    );
  });

  it('chrono-node: on the first date read from a mail or a bill', () => {
    firstUse(
      'chrono-node',
      () => require('../../suggestions/bills/read-bill') as typeof import('../../suggestions/bills/read-bill'),
      ({ dayIn }) => expect(dayIn('Due date: 3 January 2027', new Date('2026-12-01T00:00:00Z'))).toBe('2027-01-03'),
    );
    firstUse(
      'chrono-node',
      () =>
        require('../../suggestions/mail-dates/mail-dates') as typeof import('../../suggestions/mail-dates/mail-dates'),
      ({ chronoNode }) => expect(typeof chronoNode().parseDate).toBe('function'),
    );
  });

  it('mailparser: on the first message read', async () => {
    let parsed: Promise<{ subject: string }> | undefined;
    firstUse(
      'mailparser',
      () => require('../../email/sync/message-parsing') as typeof import('../../email/sync/message-parsing'),
      ({ parseMessage }) => (parsed = parseMessage(Buffer.from('Subject: Hello\r\n\r\nBody\r\n'))),
    );
    expect((await parsed)?.subject).toBe('Hello');
  });

  it('imapflow and nodemailer: when the first mail client is made', () => {
    const target = {
      host: 'mail.example.com',
      addresses: [{ address: '192.0.2.1', family: 4 }],
    } as unknown as CheckedTarget;
    firstUse(
      'imapflow',
      () => require('../../outbound/mail-clients') as typeof import('../../outbound/mail-clients'),
      ({ createImapClient }) =>
        expect(createImapClient(target, { port: 993, logger: false }).constructor.name).toBe('ImapFlow'),
    );
    firstUse(
      'nodemailer',
      () => require('../../outbound/mail-clients') as typeof import('../../outbound/mail-clients'),
      ({ createSmtpTransport }) => {
        const transport = createSmtpTransport(target, { port: 465 });
        expect(typeof transport.sendMail).toBe('function');
        transport.close();
      },
    );
  });

  it('the AWS SDK: when an S3 document store is made', () => {
    firstUse(
      '@aws-sdk/client-s3',
      () =>
        require('../../documents/storage/s3-document-store') as typeof import('../../documents/storage/s3-document-store'),
      ({ S3DocumentStore }) => {
        const store = new S3DocumentStore({ bucket: 'b', region: 'us-east-1', forcePathStyle: true });
        expect(store.bucket).toBe('b');
        store.destroy();
      },
    );
  });
});
