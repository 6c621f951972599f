import { escapeLike, likeContaining, likeStartingWith } from './like-pattern';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character, and nothing else', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike("it's [a] *test*")).toBe("it's [a] *test*");
    expect(escapeLike('')).toBe('');
  });

  it('builds the anywhere and the prefix pattern', () => {
    expect(likeContaining('a_b')).toBe('%a\\_b%');
    expect(likeStartingWith('100%')).toBe('100\\%%');
  });
});
