import { describeDeliveryError } from './delivery-error';
import { envelopeAddresses } from './email-sender.service';
import {
  composeForward,
  composeReply,
  forwardSubject,
  type OriginalMessage,
  quoteLines,
  REFERENCES_MAX,
  replySubject,
  threadReferences,
} from './outgoing-message';
import { formatAddresses } from './server-copy';

const original = (overrides: Partial<OriginalMessage> = {}): OriginalMessage => ({
  subject: 'Compiler notes',
  from: 'Grace Hopper <grace@navy.example>',
  to: 'Ada Lovelace <ada@example.test>',
  cc: null,
  body: 'Hi Ada,\n\nThe linker works.\n> an old quote\n\nGrace\n',
  receivedAt: new Date('2026-11-05T09:10:10Z'),
  messageId: '<b@navy.example>',
  references: ['<a@example.test>'],
  ...overrides,
});

describe('subjects', () => {
  it("prefix 'Re: ' once, whatever case or counter the existing prefix has", () => {
    expect(replySubject('Lunch')).toBe('Re: Lunch');
    expect(replySubject('Re: Lunch')).toBe('Re: Lunch');
    expect(replySubject('RE: Lunch')).toBe('RE: Lunch');
    expect(replySubject('re[2]: Lunch')).toBe('re[2]: Lunch');
    expect(replySubject('  ')).toBe('Re: ');
    expect(replySubject('Fwd: Lunch')).toBe('Re: Fwd: Lunch');
  });

  it("prefix 'Fwd: ' once, taking Fw: as a forward too", () => {
    expect(forwardSubject('Lunch')).toBe('Fwd: Lunch');
    expect(forwardSubject('Fwd: Lunch')).toBe('Fwd: Lunch');
    expect(forwardSubject('FW: Lunch')).toBe('FW: Lunch');
    expect(forwardSubject('Re: Lunch')).toBe('Fwd: Re: Lunch');
  });
});

describe('threadReferences', () => {
  it("are the original's References then its Message-ID, without repeats", () => {
    expect(threadReferences(original())).toEqual(['<a@example.test>', '<b@navy.example>']);
    expect(threadReferences(original({ references: ['<b@navy.example>'] }))).toEqual(['<b@navy.example>']);
    expect(threadReferences(original({ messageId: null, references: [] }))).toEqual([]);
  });

  it('keep the first and the newest ids of a long thread', () => {
    const references = Array.from({ length: 40 }, (_, i) => `<${i}@x>`);
    const ids = threadReferences(original({ references }));
    expect(ids).toHaveLength(REFERENCES_MAX);
    expect(ids[0]).toBe('<0@x>');
    expect(ids.at(-1)).toBe('<b@navy.example>');
    expect(ids.at(-2)).toBe('<39@x>');
  });
});

describe('composeReply', () => {
  it('puts the content, a blank line, the attribution and the quoted original', () => {
    const reply = composeReply(original(), 'Thanks!\nSee you.  \n');
    expect(reply.subject).toBe('Re: Compiler notes');
    expect(reply.text).toBe(
      'Thanks!\nSee you.\n\nOn Thu, 5 Nov 2026 at 09:10 UTC, Grace Hopper <grace@navy.example> wrote:\n> Hi Ada,\n>\n> The linker works.\n>> an old quote\n>\n> Grace\n',
    );
  });

  it('escapes the HTML alternative', () => {
    const reply = composeReply(original({ body: '<script>alert(1)</script>' }), 'a < b & c');
    expect(reply.html).toContain('a &lt; b &amp; c');
    expect(reply.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(reply.html).not.toContain('<script>');
  });

  it('cuts a very long original', () => {
    expect(quoteLines('x'.repeat(60_000)).length).toBeLessThan(51_000);
  });
});

describe('composeForward', () => {
  it('puts the content, the forwarded-message block and the original body', () => {
    const forward = composeForward(original({ cc: 'Team <team@example.test>' }), 'FYI');
    expect(forward.subject).toBe('Fwd: Compiler notes');
    expect(forward.text).toBe(
      'FYI\n\n---------- Forwarded message ---------\nFrom: Grace Hopper <grace@navy.example>\nDate: Thu, 5 Nov 2026 at 09:10 UTC\n' +
        'Subject: Compiler notes\nTo: Ada Lovelace <ada@example.test>\nCc: Team <team@example.test>\n\nHi Ada,\n\nThe linker works.\n> an old quote\n\nGrace\n',
    );
  });

  it('starts with the block when there is no content, and adds notes before it', () => {
    expect(composeForward(original(), '').text.startsWith('---------- Forwarded message ---------\n')).toBe(true);
    expect(composeForward(original(), '', ['[Attachments of the original not included: a.pdf]']).text).toMatch(
      /^\[Attachments .*\]\n\n----------/,
    );
  });
});

describe('addresses', () => {
  it('are read out of header text, groups included', () => {
    expect(
      envelopeAddresses([
        'Ann <ann@example.com>, "Doe, Jo" <jo@example.com>',
        'team: bo@example.org, cy@example.org;',
        'undisclosed-recipients:;',
      ]),
    ).toEqual(['ann@example.com', 'jo@example.com', 'bo@example.org', 'cy@example.org']);
    expect(envelopeAddresses(['no address here'])).toEqual([]);
  });

  it('are written with names quoted only when needed', () => {
    expect(
      formatAddresses([
        { name: 'Ann Lee', address: 'ann@example.com' },
        { name: 'Doe, Jo', address: 'jo@example.com' },
        { address: 'x@example.com' },
      ]),
    ).toBe('Ann Lee <ann@example.com>, "Doe, Jo" <jo@example.com>, x@example.com');
  });
});

describe('describeDeliveryError', () => {
  it('says whether the server refused the message, the sign-in, or could not be reached', () => {
    expect(describeDeliveryError({ code: 'EMESSAGE', responseCode: 554, response: '554 Delivery refused' })).toBe(
      'The mail server refused the message: 554 Delivery refused',
    );
    expect(
      describeDeliveryError({ code: 'EAUTH', responseCode: 535, response: '535 Invalid username or password' }),
    ).toBe("The mail server did not accept the account's sign-in (535 Invalid username or password)");
    expect(
      describeDeliveryError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }),
        'smtp.example.org',
      ),
    ).toBe('Could not connect to the server at smtp.example.org. Check the address and port.');
    expect(describeDeliveryError(new Error('boom'))).toBe('Sending failed: boom');
    expect(describeDeliveryError({ responseCode: 550, response: 'x'.repeat(2000) }).length).toBe(500);
  });
});
