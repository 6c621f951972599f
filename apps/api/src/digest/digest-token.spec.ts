import { signUnsubscribeToken, verifyUnsubscribeToken } from './digest-token';

const SECRET = 'a'.repeat(64);

describe('the unsubscribe token', () => {
  it('names the user it was signed for', () => {
    const token = signUnsubscribeToken(SECRET, 42);
    expect(token).toMatch(/^42\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(SECRET, token)).toBe(42);
  });

  it('is refused when changed, signed with another secret, or malformed', () => {
    const token = signUnsubscribeToken(SECRET, 42);
    const signature = token.split('.')[1];
    expect(verifyUnsubscribeToken(SECRET, `43.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken('b'.repeat(64), token)).toBeNull();
    expect(verifyUnsubscribeToken(SECRET, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    for (const bad of ['', '42', '42.', '0.abc', '-1.abc', `${token}x`, `99999999999.${signature}`])
      expect(verifyUnsubscribeToken(SECRET, bad)).toBeNull();
  });
});
