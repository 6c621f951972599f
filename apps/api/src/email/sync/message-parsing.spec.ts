import { loadMailFixture, MAIL_FIXTURES } from '../../../test/fixtures/mail';
import { formatAddresses, parseMessage, storableText } from './message-parsing';

const raw = (headers: string, body = 'Hello.') =>
  Buffer.from(`${headers.trim().split('\n').join('\r\n')}\r\n\r\n${body}\r\n`);

describe('parseMessage', () => {
  it('reads a multipart/alternative message: text, HTML, addresses as text, threading headers', async () => {
    const parsed = await parseMessage(loadMailFixture('multipartAlternative'));
    expect(parsed).toMatchObject({
      messageId: MAIL_FIXTURES.multipartAlternative.messageId,
      subject: 'Trajectory check for Friday',
      from: 'Katherine Johnson <katherine@nasa.example>',
      to: 'ada@example.test',
      cc: 'Dorothy Vaughan <dorothy@nasa.example>',
      date: new Date(MAIL_FIXTURES.multipartAlternative.date),
      attachments: [],
      bulk: false,
    });
    expect(parsed.body).toContain(MAIL_FIXTURES.multipartAlternative.expect.text);
    expect(parsed.htmlBody).toContain(MAIL_FIXTURES.multipartAlternative.expect.html);

    const reply = await parseMessage(loadMailFixture('reply'));
    expect(reply).toMatchObject({
      inReplyTo: MAIL_FIXTURES.reply.expect.inReplyTo,
      references: MAIL_FIXTURES.reply.expect.references,
    });
  });

  it('keeps the Authentication-Results headers for the phishing check', async () => {
    const parsed = await parseMessage(
      raw(
        `From: a@example.com\nTo: b@example.com\nSubject: x\nAuthentication-Results: mx.example; dkim=fail header.d=example.com\nAuthentication-Results: mx.example; spf=pass`,
        'Hi',
      ),
    );
    expect(parsed.authenticationResults).toContain('dkim=fail');
    expect(parsed.authenticationResults).toContain('spf=pass');
    expect((await parseMessage(loadMailFixture('multipartAlternative'))).authenticationResults).toBeNull();
  });

  it('keeps attachments as metadata only', async () => {
    const parsed = await parseMessage(loadMailFixture('attachments'));
    expect(parsed.attachments).toEqual(MAIL_FIXTURES.attachments.expect.attachments);
  });

  it.each(['iso88591', 'windows1252', 'iso2022jp', 'shiftJis'] as const)(
    'decodes %s text and encoded headers',
    async (name) => {
      const parsed = await parseMessage(loadMailFixture(name));
      expect(parsed.subject).toBe(MAIL_FIXTURES[name].subject);
      expect(parsed.body).toContain(MAIL_FIXTURES[name].expect.text);
    },
  );

  it('takes the HTML’s text as the body when there is no text part', async () => {
    const parsed = await parseMessage(loadMailFixture('htmlXss'));
    expect(parsed.body).toContain(MAIL_FIXTURES.htmlXss.expect.text);
    expect(parsed.htmlBody).toContain('<script>');
  });

  it('keeps what it can of a malformed message, with no date', async () => {
    const parsed = await parseMessage(loadMailFixture('malformed'));
    expect(parsed).toMatchObject({
      messageId: null,
      subject: 'Invoice attached',
      from: 'broken-mailer@old.example',
      to: '',
      date: null,
    });
    expect(parsed.body).toContain(MAIL_FIXTURES.malformed.expect.text);
  });

  it('never throws, even on bytes that are not a message', async () => {
    const parsed = await parseMessage(Buffer.from([0, 1, 2, 0xff, 0xfe, 0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x41]));
    expect(parsed.body).not.toContain('\u0000');
  });

  it('marks list and bulk mail', async () => {
    expect((await parseMessage(raw('From: a@x.example\nList-Id: <news.x.example>\nSubject: News'))).bulk).toBe(true);
    expect(
      (await parseMessage(raw('From: a@x.example\nList-Unsubscribe: <mailto:u@x.example>\nSubject: News'))).bulk,
    ).toBe(true);
    expect((await parseMessage(raw('From: a@x.example\nPrecedence: bulk\nSubject: News'))).bulk).toBe(true);
    expect((await parseMessage(raw('From: a@x.example\nSubject: Hi'))).bulk).toBe(false);
  });

  it('ignores an unreadable Date header', async () => {
    expect((await parseMessage(raw('From: a@x.example\nDate: not a date\nSubject: Hi'))).dateOffsetMinutes).toBeNull();
    expect((await parseMessage(raw('From: a@x.example\nDate: not a date\nSubject: Hi'))).date).toBeNull();
  });
});

describe("the Date header's offset (issue 26, mail dates)", () => {
  it.each([
    ['Thu, 26 Nov 2026 09:00:00 -0500', -300],
    ['Thu, 26 Nov 2026 15:00:00 +0100 (CET)', 60],
    ['Thu, 26 Nov 2026 19:30:00 +0530', 330],
    ['Thu, 26 Nov 2026 09:00:00 EST', -300],
    ['Thu, 26 Nov 2026 14:00:00 GMT', 0],
    ['Thu, 26 Nov 2026 14:00:00 -0000', null],
  ])('Date: %s is %s minutes from UTC', async (date, offset) => {
    expect((await parseMessage(raw(`From: a@x.example\nDate: ${date}\nSubject: Hi`))).dateOffsetMinutes).toBe(offset);
  });
});

describe('formatAddresses', () => {
  it('writes names unquoted unless RFC 5322 needs quotes, and flattens groups', async () => {
    const parsed = await parseMessage(
      raw(
        'From: "Doe, Jane" <jane@x.example>\nTo: Team: ann@x.example, "Bob B" <bob@x.example>;, carl@x.example\nSubject: Hi',
      ),
    );
    expect(parsed.from).toBe('"Doe, Jane" <jane@x.example>');
    expect(parsed.to).toBe('ann@x.example, Bob B <bob@x.example>, carl@x.example');
    expect(formatAddresses(undefined)).toBe('');
  });
});

describe('storableText', () => {
  it('drops NUL and replaces unpaired surrogates, which Postgres refuses', () => {
    expect(storableText('a\u0000b\uD800c\uDC00d\uD83D\uDE00')).toBe('ab\uFFFDc\uFFFDd\uD83D\uDE00');
    expect(storableText('abcdef', 3)).toBe('abc');
  });
});

describe('List-Unsubscribe (newsletters, issue 24)', () => {
  it('keeps the https and mailto URIs, the RFC 8058 one-click flag and List-Id', async () => {
    const parsed = await parseMessage(
      raw(`From: news@list.example
To: ada@example.test
Subject: Weekly
List-Id: Weekly news <weekly.list.example>
List-Unsubscribe: <mailto:leave@list.example?subject=unsubscribe>,
 <https://list.example/u/123>
List-Unsubscribe-Post: List-Unsubscribe=One-Click`),
    );
    expect(parsed.listUnsubscribe).toEqual({
      http: 'https://list.example/u/123',
      mailto: 'mailto:leave@list.example?subject=unsubscribe',
      oneClick: true,
    });
    expect(parsed.listId).toBe('Weekly news <weekly.list.example>');
  });

  it('answers null without the header, and no one-click without List-Unsubscribe-Post', async () => {
    expect((await parseMessage(raw('From: a@example.test\nSubject: Hi'))).listUnsubscribe).toBeNull();
    const parsed = await parseMessage(raw('From: a@example.test\nList-Unsubscribe: <https://list.example/u>'));
    expect(parsed.listUnsubscribe).toEqual({ http: 'https://list.example/u', mailto: null, oneClick: false });
  });
});

describe('calendar part (meeting invitations, issue 26)', () => {
  const ics = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:m-1\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

  it('keeps the text/calendar alternative of an iMIP message, and an attached invite.ics', async () => {
    const MailComposer = (await import('nodemailer/lib/mail-composer')).default;
    const alternative = await new MailComposer({
      from: 'olga@example.com',
      to: 'ada@example.com',
      subject: 'Invitation',
      text: 'You are invited.',
      icalEvent: { method: 'REQUEST', content: ics },
    })
      .compile()
      .build();
    expect((await parseMessage(alternative)).calendar).toBe(ics);
    const attached = await new MailComposer({
      from: 'olga@example.com',
      text: 'See the file.',
      attachments: [{ filename: 'invite.ics', contentType: 'text/calendar', content: ics }],
    })
      .compile()
      .build();
    expect((await parseMessage(attached)).calendar).toBe(ics);
  });

  it('is null for a message without one', async () => {
    expect((await parseMessage(raw('From: a@example.com\r\nSubject: Hi'))).calendar).toBeNull();
  });
});
