import { describeSyncError, signInRefusedMessage } from './sync-errors';

const server = { host: 'mail.example.org', port: 993 };
const failure = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('sync errors in words', () => {
  it('say which sign-in was refused and what to check', () => {
    expect(signInRefusedMessage('ann@example.test', 'imap')).toBe('The mail server refused the sign-in for ann@example.test: check the password');
    expect(signInRefusedMessage('ann@gmail.com', 'gmail')).toBe('The mail server refused the sign-in for ann@gmail.com: check the app password, or connect the account again');
  });

  it('name the server and the likely cause of a connection failure', () => {
    expect(describeSyncError(failure('ENOTFOUND'), server)).toBe('Could not find the mail server mail.example.org: check the IMAP host');
    expect(describeSyncError(failure('ECONNREFUSED'), server)).toBe('The mail server mail.example.org:993 refused the connection: check the IMAP host and port');
    expect(describeSyncError(failure('CONNECT_TIMEOUT'), server)).toBe('The mail server mail.example.org did not answer in time');
    expect(describeSyncError(failure('ECONNRESET'), server)).toBe('The connection to the mail server mail.example.org was lost during the sync');
    expect(describeSyncError(failure('DEPTH_ZERO_SELF_SIGNED_CERT'), server)).toBe('The certificate of the mail server mail.example.org could not be verified (DEPTH_ZERO_SELF_SIGNED_CERT)');
  });

  it('quote what an IMAP server answered, and keep any other message', () => {
    expect(describeSyncError(Object.assign(new Error('Command failed'), { responseText: 'Mailbox is locked' }), server)).toBe('The mail server mail.example.org answered: Mailbox is locked');
    expect(describeSyncError(new Error('Something else'), server)).toBe('Something else');
    expect(describeSyncError('plain', server)).toBe('plain');
  });
});
