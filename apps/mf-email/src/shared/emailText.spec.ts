import { ApiError } from '@aide/api-client';
import {
  forwardedMessage,
  forwardSubject,
  initials,
  parseAddress,
  quotedReply,
  replySubject,
  serverMessage,
  snippet,
  splitAddresses,
} from './emailText';

const email = {
  from: '"Lovelace, Ada" <ada@example.test>',
  to: 'me@example.test',
  cc: null,
  subject: 'Lunch on Friday?',
  receivedAt: '2026-03-03T14:05:00.000Z',
  body: 'Hi,\r\n\r\nAre you free on Friday?\nAda',
};

describe('addresses', () => {
  it('reads the display name and address, quoted names with commas included', () => {
    expect(parseAddress(email.from)).toEqual({ name: 'Lovelace, Ada', address: 'ada@example.test' });
    expect(parseAddress('ada@example.test')).toEqual({ name: 'ada@example.test', address: 'ada@example.test' });
    expect(parseAddress('Grace <grace@example.test>, bob@example.test')).toEqual({
      name: 'Grace',
      address: 'grace@example.test',
    });
    expect(parseAddress('<x@example.test>')).toEqual({ name: 'x@example.test', address: 'x@example.test' });
  });

  it('splits address lists only on commas between addresses', () => {
    expect(splitAddresses('"Doe, J" <j@x.test>, k@x.test')).toEqual(['"Doe, J" <j@x.test>', 'k@x.test']);
  });

  it('makes avatar initials', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('ada@example.test')).toBe('A');
    expect(initials('grace.hopper@example.test')).toBe('GH');
    expect(initials('')).toBe('?');
  });
});

describe('subjects and snippets', () => {
  it('prefixes Re: and Fwd: once', () => {
    expect(replySubject('Lunch')).toBe('Re: Lunch');
    expect(replySubject('RE: Lunch')).toBe('RE: Lunch');
    expect(forwardSubject('Lunch')).toBe('Fwd: Lunch');
    expect(forwardSubject('Fw: Lunch')).toBe('Fw: Lunch');
  });

  it('shows the start of the body on one line', () => {
    expect(snippet('Hello\n\n  world')).toBe('Hello world');
    expect(snippet('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('the quote shown under a reply', () => {
  it('is the original quoted under its attribution line', () => {
    const lines = quotedReply(email).split('\n');
    expect(lines[0]).toMatch(/^On Tue, Mar 3, 2026 at \d\d:\d\d, "Lovelace, Ada" <ada@example.test> wrote:$/);
    expect(lines.slice(1)).toEqual(['> Hi,', '>', '> Are you free on Friday?', '> Ada']);
  });

  it('cuts a very long original so the reply stays under the content limit', () => {
    const text = quotedReply({ ...email, body: 'a'.repeat(150_000) });
    expect(text.length).toBeLessThan(30_000);
    expect(text.endsWith('> […]')).toBe(true);
  });
});

describe('the forwarded message shown under the note', () => {
  it("is the original's headers and text", () => {
    const text = forwardedMessage({ ...email, cc: 'team@example.test' });
    expect(text.startsWith('---------- Forwarded message ---------\n')).toBe(true);
    expect(text).toContain('\nFrom: "Lovelace, Ada" <ada@example.test>\n');
    expect(text).toContain('\nSubject: Lunch on Friday?\n');
    expect(text).toContain('\nTo: me@example.test\nCc: team@example.test\n\n');
    expect(text.endsWith('Are you free on Friday?\nAda')).toBe(true);
  });
});

describe('serverMessage (spec §8: the server’s message, or a "Failed to ..." fallback)', () => {
  it("uses the API's JSON message", () => {
    expect(
      serverMessage(
        new ApiError(409, JSON.stringify({ message: 'This email account is already connected' }), 'Conflict'),
        'Failed to x',
      ),
    ).toBe('This email account is already connected');
  });

  it('falls back when there is no readable message', () => {
    expect(serverMessage(new ApiError(502, '<html>Bad gateway</html>', 'Bad Gateway'), 'Failed to send reply')).toBe(
      'Failed to send reply',
    );
    expect(serverMessage(new ApiError(500, '', 'Internal Server Error'), 'Failed to send reply')).toBe(
      'Failed to send reply',
    );
    expect(serverMessage(new TypeError('Failed to fetch'), 'Failed to archive email')).toBe('Failed to archive email');
  });
});
