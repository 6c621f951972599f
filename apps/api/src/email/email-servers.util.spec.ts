import { EMAIL_PROVIDER_PRESETS } from '@aide/contracts';
import { resolveMailServers } from './email-servers.util';

const none = { imapHost: null, imapPort: null, smtpHost: null, smtpPort: null };

describe('resolveMailServers', () => {
  it("takes a preset provider's servers from EMAIL_PROVIDER_PRESETS", () => {
    expect(resolveMailServers({ provider: 'outlook', ...none })).toEqual(EMAIL_PROVIDER_PRESETS.outlook);
  });

  it("uses an imap account's own servers, TLS on 993 and 465, STARTTLS elsewhere", () => {
    expect(
      resolveMailServers({
        provider: 'imap',
        imapHost: 'mail.b.io',
        imapPort: 143,
        smtpHost: 'smtp.b.io',
        smtpPort: 465,
      }),
    ).toEqual({
      imap: { host: 'mail.b.io', port: 143, secure: false },
      smtp: { host: 'smtp.b.io', port: 465, secure: true },
    });
  });

  it('fills a missing port and SMTP host, and refuses a missing IMAP host readably', () => {
    expect(resolveMailServers({ provider: 'imap', ...none, imapHost: 'mail.b.io' })).toEqual({
      imap: { host: 'mail.b.io', port: 993, secure: true },
      smtp: { host: 'mail.b.io', port: 587, secure: false },
    });
    expect(() => resolveMailServers({ provider: 'imap', ...none })).toThrow(
      'The IMAP server of this account is not set',
    );
  });
});
