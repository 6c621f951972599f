import type { ParsedMail, simpleParser as SimpleParser } from 'mailparser';

type Source = Parameters<typeof SimpleParser>[0];
type Options = NonNullable<Parameters<typeof SimpleParser>[1]>;

/**
 * mailparser's simpleParser (promise form), with mailparser required on the first message rather
 * than when the API starts: it brings libmime, its charset tables and html-to-text's parser (with
 * imapflow and nodemailer, outbound/mail-clients.ts, about 10 MB of heap), which an instance that
 * never syncs or reads mail does not need.
 */
export function simpleParser(source: Source, options?: Options): Promise<ParsedMail> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (require('mailparser') as typeof import('mailparser')).simpleParser(source, options);
}
