import { describeSyncError, signInRefusedMessage } from './sync-errors';

const server = { host: 'mail.example.org', port: 993 };
const failure = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('sync errors in words', () => {
  it('say which sign-in was refused and what to check', () => {
    expect(signInRefusedMessage('ann@example.test', 'imap')).toBe(
      'The mail server refused the sign-in for ann@example.test: check the password',
    );
    expect(signInRefusedMessage('ann@gmail.com', 'gmail')).toBe(
      'The mail server refused the sign-in for ann@gmail.com: check the app password, or connect the account again',
    );
  });

  // The same words whatever the cause, so that answers cannot map what listens where (the log says which).
  it.each([
    'ENOTFOUND',
    'ECONNREFUSED',
    'EHOSTUNREACH',
    'CONNECT_TIMEOUT',
    'GREETING_TIMEOUT',
    'ECONNRESET',
    'NoConnection',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
  ])('name the server and not the cause of a connection failure (%s)', (code) => {
    expect(describeSyncError(failure(code), server)).toBe(
      'Could not connect to the server at mail.example.org. Check the address and port.',
    );
  });

  it('quote what an IMAP server answered, and keep any other message', () => {
    expect(
      describeSyncError(Object.assign(new Error('Command failed'), { responseText: 'Mailbox is locked' }), server),
    ).toBe('The mail server mail.example.org answered: Mailbox is locked');
    expect(describeSyncError(new Error('Something else'), server)).toBe('Something else');
    expect(describeSyncError('plain', server)).toBe('plain');
  });
});
